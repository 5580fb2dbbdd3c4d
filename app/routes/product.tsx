export default function Product() {
  return (
    <main id="main" className="container-page py-10">
      Product
    </main>
  )
}

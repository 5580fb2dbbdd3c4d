export default function ProductDetail() {
  return (
    <main id="main" className="container-page py-10">
      ProductDetail
    </main>
  )
}

export default function Cart() {
  return (
    <main id="main" className="container-page py-10">
      Cart
    </main>
  )
}

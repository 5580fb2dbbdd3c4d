export default function PlaceOrder() {
  return (
    <main id="main" className="container-page py-10">
      PlaceOrder
    </main>
  )
}

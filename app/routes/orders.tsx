export default function Orders() {
  return (
    <main id="main" className="container-page py-10">
      Orders
    </main>
  )
}

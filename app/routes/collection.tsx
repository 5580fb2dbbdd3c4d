export default function Collection() {
  return (
    <main id="main" className="container-page py-10">
      Collection
    </main>
  )
}

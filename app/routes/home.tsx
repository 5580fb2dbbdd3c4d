export default function Home() {
  return (
    <main id="main" className="container-page py-10">
      Home
    </main>
  )
}

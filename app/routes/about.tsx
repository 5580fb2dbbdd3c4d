export default function About() {
  return (
    <main id="main" className="container-page py-10">
      About
    </main>
  )
}

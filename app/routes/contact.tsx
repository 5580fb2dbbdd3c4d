export default function Contact() {
  return (
    <main id="main" className="container-page py-10">
      Contact
    </main>
  )
}

export default function Signup() {
  return (
    <main id="main" className="container-page py-10">
      Signup
    </main>
  )
}

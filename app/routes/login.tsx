export default function Login() {
  return (
    <main id="main" className="container-page py-10">
      Login
    </main>
  )
}

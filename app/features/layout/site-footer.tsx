import { Link } from 'react-router'

export function SiteFooter({ store }: { store: { name: string; phone: string; email: string; address: string } }) {
  return (
    <footer className="mt-20 border-t border-line bg-sand">
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr]">
        <div>
          <p className="font-display text-2xl font-bold tracking-[0.2em]">{store.name.toUpperCase()}</p>
          <p className="mt-4 max-w-sm text-sm leading-relaxed text-muted">
            Everyday clothing for men, women and kids, made to be worn and loved. Cash on delivery across Pakistan.
          </p>
        </div>
        <div>
          <h2 className="text-sm font-semibold tracking-wider uppercase">Company</h2>
          <ul className="mt-4 space-y-2.5 text-sm text-muted">
            <li>
              <Link className="hover:text-accent" to="/">
                Home
              </Link>
            </li>
            <li>
              <Link className="hover:text-accent" to="/about">
                About Us
              </Link>
            </li>
            <li>
              <Link className="hover:text-accent" to="/about#delivery">
                Delivery
              </Link>
            </li>
            <li>
              <Link className="hover:text-accent" to="/about#privacy">
                Privacy Policy
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold tracking-wider uppercase">Get in touch</h2>
          <ul className="mt-4 space-y-2.5 text-sm text-muted">
            <li>
              <a className="hover:text-accent" href={`tel:${store.phone.replace(/\s/g, '')}`}>
                {store.phone}
              </a>
            </li>
            <li>
              <a className="hover:text-accent" href={`mailto:${store.email}`}>
                {store.email}
              </a>
            </li>
            <li>{store.address}</li>
          </ul>
        </div>
      </div>
      <div className="border-t border-line">
        <p className="container-page py-5 text-center text-xs text-muted">
          © {new Date().getFullYear()} {store.name}. All rights reserved.
        </p>
      </div>
    </footer>
  )
}

import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Link } from '#app/lib/i18n/links.tsx'
import { useLang } from '#app/lib/i18n/language.ts'
import { Kept } from '#app/lib/kept-markup.tsx'

/** The store's footer; the server keeps its markup for the language, the store and the year (docs/decisions/045). */
export function SiteFooter({ store }: { store: { name: string; phone: string; email: string; address: string } }) {
  const { t } = useTranslation()
  const lang = useLang()
  const year = new Date().getFullYear()
  const { name, phone, email, address } = store
  return (
    <Kept
      as="footer"
      cacheKey={`footer ${lang} ${year} ${JSON.stringify([name, phone, email, address])}`}
      className="mt-20 border-t border-line bg-sand"
    >
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr]">
        <div>
          <p className="font-display text-2xl font-bold tracking-[0.2em]">{store.name.toUpperCase()}</p>
          <p className="mt-4 max-w-sm text-sm leading-relaxed text-muted">{t('footer.tagline')}</p>
        </div>
        <div>
          <h2 className="text-sm font-semibold tracking-wider uppercase">{t('footer.company')}</h2>
          <ul className="mt-4 space-y-2.5 text-sm text-muted">
            <li>
              <Link className="hover:text-accent" to="/">
                {t('footer.home')}
              </Link>
            </li>
            <li>
              <Link className="hover:text-accent" to="/about">
                {t('footer.about')}
              </Link>
            </li>
            <li>
              <Link className="hover:text-accent" to="/about#delivery">
                {t('footer.delivery')}
              </Link>
            </li>
            <li>
              <Link className="hover:text-accent" to="/track">
                {t('footer.track')}
              </Link>
            </li>
            <li>
              <Link className="hover:text-accent" to="/about#privacy">
                {t('footer.privacy')}
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold tracking-wider uppercase">{t('footer.contact')}</h2>
          <ul className="mt-4 space-y-2.5 text-sm text-muted">
            <li>
              <a className="hover:text-accent" dir="ltr" href={`tel:${store.phone.replace(/\s/g, '')}`}>
                {store.phone}
              </a>
            </li>
            <li>
              <a className="hover:text-accent" dir="ltr" href={`mailto:${store.email}`}>
                {store.email}
              </a>
            </li>
            <li>{store.address}</li>
          </ul>
        </div>
      </div>
      <div className="border-t border-line">
        <p className="container-page py-5 text-center text-xs text-muted">
          {t('footer.rights', { year, store: store.name })}
        </p>
      </div>
    </Kept>
  )
}

import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Link, useActive } from '#app/lib/i18n/links.tsx'
import { useLang } from '#app/lib/i18n/language.ts'
import { Kept } from '#app/lib/kept-markup.tsx'
import { House, LayoutGrid, Phone, ShoppingBag } from '#app/components/icons.tsx'
import { useCart } from '#app/lib/cart/cart-context.tsx'

const items = [
  { to: '/', label: 'nav.home', icon: House },
  { to: '/collection', label: 'nav.collection', icon: LayoutGrid },
  { to: '/contact', label: 'nav.contact', icon: Phone },
  { to: '/cart', label: 'nav.cart', icon: ShoppingBag },
] as const

/**
 * Phones: a fixed 90 px bar with Home, Collection, Contact and Cart (spec). The server keeps
 * its markup for the language, the page marked and the cart's count (docs/decisions/045).
 */
export function BottomBar() {
  const { t } = useTranslation()
  const lang = useLang()
  const { count } = useCart()
  const isActive = useActive()
  const active = items.map(({ to }) => isActive(to, to === '/'))
  return (
    <Kept
      as="nav"
      cacheKey={`bottom-bar ${lang} ${active.indexOf(true)} ${count}`}
      aria-label={t('nav.quickLinks')}
      className="fixed inset-x-0 bottom-0 z-40 h-[90px] border-t border-line bg-white md:hidden"
    >
      <ul className="grid h-full grid-cols-4 pb-[env(safe-area-inset-bottom)]">
        {items.map(({ to, label, icon: Icon }, i) => (
          <li key={to}>
            <Link
              to={to}
              aria-current={active[i] ? 'page' : undefined}
              className={`flex h-full flex-col items-center justify-center gap-1 text-xs font-medium ${active[i] ? 'text-accent' : 'text-muted'}`}
            >
              <span className="relative">
                <Icon aria-hidden className="size-6" />
                {to === '/cart' && count > 0 && (
                  <span
                    aria-hidden
                    className="absolute -end-3 -top-2 grid min-w-5 place-items-center rounded-full bg-accent px-1 text-[11px] leading-5 font-semibold text-white"
                  >
                    {count > 99 ? '99+' : count}
                  </span>
                )}
              </span>
              {t(label)}
              {to === '/cart' && <span className="sr-only">{t('cart.items', { count })}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </Kept>
  )
}

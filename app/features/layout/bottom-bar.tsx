import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { NavLink } from '#app/lib/i18n/links.tsx'
import { House, LayoutGrid, Phone, ShoppingBag } from '#app/components/icons.tsx'
import { useCart } from '#app/lib/cart/cart-context.tsx'

/** Phones: a fixed 90 px bar with Home, Collection, Contact and Cart (spec). */
export function BottomBar() {
  const { t } = useTranslation()
  const { count } = useCart()
  const items = [
    { to: '/', label: t('nav.home'), icon: House },
    { to: '/collection', label: t('nav.collection'), icon: LayoutGrid },
    { to: '/contact', label: t('nav.contact'), icon: Phone },
    { to: '/cart', label: t('nav.cart'), icon: ShoppingBag },
  ]
  return (
    <nav
      aria-label={t('nav.quickLinks')}
      className="fixed inset-x-0 bottom-0 z-40 h-[90px] border-t border-line bg-white md:hidden"
    >
      <ul className="grid h-full grid-cols-4 pb-[env(safe-area-inset-bottom)]">
        {items.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={to === '/'}
              className={({ isActive }) =>
                `flex h-full flex-col items-center justify-center gap-1 text-xs font-medium ${isActive ? 'text-accent' : 'text-muted'}`
              }
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
              {label}
              {to === '/cart' && <span className="sr-only">{t('cart.items', { count })}</span>}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}

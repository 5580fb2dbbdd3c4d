import { NavLink } from 'react-router'
import { House, LayoutGrid, Phone, ShoppingBag } from 'lucide-react'
import { useCart } from '#app/lib/cart/cart-context.tsx'

/** Phones: a fixed 90 px bar with Home, Collection, Contact and Cart (spec). */
export function BottomBar() {
  const { count } = useCart()
  const items = [
    { to: '/', label: 'Home', icon: House },
    { to: '/collection', label: 'Collection', icon: LayoutGrid },
    { to: '/contact', label: 'Contact', icon: Phone },
    { to: '/cart', label: 'Cart', icon: ShoppingBag },
  ]
  return (
    <nav
      aria-label="Quick links"
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
                    className="absolute -top-2 -right-3 grid min-w-5 place-items-center rounded-full bg-accent px-1 text-[11px] leading-5 font-semibold text-white"
                  >
                    {count > 99 ? '99+' : count}
                  </span>
                )}
              </span>
              {label}
              {to === '/cart' && (
                <span className="sr-only">
                  , {count} {count === 1 ? 'item' : 'items'}
                </span>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}

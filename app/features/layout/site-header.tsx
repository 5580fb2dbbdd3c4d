import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { withoutLang } from '#contracts/languages.ts'
import { Form, Link, useActive } from '#app/lib/i18n/links.tsx'
import { useLang } from '#app/lib/i18n/language.ts'
import { Kept } from '#app/lib/kept-markup.tsx'
import { LanguageSwitch } from '#app/components/language-switch.tsx'
import { Heart, Search, ShoppingBag, UserRound, X } from '#app/components/icons.tsx'
import { useWishlist } from '#app/lib/wishlist/wishlist-context.tsx'
import type { User } from '#contracts/auth.ts'
import { useCart } from '#app/lib/cart/cart-context.tsx'
import { SearchBar } from '#app/features/layout/search-bar.tsx'

const links = [
  { to: '/', label: 'nav.home' },
  { to: '/collection', label: 'nav.collection' },
  { to: '/about', label: 'nav.about' },
  { to: '/contact', label: 'nav.contact' },
] as const

/**
 * The store's header. The server keeps the markup of its navigation (for the language and the
 * page marked) and of its wishlist and cart links (for the language and their counts); the
 * language switch, the search and the account menu are drawn for each page (docs/decisions/045).
 */
export function SiteHeader({ user, storeName }: { user: User | null; storeName: string }) {
  const { t } = useTranslation()
  const lang = useLang()
  const { count } = useCart()
  const wishlist = useWishlist()
  const location = useLocation()
  const isActive = useActive()
  const active = links.map(({ to }) => isActive(to, to === '/'))
  const hearts = wishlist.ids.length
  const hasQuery = new URLSearchParams(location.search).has('q')
  const [searchOpen, setSearchOpen] = useState(withoutLang(location.pathname) === '/collection' && hasQuery)

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-paper/95 backdrop-blur supports-[backdrop-filter]:bg-paper/80">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t('skipToContent')}
      </a>
      <div className="container-page flex h-[70px] items-center justify-between gap-4">
        <Link
          to="/"
          className="font-display text-2xl font-bold tracking-[0.2em] text-ink"
          aria-label={t('storeHome', { store: storeName })}
        >
          {storeName.toUpperCase()}
        </Link>
        <Kept
          as="nav"
          cacheKey={`main-nav ${lang} ${active.indexOf(true)}`}
          aria-label={t('nav.main')}
          className="hidden md:block"
        >
          <ul className="flex items-center gap-8">
            {links.map((l, i) => (
              <li key={l.to}>
                <Link
                  to={l.to}
                  aria-current={active[i] ? 'page' : undefined}
                  className={`relative py-2 text-sm font-medium tracking-wide uppercase transition-colors hover:text-accent ${
                    active[i]
                      ? 'text-ink after:absolute after:inset-x-0 after:-bottom-0.5 after:h-0.5 after:bg-accent'
                      : 'text-muted'
                  }`}
                >
                  {t(l.label)}
                </Link>
              </li>
            ))}
          </ul>
        </Kept>
        <div className="flex items-center gap-1 sm:gap-2">
          <LanguageSwitch className="me-2 hidden md:block" />
          <SearchToggle open={searchOpen} onToggle={setSearchOpen} />
          <Kept as="div" cacheKey={`header-links ${lang} ${hearts} ${count}`} className="contents">
            <Link
              to="/wishlist"
              className="relative grid size-11 place-items-center rounded-full hover:bg-sand"
              aria-label={t('wishlist.label', { count: hearts })}
            >
              <Heart aria-hidden className={`size-5 ${hearts ? 'fill-accent text-accent' : ''}`} />
            </Link>
            <Link
              to="/cart"
              className="relative grid size-11 place-items-center rounded-full hover:bg-sand"
              aria-label={t('cart.label', { count })}
            >
              <ShoppingBag aria-hidden className="size-5" />
              {count > 0 && (
                <span className="absolute end-0.5 top-1 grid min-w-5 place-items-center rounded-full bg-accent px-1 text-[11px] leading-5 font-semibold text-white">
                  {count > 99 ? '99+' : count}
                </span>
              )}
            </Link>
          </Kept>
          <UserMenu user={user} />
        </div>
      </div>
      <SearchBar open={searchOpen} onClose={() => setSearchOpen(false)} />
    </header>
  )
}

function SearchToggle({ open, onToggle }: { open: boolean; onToggle: (open: boolean) => void }) {
  const { t } = useTranslation()
  const cls = 'grid size-11 place-items-center rounded-full hover:bg-sand'
  // Spec: the search icon opens the field and goes to the collection; a close icon hides it.
  if (open) {
    return (
      <button
        type="button"
        onClick={() => onToggle(false)}
        aria-controls="site-search"
        aria-expanded
        className={cls}
        aria-label={t('search.close')}
      >
        <X aria-hidden className="size-5" />
      </button>
    )
  }
  return (
    <Link
      to="/collection"
      onClick={() => onToggle(true)}
      aria-controls="site-search"
      aria-expanded={false}
      aria-label={t('search.open')}
      className={cls}
    >
      <Search aria-hidden className="size-5" />
    </Link>
  )
}

function UserMenu({ user }: { user: User | null }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const ref = useRef<HTMLDivElement>(null)
  const location = useLocation()

  // A choice that navigates closes the menu (spec: it closes after Login, Orders or About).
  const [menuPath, setMenuPath] = useState(location.pathname)
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname)
    setOpen(false)
  }
  useEffect(() => {
    if (!open) return
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false)
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false)
    }
    document.addEventListener('mousedown', onDown)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('mousedown', onDown)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  const close = () => setOpen(false)
  const item = 'block w-full rounded-md px-3 py-2 text-start text-sm font-medium text-ink hover:bg-sand'
  const initial = user?.name.trim().charAt(0).toUpperCase()

  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-haspopup="true"
        aria-controls="user-menu"
        aria-label={user ? t('menu.accountFor', { name: user.name }) : t('menu.account')}
        className="grid size-11 place-items-center rounded-full hover:bg-sand"
      >
        {initial ? (
          <span className="grid size-8 place-items-center rounded-full bg-ink text-sm font-semibold text-white">
            {initial}
          </span>
        ) : (
          <UserRound aria-hidden className="size-5" />
        )}
      </button>
      {open && (
        <div
          id="user-menu"
          className="absolute end-0 top-full z-50 mt-2 flex min-h-[150px] w-[220px] flex-col justify-center gap-0.5 rounded-xl border border-line bg-white p-2 shadow-xl"
        >
          {user ? (
            <>
              <Link to="/account" onClick={close} className={item}>
                {t('menu.myAccount')}
              </Link>
              <Form method="post" action="/logout">
                <button type="submit" className={item}>
                  {t('menu.logout')}
                </button>
              </Form>
            </>
          ) : (
            <Link to="/login" onClick={close} className={item}>
              {t('menu.login')}
            </Link>
          )}
          <Link to="/order" onClick={close} className={item}>
            {t('menu.orders')}
          </Link>
          <Link to="/about" onClick={close} className={item}>
            {t('menu.about')}
          </Link>
          <LanguageSwitch className="mt-1 border-t border-line px-2 pt-1" />
        </div>
      )}
    </div>
  )
}

import { useEffect } from 'react'
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/root'
import { appContext } from '#app/lib/app-context.server.ts'
import { useStopReplayQueue } from '#app/lib/replay.ts'
import { CartProvider } from '#app/lib/cart/cart-context.tsx'
import { WishlistProvider } from '#app/lib/wishlist/wishlist-context.tsx'
import { Toaster } from '#app/components/toaster.tsx'
import { StatusBoundary } from '#app/components/status-boundary.tsx'
import displayFont from '@fontsource-variable/outfit/files/outfit-latin-wght-normal.woff2?url'
import urduFont from '#app/fonts/noto-nastaliq-urdu-urdu-400.woff2?url'
import { direction, langOfPath } from '#contracts/languages.ts'
import { useLang } from '#app/lib/i18n/language.ts'
import { pageCartLines } from '#app/lib/cart/page-cart-lines.server.ts'
import './app.css'

/**
 * A page that failed because the database is out of reach is rendered again with
 * `outage` set: it answers 503 here, before any loader runs (docs/decisions/013).
 */
export const middleware: Route.MiddlewareFunction[] = [
  ({ context }) => {
    if (context.get(appContext).outage) throw data(null, { status: 503 })
  },
]

export async function loader({ context, request }: Route.LoaderArgs) {
  const { user, nonce, services } = context.get(appContext)
  const { store, google, publicUrl } = services.config
  // A signed-in shopper's cart and hearts, read side by side.
  const [cart, wishlist] = user
    ? await Promise.all([
        services.cart.get(user._id, pageCartLines(context, user._id)),
        services.wishlist.ids(user._id),
      ])
    : [null, null]
  return {
    user,
    nonce,
    cart,
    wishlist,
    store,
    // RETURN_DAYS: every policy text says it (docs/decisions/036).
    returnDays: services.orders.returnDays(),
    googleClientId: google.clientId ?? null,
    origin: publicUrl?.replace(/\/$/, '') ?? new URL(request.url).origin,
  }
}

export function links(): Route.LinkDescriptors {
  return [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }]
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useRouteLoaderData<typeof loader>('root')?.nonce
  const lang = useLang()
  return (
    <html lang={lang} dir={direction(lang)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#faf8f5" />
        {/* One face preloaded per language (docs/decisions/022). English: the display face, so a
            good connection has it for the first paint; with 'font-display: optional' (app.css) a
            slow one keeps the fallback, never swapping late. Urdu: the Nastaliq face, at low
            priority so its 116 KB do not share a slow line with the page's largest picture ahead
            of it; Latin text there is prices and codes, drawn in whatever face is at hand. */}
        {lang === 'en' && <link rel="preload" href={displayFont} as="font" type="font/woff2" crossOrigin="anonymous" />}
        {lang === 'ur' && (
          <link rel="preload" href={urduFont} as="font" type="font/woff2" crossOrigin="anonymous" fetchPriority="low" />
        )}
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App({ loaderData }: Route.ComponentProps) {
  useStopReplayQueue()
  // The browser holds the messages of the language it loaded. A navigation that reaches a
  // page of the other language (the console, always English, from an Urdu page) loads that
  // page's document instead, so no page is ever drawn in the wrong language.
  const { pathname } = useLocation()
  const lang = useLang()
  useEffect(() => {
    if (langOfPath(pathname) !== lang) window.location.reload()
  }, [pathname, lang])
  return (
    <Toaster>
      <CartProvider user={loaderData.user} serverCart={loaderData.cart}>
        <WishlistProvider user={loaderData.user} serverIds={loaderData.wishlist}>
          <Outlet />
        </WishlistProvider>
      </CartProvider>
    </Toaster>
  )
}

/** The store's error page for every route without a boundary of its own. */
export function ErrorBoundary() {
  return <StatusBoundary />
}

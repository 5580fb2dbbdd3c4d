import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/root'
import { appContext } from '#app/lib/app-context.server.ts'
import { useStopReplayQueue } from '#app/lib/replay.ts'
import { CartProvider } from '#app/lib/cart/cart-context.tsx'
import { Toaster } from '#app/components/toaster.tsx'
import { StatusBoundary } from '#app/components/status-boundary.tsx'
import displayFont from '@fontsource-variable/outfit/files/outfit-latin-wght-normal.woff2?url'
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
  return {
    user,
    nonce,
    cart: user ? await services.cart.get(user._id) : null,
    store,
    googleClientId: google.clientId ?? null,
    origin: publicUrl?.replace(/\/$/, '') ?? new URL(request.url).origin,
  }
}

export function links(): Route.LinkDescriptors {
  return [
    { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
    // Preloaded so a good connection has the display face for the first paint; with
    // 'font-display: optional' (app.css) a slow one keeps the fallback, never swapping late.
    { rel: 'preload', href: displayFont, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  ]
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useRouteLoaderData<typeof loader>('root')?.nonce
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#faf8f5" />
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
  return (
    <Toaster>
      <CartProvider user={loaderData.user} serverCart={loaderData.cart}>
        <Outlet />
      </CartProvider>
    </Toaster>
  )
}

/** The store's error page for every route without a boundary of its own. */
export function ErrorBoundary() {
  return <StatusBoundary />
}

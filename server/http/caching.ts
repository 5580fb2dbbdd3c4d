import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from '#server/http/env.ts'
import { withoutLang } from '#contracts/languages.ts'

// What a shared cache (a CDN, a company proxy) may keep (docs/decisions/016). A page rendered for
// a session, or one whose address carries a token, is someone's own: `private, no-store` keeps
// it out of every cache, the browser's too. Every page says `Vary: Cookie`, since the header
// and the cart badge are drawn for whoever sends the cookie. Public catalog pages for guests
// keep the caching they had (none set by the store).

export const PRIVATE = 'private, no-store'

/** Pages that are someone's own whoever asks: accounts, orders, the cart, checkout, the console and the email links. */
const PRIVATE_PAGES = [
  /^\/account$/,
  /^\/order(\/[^/]+)?$/,
  /^\/order-link$/,
  /^\/review$/,
  // An order found by its number and phone (/track?order=…&phone=…) is that shopper's.
  /^\/track$/,
  /^\/cart$/,
  /^\/placeorder$/,
  /^\/admin(\/.*)?$/,
  /^\/reset-password$/,
  /^\/verify-email$/,
  /^\/newsletter\/(confirm|unsubscribe)$/,
]

/**
 * The page a path names, as React Router matches it: any case, no trailing slash, no `.data`
 * suffix, and in either language (/ur/cart is the cart: docs/decisions/022).
 */
export function pagePath(path: string): string {
  const p = path
    .toLowerCase()
    .replace(/\.data$/, '')
    .replace(/\/+$/, '')
  return p === '' || p === '/_root' ? '/' : withoutLang(p)
}

export function isPrivatePage(path: string): boolean {
  const page = pagePath(path)
  return PRIVATE_PAGES.some((re) => re.test(page))
}

/** True when a page's answer belongs to one visitor and must not be stored. */
function isPersonalPage(c: Context<AppEnv>, res: Response): boolean {
  return (
    c.get('user') !== null ||
    c.get('sessionToken') !== undefined ||
    isPrivatePage(c.req.path) ||
    new URL(c.req.url).searchParams.has('token') ||
    res.headers.has('set-cookie')
  )
}

/** Sets a page answer's caching headers (server/pages.ts, after React Router answered). */
export function pageCaching(c: Context<AppEnv>, res: Response): void {
  if (!/(^|,)\s*cookie\s*(,|$)/i.test(res.headers.get('vary') ?? '')) res.headers.append('Vary', 'Cookie')
  if (isPersonalPage(c, res)) res.headers.set('Cache-Control', PRIVATE)
}

/**
 * The API's answers: `no-store` unless a route says otherwise (the public catalog's lists),
 * `private, no-store` for the console's and for every answer given to a session.
 */
export function apiCaching(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const console = /^\/api\/admin(\/|$)/i.test(c.req.path)
    c.header('Cache-Control', console ? PRIVATE : 'no-store')
    await next()
    const personal = c.get('user') !== null || c.res.headers.has('set-cookie')
    if (!console && personal && c.res.headers.get('cache-control') === 'no-store') c.header('Cache-Control', PRIVATE)
  }
}

import type { Context, MiddlewareHandler } from 'hono'
import type { User } from '#contracts/auth.ts'
import { AppError, databaseUnavailable } from '#server/http/errors.ts'
import { isDatabaseUnavailable } from '#server/db/unavailable.ts'
import type { AppEnv } from '#server/http/env.ts'
import { readSessionCookie } from '#server/auth/cookies.ts'

/** Resolves the session cookie to its user (or null) for the routes and pages after it. */
export function loadSession(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = readSessionCookie(c)
    c.set('sessionToken', token)
    try {
      const session = await c.get('services').auth.sessionFor(token, { console: isConsoleRequest(c.req.path) })
      c.set('user', session?.user ?? null)
      c.set('twoFactorEnrolled', session?.twoFactor ?? false)
    } catch (err) {
      // The database is out of reach: the catalog is still served (as to a guest);
      // what needs the account answers 503 (docs/decisions/013).
      if (!isDatabaseUnavailable(err)) throw err
      c.set('user', null)
      c.set('sessionUnavailable', true)
    }
    await next()
  }
}

/**
 * The console's pages (and their data requests, /admin.data, /admin/orders.data) and its
 * API: what keeps an admin's session from ending as idle (docs/decisions/019).
 */
export function isConsoleRequest(path: string): boolean {
  return /^\/(api\/)?admin(\/|\.data$|$)/.test(path)
}

export function requireUser(c: Context<AppEnv>): User {
  const user = c.get('user')
  if (!user && c.get('sessionUnavailable')) throw databaseUnavailable()
  if (!user) throw new AppError(401, 'Please log in to continue')
  return user
}

/** docs/spec/rulings.md #25: the console is the store's; a guest is asked to sign in, a customer is refused. */
export function requireAdmin(c: Context<AppEnv>): User {
  const user = requireUser(c)
  if (user.role !== 'admin') throw new AppError(403, "This is for the store's admins only")
  return user
}

/** The console's API for setting up two-factor sign-in: open to an admin who has not yet. */
export const TWO_FACTOR_API = '/api/admin/two-factor'

export const TWO_FACTOR_REQUIRED_MESSAGE =
  "This store requires two-factor sign-in for its admins. Set it up on the console's Security page (/admin/security) first."

/**
 * The one guard in front of every /api/admin/ call. With ADMIN_TWO_FACTOR=required, an
 * admin who has not set up two-factor sign-in reaches only its setup (docs/decisions/015).
 */
export function adminOnly(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    requireAdmin(c)
    const setup = c.req.path === TWO_FACTOR_API || c.req.path.startsWith(`${TWO_FACTOR_API}/`)
    if (c.get('services').config.adminTwoFactor === 'required' && !c.get('twoFactorEnrolled') && !setup) {
      throw new AppError(403, TWO_FACTOR_REQUIRED_MESSAGE)
    }
    await next()
  }
}

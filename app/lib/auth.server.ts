import { data, redirect, type RouterContextProvider } from 'react-router'
import type { User } from '#contracts/auth.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { notFound } from '#app/lib/service-result.server.ts'
import { loginPath } from '#app/lib/redirects.ts'

/**
 * Protected pages (docs/spec/store-spec.md §2): guests go to /login and come back afterwards.
 * Pass the loader's `url`: on client navigations `request.url` is the data request
 * ('/cart.data?_routes=…'), which is no page to come back to.
 */
export function requireUser(context: Readonly<RouterContextProvider>, from: URL | Request): User {
  const { user, sessionUnavailable } = context.get(appContext)
  // The session could not be read (database out of reach): not a guest, so no sign-in page.
  if (!user && sessionUnavailable) throw data(null, { status: 503 })
  if (!user) throw redirect(loginPath(from instanceof URL ? from : pageUrl(from)))
  return user
}

/** The page a request is for, without React Router's data-request details. */
function pageUrl(request: Request): URL {
  const url = new URL(request.url)
  url.pathname = url.pathname.replace(/\/_\.data$/, '/').replace(/\.data$/, '')
  url.searchParams.delete('_routes')
  return url
}

/**
 * The console (docs/spec/rulings.md #25): guests go to /login and come back; to anyone
 * signed in who is not an admin the console does not exist (the store's 404 page).
 */
export function requireAdmin(context: Readonly<RouterContextProvider>, from: URL | Request): User {
  const user = requireUser(context, from)
  if (user.role !== 'admin') notFound()
  // ADMIN_TWO_FACTOR=required: until the admin has set up two-factor sign-in, every
  // console page leads to its setup (docs/decisions/015).
  const { services, twoFactorEnrolled } = context.get(appContext)
  const path = (from instanceof URL ? from : pageUrl(from)).pathname.replace(/\/$/, '')
  if (services.config.adminTwoFactor === 'required' && !twoFactorEnrolled && path !== SECURITY_PAGE) {
    throw redirect(SECURITY_PAGE)
  }
  return user
}

/** The console's Security page: two-factor sign-in. */
export const SECURITY_PAGE = '/admin/security'

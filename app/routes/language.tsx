import { redirect } from 'react-router'
import type { Route } from './+types/language'
import { appContext } from '#app/lib/app-context.server.ts'
import { safeRedirect } from '#app/lib/redirects.ts'
import { langOfPath } from '#contracts/languages.ts'

/** The page to go to: `to`, when it is one of the store's own addresses, else the home page. */
function target(to: FormDataEntryValue | null, origin: string): string {
  return safeRedirect(typeof to === 'string' ? to : null, origin, '/', { authPages: true })
}

/**
 * The language switch posts here (`to=/ur/collection`): the choice is kept in a cookie (and
 * on the account, for its emails) and the page opens in that language. A plain form post, so
 * it works before the app's scripts run, and a write that another site cannot make for a
 * shopper (a POST passes the same-origin check; a GET changes nothing). The page's own
 * language comes from its path, never from the cookie; the cookie only decides where '/'
 * leads a returning visitor (docs/decisions/022).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { sessionCookies, services, user } = context.get(appContext)
  const origin = new URL(request.url).origin
  const to = target((await request.formData()).get('to'), origin)
  const lang = langOfPath(new URL(to, origin).pathname)
  // A signed-in shopper's emails follow the choice too (docs/decisions/024).
  if (user) await services.auth.setLanguage(user._id, lang)
  return redirect(to, {
    status: 303,
    headers: { 'Set-Cookie': sessionCookies.language(lang), 'Cache-Control': 'private, no-store' },
  })
}

/** An old link to the switch opens its page and changes nothing. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  return redirect(target(url.searchParams.get('to'), url.origin), {
    headers: { 'Cache-Control': 'private, no-store' },
  })
}

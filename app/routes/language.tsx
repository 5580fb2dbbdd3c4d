import { redirect } from 'react-router'
import type { Route } from './+types/language'
import { appContext } from '#app/lib/app-context.server.ts'
import { safeRedirect } from '#app/lib/redirects.ts'
import { langOfPath } from '#contracts/languages.ts'

/**
 * The language switch's target: /language?to=/ur/collection keeps the choice in a cookie
 * (and on the account, for its emails) and goes to the page in that language. The page's
 * own language comes from its path, never from the cookie; the cookie only decides where
 * '/' leads a returning visitor (docs/decisions/022).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { sessionCookies, services, user } = context.get(appContext)
  const url = new URL(request.url)
  const to = safeRedirect(url.searchParams.get('to'), url.origin, '/', { authPages: true })
  const lang = langOfPath(new URL(to, url.origin).pathname)
  // A signed-in shopper's emails follow the choice too (docs/decisions/024).
  if (user) await services.auth.setLanguage(user._id, lang)
  return redirect(to, {
    headers: { 'Set-Cookie': sessionCookies.language(lang), 'Cache-Control': 'private, no-store' },
  })
}

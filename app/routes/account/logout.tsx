import { redirectIn } from '#app/lib/i18n/language.ts'
import type { Route } from './+types/logout'
import { appContext } from '#app/lib/app-context.server.ts'

/** Logout deletes the session everywhere and goes to /login (docs/spec/store-spec.md §2, docs/spec/rulings.md #5-6). */
export async function action({ context, request }: Route.ActionArgs) {
  const { services, sessionToken, sessionCookies } = context.get(appContext)
  await services.auth.logout(sessionToken)
  return redirectIn(request, '/login', { headers: { 'Set-Cookie': sessionCookies.clear() } })
}

export function loader({ request }: Route.LoaderArgs) {
  return redirectIn(request, '/')
}

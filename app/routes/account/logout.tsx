import { redirect } from 'react-router'
import type { Route } from './+types/logout'
import { appContext } from '#app/lib/app-context.server.ts'

/** Logout deletes the session everywhere and goes to /login (docs/spec/store-spec.md §2, docs/spec/rulings.md #5-6). */
export async function action({ context }: Route.ActionArgs) {
  const { services, sessionToken, sessionCookies } = context.get(appContext)
  await services.auth.logout(sessionToken)
  return redirect('/login', { headers: { 'Set-Cookie': sessionCookies.clear() } })
}

export function loader() {
  return redirect('/')
}

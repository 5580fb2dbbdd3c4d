import { redirect } from 'react-router'
import type { Route } from './+types/logout'
import { appContext } from '#app/lib/app-context.ts'

/** Logout deletes the session everywhere and goes to /login (spec section 2, DECISIONS 5-6). */
export async function action({ context }: Route.ActionArgs) {
  const { services, sessionToken, sessionCookies } = context.get(appContext)
  await services.auth.logout(sessionToken)
  return redirect('/login', { headers: { 'Set-Cookie': sessionCookies.clear() } })
}

export function loader() {
  return redirect('/')
}

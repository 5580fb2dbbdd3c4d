import { redirect, type RouterContextProvider } from 'react-router'
import type { User } from '#contracts/auth.ts'
import { appContext } from '#app/lib/app-context.ts'
import { loginPath } from '#app/lib/redirects.ts'

/** Protected pages (spec section 2): guests go to /login and come back afterwards. */
export function requireUser(context: Readonly<RouterContextProvider>, request: Request): User {
  const { user } = context.get(appContext)
  if (!user) throw redirect(loginPath(new URL(request.url)))
  return user
}

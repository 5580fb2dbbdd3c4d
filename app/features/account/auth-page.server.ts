import { redirect, type RouterContextProvider } from 'react-router'
import type { Services } from '#server/services.ts'
import type { Showcase } from '#app/features/account/auth-layout.tsx'
import { appContext } from '#app/lib/app-context.server.ts'
import { backFromAuthPage } from '#app/lib/redirects.ts'

/** Three pieces for the brand panel of login and registration: best sellers first. */
export async function showcase(catalog: Services['catalog']): Promise<Showcase> {
  const best = await catalog.bestSellers(3)
  // Too few best sellers: the newest pieces fill the panel.
  const more = best.length < 3 ? (await catalog.latest(6)).filter((p) => !best.some((b) => b._id === p._id)) : []
  return [...best, ...more].slice(0, 3).map(({ _id, image1 }) => ({ _id, image1 }))
}

/**
 * The loader of login and registration. docs/spec/store-spec.md §2: a signed-in visitor goes back
 * where they came from, or home.
 */
export async function authPageData(context: Readonly<RouterContextProvider>, url: URL, request: Request) {
  const { user, services } = context.get(appContext)
  if (user) throw redirect(backFromAuthPage(url, request.headers.get('referer')))
  return { showcase: await showcase(services.catalog), googleSignIn: services.config.google.clientId !== undefined }
}

import type { Services } from '#server/services.ts'
import type { Showcase } from '#app/features/account/auth-layout.tsx'

/** Three pieces for the brand panel of login and registration: best sellers first. */
export async function showcase(catalog: Services['catalog']): Promise<Showcase> {
  const products = await catalog.list()
  const picks = [...products.filter((p) => p.bestSeller), ...products.filter((p) => !p.bestSeller)].slice(0, 3)
  return picks.map(({ _id, image1 }) => ({ _id, image1 }))
}

import type { Lang } from '#contracts/languages.ts'

interface Named {
  name: string
  nameUr?: string | null
  description?: string
  descriptionUr?: string | null
}

/**
 * A product as an Urdu page shows it: its Urdu name and description where the owner wrote
 * them, its English ones where not (docs/decisions/022 and 023). Loaders apply it, so every
 * card, heading and alt text below them shows the page's language.
 */
export function inLanguage<T extends Named>(lang: Lang, product: T): T {
  if (lang !== 'ur') return product
  return {
    ...product,
    name: product.nameUr || product.name,
    ...(product.description !== undefined ? { description: product.descriptionUr || product.description } : {}),
  }
}

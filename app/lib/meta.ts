import type { MetaDescriptor } from 'react-router'

interface PageMeta {
  title: string
  description: string
  /** Absolute or root-relative image for link previews. */
  image?: string
  /** The store's origin, from the root loader, to make URLs absolute. */
  origin?: string
  path?: string
  type?: 'website' | 'product'
}

/** Title, description and Open Graph tags for a public page (docs/spec/rulings.md #19). */
export function pageMeta({
  title,
  description,
  image,
  origin = '',
  path,
  type = 'website',
}: PageMeta): MetaDescriptor[] {
  const abs = (u: string) => (u.startsWith('http') ? u : `${origin}${u}`)
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: type },
    { property: 'og:site_name', content: 'Kapra' },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
  ]
  if (path !== undefined) {
    tags.push({ property: 'og:url', content: abs(path) }, { tagName: 'link', rel: 'canonical', href: abs(path) })
  }
  if (image) tags.push({ property: 'og:image', content: abs(image) })
  return tags
}

/** A shopper's own page (cart, checkout, orders): titled, but nothing for search engines. */
export function privatePageMeta(page: Pick<PageMeta, 'title' | 'description' | 'origin'>): MetaDescriptor[] {
  return [...pageMeta(page), { name: 'robots', content: 'noindex' }]
}

/** The root loader's origin, for meta functions. */
export function rootOrigin(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): string {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { origin?: string } | undefined
  return root?.origin ?? ''
}

import type { MetaDescriptor } from 'react-router'
import { LANGUAGES, localePath, type Lang } from '#contracts/languages.ts'

interface PageMeta {
  title: string
  description: string
  /** Absolute or root-relative image for link previews. */
  image?: string
  /** The store's origin, from the root loader, to make URLs absolute. */
  origin?: string
  /** The page's address, in any language: the canonical URL is its twin in `lang`. */
  path?: string
  /** The page's language (docs/decisions/022); English when not given. */
  lang?: Lang
  type?: 'website' | 'product'
}

/** Title, description and Open Graph tags for a public page (docs/spec/rulings.md #19). */
export function pageMeta({
  title,
  description,
  image,
  origin = '',
  path,
  lang = 'en',
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
    { property: 'og:locale', content: lang === 'ur' ? 'ur_PK' : 'en_PK' },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
  ]
  if (path !== undefined) {
    const own = abs(localePath(lang, path))
    tags.push({ property: 'og:url', content: own }, { tagName: 'link', rel: 'canonical', href: own })
    // Each page names its twin in the other language; English answers anyone else.
    for (const l of LANGUAGES) {
      tags.push({ tagName: 'link', rel: 'alternate', hrefLang: l, href: abs(localePath(l, path)) })
    }
    tags.push({ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: abs(localePath('en', path)) })
  }
  if (image) tags.push({ property: 'og:image', content: abs(image) })
  return tags
}

/** A shopper's own page (cart, checkout, orders): titled, but nothing for search engines. */
export function privatePageMeta(page: Pick<PageMeta, 'title' | 'description' | 'origin' | 'lang'>): MetaDescriptor[] {
  return [...pageMeta(page), { name: 'robots', content: 'noindex' }]
}

/** The root loader's origin, for meta functions. */
export function rootOrigin(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): string {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { origin?: string } | undefined
  return root?.origin ?? ''
}

// The store's two languages (docs/decisions/022). English is at the spec's own paths;
// Urdu is the same page under /ur, so a path names its language and nothing in the spec moves.

export const LANGUAGES = ['en', 'ur'] as const
export type Lang = (typeof LANGUAGES)[number]

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/** The cookie that keeps the language a visitor chose with the switch. */
export const LANGUAGE_COOKIE = 'kapra_lang'

/** The URL prefix of a language's pages: '' for English, '/ur' for Urdu. */
const PREFIX: Record<Lang, string> = { en: '', ur: '/ur' }

/** Writing direction, for `<html dir>` and anything drawn by hand. */
export const direction = (lang: Lang): 'ltr' | 'rtl' => (lang === 'ur' ? 'rtl' : 'ltr')

/** The BCP 47 locale numbers and dates are formatted in (both with Latin digits: docs/decisions/022). */
export const locale = (lang: Lang): string => (lang === 'ur' ? 'ur-PK' : 'en-PK')

/** The language a path is in: '/ur' and everything under '/ur/' is Urdu. */
export function langOfPath(pathname: string): Lang {
  return pathname === '/ur' || pathname.startsWith('/ur/') ? 'ur' : 'en'
}

/** A path without its language prefix: '/ur/collection' is '/collection', '/ur' is '/'. */
export function withoutLang(pathname: string): string {
  if (langOfPath(pathname) === 'en') return pathname
  return pathname.slice(PREFIX.ur.length) || '/'
}

/**
 * A root-relative address in a language: localePath('ur', '/collection?q=kurta') is
 * '/ur/collection?q=kurta', and '/' in Urdu is '/ur'. An address already in a language is
 * moved to this one; anything that is not root-relative (a full URL, '#main', '?page=2')
 * is left as it is.
 */
export function localePath(lang: Lang, to: string): string {
  if (!to.startsWith('/') || to.startsWith('//')) return to
  const cut = to.search(/[?#]/)
  const path = cut === -1 ? to : to.slice(0, cut)
  const rest = cut === -1 ? '' : to.slice(cut)
  const bare = withoutLang(path)
  if (lang === 'en') return bare + rest
  return (bare === '/' ? PREFIX.ur : PREFIX.ur + bare) + rest
}

/**
 * The store's language an Accept-Language header puts first, if it names one of them:
 * 'ur-PK,ur;q=0.9,en;q=0.8' is Urdu; 'en-GB,ur;q=0.5' is English; 'fr' is neither.
 */
export function preferredLang(header: string | null): Lang | undefined {
  let best: { lang: Lang; q: number } | undefined
  for (const part of (header ?? '').split(',')) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';')
    const lang = tag.split('-')[0]
    if (!isLang(lang)) continue
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const q = qParam ? Number(qParam.slice(2)) : 1
    if (Number.isFinite(q) && q > 0 && (!best || q > best.q)) best = { lang, q }
  }
  return best?.lang
}

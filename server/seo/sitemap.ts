import { LANGUAGES, localePath } from '#contracts/languages.ts'

// The sitemap's XML (sitemaps.org 0.9): an index of files, each of at most 50,000
// addresses, every address naming its twin in the other language (docs/decisions/022).

/** Products a sitemap file lists: each is two addresses (English and Urdu), 50,000 in all. */
export const PRODUCTS_PER_SITEMAP = 25_000

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!)

/** W3C date-time in UTC, as sitemaps want it. */
const w3cDate = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')

export const URLSET_START =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n'
export const URLSET_END = '</urlset>\n'

/** A page's two addresses, each an <url> naming both and English as the default. */
export function pageUrls(origin: string, path: string, lastModified?: number): string {
  const alternates =
    LANGUAGES.map(
      (l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${escapeXml(origin + localePath(l, path))}"/>`,
    ).join('') + `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(origin + path)}"/>`
  const lastmod = lastModified === undefined ? '' : `<lastmod>${w3cDate(lastModified)}</lastmod>`
  return LANGUAGES.map(
    (l) => `<url><loc>${escapeXml(origin + localePath(l, path))}</loc>${lastmod}${alternates}</url>\n`,
  ).join('')
}

/** The index of the sitemap files. */
export function sitemapIndex(origin: string, files: string[]): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    files.map((f) => `<sitemap><loc>${escapeXml(origin + f)}</loc></sitemap>\n`).join('') +
    '</sitemapindex>\n'
  )
}

/** What crawlers may read: not the console, an account's pages, the cart, checkout or an order. */
export function robotsTxt(origin: string): string {
  const personal = ['/admin', '/account', '/cart', '/placeorder', '/order', '/track', '/login', '/signup']
  const paths = [...personal, ...personal.filter((p) => p !== '/admin').map((p) => `/ur${p}`)]
  return ['User-agent: *', ...paths.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n')
}

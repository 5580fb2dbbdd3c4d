import { Hono } from 'hono'
import { categories } from '#contracts/catalog.ts'
import { AppError } from '#server/http/errors.ts'
import type { AppEnv } from '#server/http/env.ts'
import {
  PRODUCTS_PER_SITEMAP,
  URLSET_END,
  URLSET_START,
  pageUrls,
  robotsTxt,
  sitemapIndex,
} from '#server/seo/sitemap.ts'

// /robots.txt and /sitemap.xml for search engines: every public page and product on sale,
// in both languages, the products' files streamed from the database a batch at a time.

const CACHE = 'public, max-age=3600'

/** Public pages other than products, as their English addresses. */
const pages = ['/', '/collection', ...categories.map((c) => `/collection?category=${c}`), '/about', '/contact']

export const seoRoutes = new Hono<AppEnv>()
  .get('/robots.txt', (c) =>
    c.text(robotsTxt(origin(c.get('services').config.publicUrl, c.req.url)), 200, { 'Cache-Control': CACHE }),
  )
  .get('/sitemap.xml', async (c) => {
    const files = Math.max(1, Math.ceil((await c.get('services').catalog.listedCount()) / PRODUCTS_PER_SITEMAP))
    const names = ['/sitemaps/pages.xml', ...Array.from({ length: files }, (_, i) => `/sitemaps/products-${i + 1}.xml`)]
    return c.body(sitemapIndex(origin(c.get('services').config.publicUrl, c.req.url), names), 200, xml)
  })
  .get('/sitemaps/pages.xml', (c) => {
    const base = origin(c.get('services').config.publicUrl, c.req.url)
    return c.body(URLSET_START + pages.map((p) => pageUrls(base, p)).join('') + URLSET_END, 200, xml)
  })
  .get('/sitemaps/:file{products-[1-9][0-9]{0,5}\\.xml}', async (c) => {
    const n = Number(/\d+/.exec(c.req.param('file'))![0])
    const { catalog, config } = c.get('services')
    const skip = (n - 1) * PRODUCTS_PER_SITEMAP
    if (n > 1 && skip >= (await catalog.listedCount())) throw new AppError(404, 'Not found')
    const base = origin(config.publicUrl, c.req.url)
    const batches = catalog.listed(skip, PRODUCTS_PER_SITEMAP)
    const encoder = new TextEncoder()
    let started = false
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!started) {
          started = true
          controller.enqueue(encoder.encode(URLSET_START))
          return
        }
        const next = await batches.next()
        if (next.done) {
          controller.enqueue(encoder.encode(URLSET_END))
          controller.close()
          return
        }
        const urls = next.value.map((p) => pageUrls(base, `/productdetail/${encodeURIComponent(p.id)}`, p.updatedAt))
        controller.enqueue(encoder.encode(urls.join('')))
      },
      async cancel() {
        await batches.return(undefined)
      },
    })
    return c.body(body, 200, xml)
  })

const xml = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': CACHE }

/** The store's origin for absolute addresses: PUBLIC_URL, else the request's (as the pages' canonical links). */
function origin(publicUrl: string | undefined, requestUrl: string): string {
  return publicUrl?.replace(/\/+$/, '') ?? new URL(requestUrl).origin
}

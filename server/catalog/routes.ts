import fs from 'node:fs'
import { Readable } from 'node:stream'
import { Hono } from 'hono'
import { productQueryInput, productQuerySchema, suggestQuerySchema } from '#contracts/product-query.ts'
import { AppError, parseWith } from '#server/http/errors.ts'
import type { AppEnv } from '#server/http/env.ts'
import type { ProductListFile } from '#server/catalog/product-list.ts'
import { isDatabaseUnavailable } from '#server/db/unavailable.ts'

const listTag = (stamp: string) => `W/"catalog-${stamp}"`
const notModified = (header: string | undefined, etag: string) =>
  !!header && header.split(',').some((t) => t.trim() === etag)

export const productRoutes = new Hono<AppEnv>()
  /**
   * docs/spec/store-spec.md §8: every product, for clients written against the spec.
   * Served from files written once per catalog change (server/catalog/product-list.ts),
   * gzipped when the client accepts it, behind an ETag that moves with the catalog, so
   * a client that has it gets 304. While the database is down, the last list is served.
   */
  .get('/list', async (c) => {
    const { catalog, productLists } = c.get('services')
    const known = c.req.header('if-none-match')
    const tagged = (stamp: string) => {
      c.header('Cache-Control', 'public, max-age=60')
      c.header('ETag', listTag(stamp))
      c.header('Vary', 'Accept-Encoding')
      return notModified(known, listTag(stamp))
    }
    let file: ProductListFile
    try {
      const stamp = await catalog.stamp()
      if (tagged(stamp)) return c.body(null, 304)
      file = await productLists.ready(stamp)
    } catch (err) {
      const last = productLists.last()
      if (!isDatabaseUnavailable(err) || !last) throw err
      file = last
    }
    if (tagged(file.stamp)) return c.body(null, 304)
    c.header('Content-Type', 'application/json; charset=utf-8')
    const gzip = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '')
    if (gzip) c.header('Content-Encoding', 'gzip')
    c.header('Content-Length', String(gzip ? file.gzipBytes : file.jsonBytes))
    if (c.req.method === 'HEAD') return c.body(null)
    const body = fs.createReadStream(gzip ? file.gzip : file.json)
    return c.body(Readable.toWeb(body) as ReadableStream<Uint8Array>)
  })
  /** Names for what the shopper is typing in the header's search (at most 6). */
  .get('/suggest', async (c) => {
    const { q } = parseWith(suggestQuerySchema, { q: c.req.query('q') })
    const items = await c.get('services').catalog.suggest(q, 6)
    c.header('Cache-Control', 'public, max-age=30')
    return c.json({ items })
  })
  .get('/:id', async (c) => {
    const product = await c.get('services').catalog.get(c.req.param('id'))
    if (!product) throw new AppError(404, 'Product not found')
    return c.json(product)
  })

/**
 * GET /api/products: the collection for API clients, a page at a time with the total
 * and each filter's counts (README, "The API").
 */
export const productsRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const url = new URL(c.req.url)
  const { limit, ...filters } = parseWith(productQuerySchema, productQueryInput(url.searchParams))
  const page = await c.get('services').catalog.browse(filters, limit)
  return c.json(page)
})

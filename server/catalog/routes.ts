import { Hono } from 'hono'
import { stream } from 'hono/streaming'
import { productQueryInput, productQuerySchema } from '#contracts/catalog-filters.ts'
import { AppError, parseWith } from '#server/http/errors.ts'
import type { AppEnv } from '#server/http/env.ts'

/** Products a piece of the streamed list: about 25 KB of JSON. */
const LIST_PIECE = 25

export const productRoutes = new Hono<AppEnv>()
  /**
   * docs/spec/store-spec.md §8: every product, for clients written against the spec.
   * Written a batch at a time from the database (the process never holds the whole
   * list), behind an ETag that moves with the catalog, so a client that has it gets 304.
   */
  .get('/list', async (c) => {
    const { catalog } = c.var.services
    const etag = `W/"catalog-${await catalog.stamp()}"`
    c.header('Cache-Control', 'public, max-age=60')
    c.header('ETag', etag)
    const known = c.req.header('if-none-match')
    if (known && known.split(',').some((t) => t.trim() === etag)) return c.body(null, 304)
    c.header('Content-Type', 'application/json; charset=utf-8')
    return stream(
      c,
      async (out) => {
        let first = true
        await out.write('[')
        for await (const batch of catalog.all()) {
          // Written in small pieces: a string over about 128 KB goes straight to V8's
          // old generation and stays until a full collection, which a list of 100,000
          // products would otherwise fill with hundreds of megabytes of spent batches.
          for (let i = 0; i < batch.length; i += LIST_PIECE) {
            if (out.aborted) return
            const json = JSON.stringify(batch.slice(i, i + LIST_PIECE)).slice(1, -1)
            await out.write((first ? '' : ',') + json)
            first = false
          }
        }
        await out.write(']')
      },
      (err) => {
        // Headers are gone: the client sees a cut-off body, the log sees why.
        c.var.services.logger.error('product list stream failed', { err: err.message, requestId: c.var.requestId })
        return Promise.resolve()
      },
    )
  })
  /** Names for what the shopper is typing in the header's search (at most 6). */
  .get('/suggest', async (c) => {
    const q = c.req.query('q') ?? ''
    if (q.length > 100) throw new AppError(400, 'q must be at most 100 characters', { fields: { q: 'Too long' } })
    const items = await c.var.services.catalog.suggest(q, 6)
    c.header('Cache-Control', 'public, max-age=30')
    return c.json({ items })
  })
  .get('/:id', async (c) => {
    const product = await c.var.services.catalog.get(c.req.param('id'))
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
  const page = await c.var.services.catalog.browse(filters, limit)
  return c.json(page)
})

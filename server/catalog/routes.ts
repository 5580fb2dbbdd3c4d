import { Hono } from 'hono'
import { AppError } from '#server/http/errors.ts'
import type { AppEnv } from '#server/http/env.ts'

export const productRoutes = new Hono<AppEnv>()
  .get('/list', async (c) => {
    const products = await c.var.services.catalog.list()
    c.header('Cache-Control', 'public, max-age=60')
    return c.json(products)
  })
  .get('/:id', async (c) => {
    const product = await c.var.services.catalog.get(c.req.param('id'))
    if (!product) throw new AppError(404, 'Product not found')
    return c.json(product)
  })

import { Hono } from 'hono'
import { cartAddSchema, cartMergeSchema, cartUpdateSchema } from '#contracts/cart.ts'
import { cartDiscountSchema } from '#contracts/discounts.ts'
import { parseWith } from '#server/http/errors.ts'
import { readJson } from '#server/http/middleware.ts'
import type { AppEnv } from '#server/http/env.ts'
import { requireUser } from '#server/auth/session.ts'

export const cartRoutes = new Hono<AppEnv>()
  .post('/get', async (c) => {
    const user = requireUser(c)
    return c.json(await c.get('services').cart.get(user._id))
  })
  .post('/add', async (c) => {
    const user = requireUser(c)
    const input = parseWith(cartAddSchema, await readJson(c.req))
    return c.json(await c.get('services').cart.add(user._id, input))
  })
  .post('/update', async (c) => {
    const user = requireUser(c)
    const input = parseWith(cartUpdateSchema, await readJson(c.req))
    return c.json(await c.get('services').cart.update(user._id, input))
  })
  .post('/merge', async (c) => {
    const user = requireUser(c)
    const input = parseWith(cartMergeSchema, await readJson(c.req))
    return c.json(await c.get('services').cart.merge(user._id, input.cart))
  })
  /**
   * A discount code against the shopper's cart (docs/decisions/026): { code, subtotal,
   * discount, delivery, total }, or 422 saying why it is refused. Nothing is claimed.
   */
  .post('/discount', async (c) => {
    const user = requireUser(c)
    const { code } = parseWith(cartDiscountSchema, await readJson(c.req))
    return c.json(await c.get('services').orders.discountForCart(user._id, code))
  })

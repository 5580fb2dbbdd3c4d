import { Hono } from 'hono'
import { orderActionSchema, placeOrderSchema } from '#contracts/orders.ts'
import { parseWith } from '#server/http/errors.ts'
import { readJson } from '#server/http/middleware.ts'
import type { AppEnv } from '#server/http/env.ts'
import { requireUser } from '#server/auth/session.ts'

export const orderRoutes = new Hono<AppEnv>()
  .post('/placeorder', async (c) => {
    const user = requireUser(c)
    const input = parseWith(placeOrderSchema, await readJson(c.req))
    const order = await c.var.services.orders.place(user._id, input)
    return c.json({ message: 'Order placed', order }, 201)
  })
  .post('/userorder', async (c) => {
    const user = requireUser(c)
    return c.json(await c.var.services.orders.list(user._id))
  })
  /** The shopper confirms their order placed by cash on delivery (docs/spec/rulings.md #15). */
  .post('/confirm', async (c) => {
    const user = requireUser(c)
    const { orderId } = parseWith(orderActionSchema, await readJson(c.req))
    const order = await c.var.services.orders.confirm(user._id, orderId)
    return c.json({ message: 'Order confirmed', order })
  })
  /** The shopper cancels while the order is Order Placed or Confirmed. */
  .post('/cancel', async (c) => {
    const user = requireUser(c)
    const { orderId } = parseWith(orderActionSchema, await readJson(c.req))
    const order = await c.var.services.orders.cancel(user._id, orderId)
    return c.json({ message: 'Order cancelled', order })
  })

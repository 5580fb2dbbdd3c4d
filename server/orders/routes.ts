import { Hono } from 'hono'
import { placeOrderSchema } from '#contracts/orders.ts'
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

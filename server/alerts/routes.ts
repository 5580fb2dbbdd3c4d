import { Hono } from 'hono'
import { stockAlertSchema } from '#contracts/alerts.ts'
import { parseWith } from '#server/http/errors.ts'
import { readJson } from '#server/http/middleware.ts'
import type { AppEnv } from '#server/http/env.ts'
import { requireUser } from '#server/auth/session.ts'

/** Back-in-stock requests (signed-in only): each answers the sizes of the product still awaited. */
export const alertRoutes = new Hono<AppEnv>()
  .post('/', async (c) => {
    const user = requireUser(c)
    const { itemId, size } = parseWith(stockAlertSchema, await readJson(c.req))
    return c.json({ sizes: await c.get('services').alerts.request(user._id, itemId, size) })
  })
  .post('/cancel', async (c) => {
    const user = requireUser(c)
    const { itemId, size } = parseWith(stockAlertSchema, await readJson(c.req))
    return c.json({ sizes: await c.get('services').alerts.cancel(user._id, itemId, size) })
  })

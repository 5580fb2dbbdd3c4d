import { Hono } from 'hono'
import { idempotencyKeySchema, orderActionSchema, orderLinkSchema, placeOrderSchema } from '#contracts/orders.ts'
import { trackQuerySchema } from '#contracts/track.ts'
import { REQUEST_PHOTOS_MAX, requestInputSchema } from '#contracts/requests.ts'
import { photoForm } from '#server/http/photo-form.ts'
import { parseWith } from '#server/http/errors.ts'
import { readJson } from '#server/http/middleware.ts'
import type { AppEnv } from '#server/http/env.ts'
import { requireUser } from '#server/auth/session.ts'

export const orderRoutes = new Hono<AppEnv>()
  /**
   * With an Idempotency-Key, a retry gets the first answer again (marked
   * Idempotent-Replayed) and the key with another order is refused 422 (docs/decisions/013).
   * Placements are limited an hour per account and per client address, and to
   * OPEN_ORDERS_PER_CUSTOMER awaiting confirmation (429; docs/decisions/017).
   */
  .post('/placeorder', async (c) => {
    const user = requireUser(c)
    const sentKey = c.req.header('idempotency-key')
    const key = sentKey === undefined ? undefined : parseWith(idempotencyKeySchema, sentKey)
    const input = parseWith(placeOrderSchema, await readJson(c.req))
    const { orders } = c.get('services')
    const client = c.get('clientAddress')
    if (key === undefined)
      return c.json({ message: 'Order placed', order: await orders.place(user._id, input, undefined, client) }, 201)
    const { order, replayed } = await orders.placeOnce(user._id, input, key, client)
    if (replayed) c.header('Idempotent-Replayed', 'true')
    return c.json({ message: 'Order placed', order }, 201)
  })
  .post('/userorder', async (c) => {
    const user = requireUser(c)
    return c.json(await c.get('services').orders.list(user._id))
  })
  /** The shopper confirms their order placed by cash on delivery (docs/spec/rulings.md #15). */
  .post('/confirm', async (c) => {
    const user = requireUser(c)
    const { orderId } = parseWith(orderActionSchema, await readJson(c.req))
    const order = await c.get('services').orders.confirm(user._id, orderId)
    return c.json({ message: 'Order confirmed', order })
  })
  /**
   * An exchange or return of pieces of the shopper's Delivered order, within RETURN_DAYS
   * (JSON, or multipart with the same fields in `request` and photos in photo1..photo3;
   * docs/decisions/036). 409 while the order has a request open or approved.
   */
  .post('/request', async (c) => {
    const user = requireUser(c)
    const { input, photos } = await photoForm(c, 'request', REQUEST_PHOTOS_MAX)
    const request = await c.get('services').orders.ask(user._id, parseWith(requestInputSchema, input), photos)
    return c.json({ message: 'Your request is sent: the store will answer by email', request }, 201)
  })
  /** The shopper cancels while the order is Order Placed or Confirmed. */
  .post('/cancel', async (c) => {
    const user = requireUser(c)
    const { orderId } = parseWith(orderActionSchema, await readJson(c.req))
    const order = await c.get('services').orders.cancel(user._id, orderId)
    return c.json({ message: 'Order cancelled', order })
  })
  /**
   * An order by its number and the phone it was placed with, without signing in (the /track
   * page's question): its status, timeline and tracking link, never who or where. 404 for a
   * wrong pair, whichever half; 429 past TRACK_LIMIT_PER_IP wrong pairs an hour.
   */
  .get('/track', async (c) => {
    const query = parseWith(trackQuerySchema, { order: c.req.query('order'), phone: c.req.query('phone') })
    return c.json(await c.get('services').orders.track(query, c.get('clientAddress')))
  })
  /** What a confirm or cancel link from the order email would do; changes nothing. No sign-in: the link is the key. */
  .get('/link', async (c) => {
    const { token } = parseWith(orderLinkSchema, { token: c.req.query('token') })
    const link = await c.get('services').orders.readLink(token)
    return c.json(link)
  })
  /** Does what the link says, once (docs/decisions/011). */
  .post('/link', async (c) => {
    const { token } = parseWith(orderLinkSchema, await readJson(c.req))
    const { action, order } = await c.get('services').orders.actByLink(token)
    return c.json({ message: action === 'confirm' ? 'Order confirmed' : 'Order cancelled', order })
  })

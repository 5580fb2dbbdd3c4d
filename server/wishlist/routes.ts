import { Hono } from 'hono'
import { wishlistEmailsSchema, wishlistMergeSchema, wishlistToggleSchema } from '#contracts/wishlist.ts'
import { parseWith } from '#server/http/errors.ts'
import { readJson } from '#server/http/middleware.ts'
import type { AppEnv } from '#server/http/env.ts'
import { requireUser } from '#server/auth/session.ts'

/** The signed-in shopper's wishlist. */
export const wishlistRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const user = requireUser(c)
    return c.json(await c.get('services').wishlist.get(user._id))
  })
  .post('/', async (c) => {
    const user = requireUser(c)
    const { productId, on } = parseWith(wishlistToggleSchema, await readJson(c.req))
    return c.json({ ids: await c.get('services').wishlist.set(user._id, productId, on) })
  })
  .post('/merge', async (c) => {
    const user = requireUser(c)
    const { productIds } = parseWith(wishlistMergeSchema, await readJson(c.req))
    return c.json({ ids: await c.get('services').wishlist.merge(user._id, productIds) })
  })
  .post('/emails', async (c) => {
    const user = requireUser(c)
    const { on } = parseWith(wishlistEmailsSchema, await readJson(c.req))
    return c.json({ emails: await c.get('services').wishlist.setEmails(user._id, on) })
  })

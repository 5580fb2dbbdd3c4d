import { Hono } from 'hono'
import { subscribeSchema } from '#contracts/newsletter.ts'
import { parseWith } from '#server/http/errors.ts'
import { readJson } from '#server/http/middleware.ts'
import type { AppEnv } from '#server/http/env.ts'

export const newsletterRoutes = new Hono<AppEnv>().post('/subscribe', async (c) => {
  const input = parseWith(subscribeSchema, await readJson(c.req))
  await c.var.services.newsletter.subscribe(input.email)
  return c.json({ message: 'Thank you for subscribing!' })
})

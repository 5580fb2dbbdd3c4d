import { Hono } from 'hono'
import { NEWSLETTER_THANKS, newsletterLinkSchema, subscribeSchema } from '#contracts/newsletter.ts'
import { parseWith } from '#server/http/errors.ts'
import { readJson } from '#server/http/middleware.ts'
import type { AppEnv } from '#server/http/env.ts'

export const newsletterRoutes = new Hono<AppEnv>()
  .post('/subscribe', async (c) => {
    const input = parseWith(subscribeSchema, await readJson(c.req))
    await c.get('services').newsletter.subscribe(input.email, c.get('clientAddress'))
    return c.json({ message: NEWSLETTER_THANKS })
  })
  /** The double opt-in email's link (docs/decisions/011). */
  .post('/confirm', async (c) => {
    const { token } = parseWith(newsletterLinkSchema, await readJson(c.req))
    const { code } = await c.get('services').newsletter.confirm(token)
    return c.json({ message: 'Your subscription is confirmed', code })
  })
  .post('/unsubscribe', async (c) => {
    const { token } = parseWith(newsletterLinkSchema, await readJson(c.req))
    await c.get('services').newsletter.unsubscribe(token)
    return c.json({ message: 'You are unsubscribed' })
  })

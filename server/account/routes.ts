import { Hono } from 'hono'
import { changePasswordSchema, deleteAccountSchema, savedAddressInputSchema } from '#contracts/account.ts'
import { AppError, parseWith } from '#server/http/errors.ts'
import { readJson } from '#server/http/middleware.ts'
import type { AppEnv } from '#server/http/env.ts'
import { clearSessionCookie } from '#server/auth/cookies.ts'
import { requireUser } from '#server/auth/session.ts'

/** The shopper's account under /api/user/ (the Account page's actions, for API clients). */
export const accountRoutes = new Hono<AppEnv>()
  .get('/account', async (c) => {
    const user = requireUser(c)
    const account = await c.get('services').auth.account(user._id)
    if (!account) throw new AppError(401, 'Please log in to continue')
    return c.json(account)
  })
  .post('/password', async (c) => {
    const user = requireUser(c)
    const input = parseWith(changePasswordSchema, await readJson(c.req))
    await c.get('services').auth.changePassword(user._id, input, c.get('sessionToken'), c.get('clientAddress'))
    return c.json({ message: 'Your password is changed. You are signed out everywhere else.' })
  })
  .post('/logout-everywhere', async (c) => {
    const user = requireUser(c)
    const ended = await c.get('services').auth.endAllSessions(user._id)
    clearSessionCookie(c)
    return c.json({ message: 'Signed out on every device', sessions: ended })
  })
  .post('/delete', async (c) => {
    const user = requireUser(c)
    const input = parseWith(deleteAccountSchema, await readJson(c.req))
    await c.get('services').account.deleteAccount(user._id, input, c.get('clientAddress'))
    clearSessionCookie(c)
    return c.json({ message: 'Your account is deleted' })
  })
  .get('/addresses', async (c) => {
    const user = requireUser(c)
    return c.json({ addresses: await c.get('services').account.addresses(user._id) })
  })
  .post('/addresses', async (c) => {
    const user = requireUser(c)
    const input = parseWith(savedAddressInputSchema, await readJson(c.req))
    const address = await c.get('services').account.addAddress(user._id, input)
    return c.json({ message: 'Address saved', address }, 201)
  })
  .get('/addresses/:id', async (c) => {
    const user = requireUser(c)
    return c.json({ address: await c.get('services').account.address(user._id, c.req.param('id')) })
  })
  .put('/addresses/:id', async (c) => {
    const user = requireUser(c)
    const input = parseWith(savedAddressInputSchema, await readJson(c.req))
    const address = await c.get('services').account.updateAddress(user._id, c.req.param('id'), input)
    return c.json({ message: 'Address saved', address })
  })
  .post('/addresses/:id/default', async (c) => {
    const user = requireUser(c)
    const address = await c.get('services').account.setDefaultAddress(user._id, c.req.param('id'))
    return c.json({ message: 'Default address changed', address })
  })
  .delete('/addresses/:id', async (c) => {
    const user = requireUser(c)
    await c.get('services').account.deleteAddress(user._id, c.req.param('id'))
    return c.json({ message: 'Address deleted' })
  })

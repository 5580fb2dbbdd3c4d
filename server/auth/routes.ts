import { Hono, type Context } from 'hono'
import { googleLoginSchema, loginSchema, registrationSchema } from '#contracts/auth.ts'
import { AppError, parseWith } from '#server/http/errors.ts'
import { readJson } from '#server/http/middleware.ts'
import type { AppEnv } from '#server/http/env.ts'
import { clearSessionCookie, writeSessionCookie } from '#server/auth/cookies.ts'
import { requireUser } from '#server/auth/session.ts'

export const authRoutes = new Hono<AppEnv>()
  .post('/registration', async (c) => {
    const input = parseWith(registrationSchema, await readJson(c.req))
    const user = await c.var.services.auth.register(input, c.var.clientAddress)
    return c.json({ message: 'Account created. Please log in.', user }, 201)
  })
  .post('/login', async (c) => {
    const input = parseWith(loginSchema, await readJson(c.req))
    const session = await c.var.services.auth.login(input, c.var.clientAddress, c.var.sessionToken)
    writeSessionCookie(c, session.token, session.expiresAt)
    return c.json({ message: 'Logged in', user: session.user })
  })
  .post('/googlelogin', async (c) => {
    if (!c.var.services.config.google.clientId) throw new AppError(503, 'Google sign-in is not configured')
    // Only `credential` survives the schema: a posted name or email is never read (docs/spec/rulings.md #7).
    const { credential } = parseWith(googleLoginSchema, await readJson(c.req))
    const session = await c.var.services.auth.googleLogin(credential, c.var.clientAddress, c.var.sessionToken)
    writeSessionCookie(c, session.token, session.expiresAt)
    return c.json({ message: 'Logged in', user: session.user })
  })
  /** Public: what the storefront needs to offer Google sign-in (null hides it). */
  .get('/config', (c) => {
    const body: { googleClientId: string | null } = { googleClientId: c.var.services.config.google.clientId ?? null }
    return c.json(body)
  })
  .post('/logout', logout)
  .get('/logout', logout)

async function logout(c: Context<AppEnv>) {
  await c.var.services.auth.logout(c.var.sessionToken)
  clearSessionCookie(c)
  return c.json({ message: 'Logged out' })
}

// Clients of stores built on this spec call it with GET and with POST: both answer.
export const userRoutes = new Hono<AppEnv>().on(['GET', 'POST'], '/getcurrentuser', (c) => {
  const user = requireUser(c)
  return c.json(user)
})

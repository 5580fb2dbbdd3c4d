import { Hono, type Context } from 'hono'
import {
  FORGOT_PASSWORD_ANSWER,
  forgotPasswordSchema,
  googleLoginSchema,
  loginSchema,
  registrationSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from '#contracts/auth.ts'
import { AppError, parseWith } from '#server/http/errors.ts'
import { readJson } from '#server/http/middleware.ts'
import type { AppEnv } from '#server/http/env.ts'
import { clearSessionCookie, writeSessionCookie } from '#server/auth/cookies.ts'
import { requireUser } from '#server/auth/session.ts'

export const authRoutes = new Hono<AppEnv>()
  .post('/registration', async (c) => {
    const input = parseWith(registrationSchema, await readJson(c.req))
    const user = await c.get('services').auth.register(input, c.get('clientAddress'))
    return c.json({ message: 'Account created. Please log in.', user }, 201)
  })
  /**
   * An account with two-factor sign-in answers a correct password without `code` with
   * 401 { twoFactorRequired: true, message }; the same call with `code` signs in
   * (docs/decisions/015).
   */
  .post('/login', async (c) => {
    const input = parseWith(loginSchema, await readJson(c.req))
    const result = await c.get('services').auth.login(input, c.get('clientAddress'), c.get('sessionToken'))
    if ('twoFactorRequired' in result) return c.json({ twoFactorRequired: true, message: result.message }, 401)
    writeSessionCookie(c, result.token, result.expiresAt)
    return c.json({ message: 'Logged in', user: result.user })
  })
  .post('/googlelogin', async (c) => {
    if (!c.get('services').config.google.clientId) throw new AppError(503, 'Google sign-in is not configured')
    // Only `credential` survives the schema: a posted name or email is never read (docs/spec/rulings.md #7).
    const { credential } = parseWith(googleLoginSchema, await readJson(c.req))
    const session = await c.get('services').auth.googleLogin(credential, c.get('clientAddress'), c.get('sessionToken'))
    writeSessionCookie(c, session.token, session.expiresAt)
    return c.json({ message: 'Logged in', user: session.user })
  })
  /** Public: what the storefront needs to offer Google sign-in (null hides it). */
  .get('/config', (c) => {
    const body: { googleClientId: string | null } = { googleClientId: c.get('services').config.google.clientId ?? null }
    return c.json(body)
  })
  /** The same answer whether or not the address has an account (docs/decisions/011). */
  .post('/forgot-password', async (c) => {
    const { email } = parseWith(forgotPasswordSchema, await readJson(c.req))
    await c.get('services').auth.forgotPassword(email, c.get('clientAddress'))
    return c.json({ message: FORGOT_PASSWORD_ANSWER })
  })
  /** A new password from a reset link: every other session ends and this client is signed in (without two-factor sign-in). */
  .post('/reset-password', async (c) => {
    const input = parseWith(resetPasswordSchema, await readJson(c.req))
    const result = await c.get('services').auth.resetPassword(input, c.get('sessionToken'))
    // Two-factor sign-in: the password is changed, the sign-in still asks for the code.
    if ('twoFactorRequired' in result) return c.json({ twoFactorRequired: true, message: result.message })
    writeSessionCookie(c, result.token, result.expiresAt)
    return c.json({ message: 'Your password is changed and you are logged in', user: result.user })
  })
  .post('/verify-email', async (c) => {
    const { token } = parseWith(verifyEmailSchema, await readJson(c.req))
    const user = await c.get('services').auth.verifyEmail(token)
    return c.json({ message: 'Your email address is verified', user })
  })
  /** Signed in: the verification link again. */
  .post('/verify-email/resend', async (c) => {
    const user = requireUser(c)
    await c.get('services').auth.resendVerification(user._id)
    return c.json({ message: `We have sent a new verification link to ${user.email}` })
  })
  .post('/logout', logout)
  .get('/logout', logout)

async function logout(c: Context<AppEnv>) {
  await c.get('services').auth.logout(c.get('sessionToken'))
  clearSessionCookie(c)
  return c.json({ message: 'Logged out' })
}

// Clients of stores built on this spec call it with GET and with POST: both answer.
export const userRoutes = new Hono<AppEnv>().on(['GET', 'POST'], '/getcurrentuser', (c) => {
  const user = requireUser(c)
  return c.json(user)
})

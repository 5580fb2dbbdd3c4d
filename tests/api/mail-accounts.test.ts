import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { FORGOT_PASSWORD_ANSWER } from '#contracts/auth.ts'
import { databases, signedInClient, useMailStore } from '#tests/api/harness.ts'
import { newAccount } from '#tests/support/factories.ts'
import { recipientOf } from '#tests/support/smtp-server.ts'

// docs/decisions/011: "Forgot password?" (an answer that never tells whether an
// address has an account, a random token stored hashed, used once within the hour,
// ending every other session, limited per address and per client) and the welcome
// email's verification link; on each database, read from a real SMTP server.

const PUBLIC_URL = 'https://shop.example'
const HOUR = 60 * 60_000

let addresses = 0
const nextAddress = () => `10.27.0.${++addresses}`

describe.each(databases)('password reset and email verification (%s)', (kind) => {
  let time = Date.now()
  const now = () => time
  const s = useMailStore(kind, {
    now,
    env: { PUBLIC_URL, STORE_NAME: 'Kapra Test', PASSWORD_RESET_LIMIT_PER_EMAIL: '5' },
    clearOutbox: true,
  })

  const db = () => s.store.connection.db

  /** The message sent to `to` with this subject, and the token of its link labelled `label`. */
  async function linkFrom(to: string, subject: RegExp, label: string) {
    const message = (await s.deliver()).find((m) => subject.test(m.subject ?? '') && recipientOf(m) === to)
    if (!message) throw new Error(`no "${String(subject)}" email to ${to}`)
    const url = new RegExp(`${label}: (\\S+)`).exec(message.text ?? '')?.[1]
    if (!url) throw new Error(`no "${label}" link`)
    return { message, url, token: new URL(url).searchParams.get('token')! }
  }

  async function requestReset(email: string, address = nextAddress()) {
    return s.store.client(address).post('/api/auth/forgot-password', { email })
  }

  describe('forgot password', () => {
    it('answers the same, with the same status, whether or not the address has an account; mails only the account', async () => {
      const { account } = await signedInClient(s.store, nextAddress())
      await db().deleteFrom('mail_outbox').execute()
      const known = await requestReset(account.email.toUpperCase())
      const unknown = await requestReset(`nobody-${Date.now()}@example.com`)
      expect(known.status).toBe(200)
      expect(unknown.status).toBe(200)
      const [a, b] = [await known.text(), await unknown.text()]
      expect(a).toBe(b)
      expect(JSON.parse(a)).toEqual({ message: FORGOT_PASSWORD_ANSWER })
      expect(known.headers.get('set-cookie')).toBeNull()
      const rows = await db().selectFrom('mail_outbox').select(['kind', 'to_address']).execute()
      expect(rows).toEqual([{ kind: 'password-reset', to_address: account.email }])
    })

    it('checks the address like registration does', async () => {
      const res = await requestReset('not-an-address')
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ message: 'Enter a valid email address' })
    })

    it('stores only the token’s hash, sends a link that works once, ends every other session and signs this client in', async () => {
      const { client: elsewhere, account, user } = await signedInClient(s.store, nextAddress())
      expect((await requestReset(account.email)).status).toBe(200)
      const { message, url, token } = await linkFrom(
        account.email,
        /Reset your Kapra Test password/,
        'Choose a new password',
      )
      expect(url.startsWith(`${PUBLIC_URL}/reset-password?token=`)).toBe(true)
      expect(message.html).toContain('Choose a new password')
      expect(message.text).toContain('works once, for one hour')

      const stored = await db().selectFrom('password_resets').selectAll().where('user_id', '=', user._id).execute()
      expect(stored).toHaveLength(1)
      expect(stored[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'))
      expect(stored[0]!.expires_at).toBe(time + HOUR)
      expect(JSON.stringify(stored)).not.toContain(token)

      const client = s.store.client(nextAddress())
      const res = await client.post('/api/auth/reset-password', { token, password: 'a brand new secret' })
      expect(res.status).toBe(200)
      expect(await res.json()).toMatchObject({ user: { _id: user._id, emailVerified: true } })
      expect((await client.get('/api/user/getcurrentuser')).status).toBe(200)
      // Every other session is over; the old password is over too.
      expect((await elsewhere.get('/api/user/getcurrentuser')).status).toBe(401)
      const old = await s.store
        .client(nextAddress())
        .post('/api/auth/login', { email: account.email, password: account.password })
      expect(old.status).toBe(401)
      const fresh = await s.store
        .client(nextAddress())
        .post('/api/auth/login', { email: account.email, password: 'a brand new secret' })
      expect(fresh.status).toBe(200)

      const again = await s.store
        .client(nextAddress())
        .post('/api/auth/reset-password', { token, password: 'another new secret' })
      expect(again.status).toBe(400)
      expect(((await again.json()) as { message: string }).message).toMatch(/already used/)
      expect((await s.store.services.auth.checkResetToken(token)).ok).toBe(false)
    })

    it('refuses a link after its hour and changes nothing', async () => {
      const { account } = await signedInClient(s.store, nextAddress())
      await requestReset(account.email)
      const { token } = await linkFrom(account.email, /Reset your/, 'Choose a new password')
      expect(await s.store.services.auth.checkResetToken(token)).toEqual({ ok: true })
      time += HOUR
      try {
        const res = await s.store
          .client(nextAddress())
          .post('/api/auth/reset-password', { token, password: 'a brand new secret' })
        expect(res.status).toBe(400)
        expect(((await res.json()) as { message: string }).message).toMatch(/expired/)
        const login = await s.store
          .client(nextAddress())
          .post('/api/auth/login', { email: account.email, password: account.password })
        expect(login.status).toBe(200)
      } finally {
        time -= HOUR
      }
    })

    it('refuses a token that was tampered with, and a weak password without spending the link', async () => {
      const { account } = await signedInClient(s.store, nextAddress())
      await requestReset(account.email)
      const { token } = await linkFrom(account.email, /Reset your/, 'Choose a new password')
      const client = s.store.client(nextAddress())
      for (const bad of [`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, `${token}x`, 'x']) {
        const res = await client.post('/api/auth/reset-password', { token: bad, password: 'a brand new secret' })
        expect(res.status).toBe(400)
        expect(((await res.json()) as { message: string }).message).toMatch(/not valid/)
      }
      const weak = await client.post('/api/auth/reset-password', { token, password: 'password' })
      expect(weak.status).toBe(400)
      expect(await weak.json()).toMatchObject({ fields: { password: 'Password is too common, choose another' } })
      expect((await client.post('/api/auth/reset-password', { token, password: 'a brand new secret' })).status).toBe(
        200,
      )
    })

    it('ends the other links sent to the account once one is used', async () => {
      const { account } = await signedInClient(s.store, nextAddress())
      await requestReset(account.email)
      const first = await linkFrom(account.email, /Reset your/, 'Choose a new password')
      s.smtp.received.length = 0
      await requestReset(account.email)
      const second = await linkFrom(account.email, /Reset your/, 'Choose a new password')
      expect(second.token).not.toBe(first.token)
      const client = s.store.client(nextAddress())
      expect(
        (await client.post('/api/auth/reset-password', { token: second.token, password: 'a brand new secret' })).status,
      ).toBe(200)
      expect(
        (await client.post('/api/auth/reset-password', { token: first.token, password: 'another secret' })).status,
      ).toBe(400)
    })

    it('limits requests per address, the same for an address without an account, and per client', async () => {
      const { account } = await signedInClient(s.store, nextAddress())
      const unknown = `nobody-limit-${Date.now()}@example.com`
      for (const email of [account.email, unknown]) {
        for (let i = 0; i < 5; i++) expect((await requestReset(email)).status).toBe(200)
        const limited = await requestReset(email)
        expect(limited.status).toBe(429)
        expect(limited.headers.get('retry-after')).toBeTruthy()
      }
      expect(
        await db()
          .selectFrom('mail_outbox')
          .select('kind')
          .where('to_address', '=', account.email)
          .where('kind', '=', 'password-reset')
          .execute(),
      ).toHaveLength(5)

      const client = nextAddress()
      for (let i = 0; i < 20; i++)
        expect((await requestReset(`per-client-${i}-${Date.now()}@example.com`, client)).status).toBe(200)
      expect((await requestReset(`per-client-last-${Date.now()}@example.com`, client)).status).toBe(429)
      // An hour later the address may ask again.
      time += HOUR
      try {
        expect((await requestReset(account.email)).status).toBe(200)
      } finally {
        time -= HOUR
      }
    })
  })

  describe('email verification', () => {
    it('welcomes a new account with a link that verifies its address; it can shop before', async () => {
      const { client, account, user } = await signedInClient(s.store, nextAddress())
      expect(await (await client.get('/api/user/getcurrentuser')).json()).toMatchObject({ emailVerified: false })
      const { message, url, token } = await linkFrom(account.email, /Welcome to Kapra Test/, 'Verify my email')
      expect(url.startsWith(`${PUBLIC_URL}/verify-email?token=`)).toBe(true)
      expect(message.html).toContain('Verify my email')
      expect(message.html).not.toMatch(/<script|<img|src=/i)

      const res = await s.store.client(nextAddress()).post('/api/auth/verify-email', { token })
      expect(res.status).toBe(200)
      expect(await res.json()).toMatchObject({ user: { _id: user._id, emailVerified: true } })
      expect(await (await client.get('/api/user/getcurrentuser')).json()).toMatchObject({ emailVerified: true })
      // Opening the link again is harmless.
      expect((await s.store.client(nextAddress()).post('/api/auth/verify-email', { token })).status).toBe(200)
    })

    it('refuses a verification link tampered with or past its week', async () => {
      const { client, account } = await signedInClient(s.store, nextAddress())
      const { token } = await linkFrom(account.email, /Welcome/, 'Verify my email')
      const [id, body, signature] = token.split('.') as [string, string, string]
      const other = await signedInClient(s.store, nextAddress())
      const parts = JSON.parse(Buffer.from(body, 'base64url').toString()) as unknown[]
      parts[1] = other.user._id
      const forged = `${id}.${Buffer.from(JSON.stringify(parts)).toString('base64url')}.${signature}`
      for (const bad of [forged, `${id}.${body}.${signature.slice(1)}`, 'x']) {
        const res = await s.store.client(nextAddress()).post('/api/auth/verify-email', { token: bad })
        expect(res.status).toBe(400)
        expect(((await res.json()) as { message: string }).message).toMatch(/not valid/)
      }
      time += 7 * 24 * HOUR
      try {
        const res = await s.store.client(nextAddress()).post('/api/auth/verify-email', { token })
        expect(res.status).toBe(400)
        expect(((await res.json()) as { message: string }).message).toMatch(/expired/)
      } finally {
        time -= 7 * 24 * HOUR
      }
      expect(await (await client.get('/api/user/getcurrentuser')).json()).toMatchObject({ emailVerified: false })
      expect(await (await other.client.get('/api/user/getcurrentuser')).json()).toMatchObject({ emailVerified: false })
    })

    it('sends the link again on request, to a signed-in, unverified account only', async () => {
      expect((await s.store.client(nextAddress()).post('/api/auth/verify-email/resend')).status).toBe(401)
      const { client, account } = await signedInClient(s.store, nextAddress())
      await s.deliver()
      s.smtp.received.length = 0
      const res = await client.post('/api/auth/verify-email/resend')
      expect(res.status).toBe(200)
      const { token } = await linkFrom(account.email, /Verify your email for Kapra Test/, 'Verify my email')
      expect((await client.post('/api/auth/verify-email', { token })).status).toBe(200)
      const done = await client.post('/api/auth/verify-email/resend')
      expect(done.status).toBe(409)
    })

    it('limits resending to three an hour', async () => {
      const { client } = await signedInClient(s.store, nextAddress())
      for (let i = 0; i < 3; i++) expect((await client.post('/api/auth/verify-email/resend')).status).toBe(200)
      expect((await client.post('/api/auth/verify-email/resend')).status).toBe(429)
    })

    it('kills the link when the account’s address is not the one it was sent to', async () => {
      const { account, user } = await signedInClient(s.store, nextAddress())
      const { token } = await linkFrom(account.email, /Welcome/, 'Verify my email')
      const changed = newAccount().email
      await db()
        .updateTable('users')
        .set({ email: changed, email_normalized: changed })
        .where('id', '=', user._id)
        .execute()
      expect((await s.store.client(nextAddress()).post('/api/auth/verify-email', { token })).status).toBe(400)
    })
  })
})

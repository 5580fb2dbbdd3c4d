import { createHash, createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ConfigError, loadConfig } from '#server/config.ts'
import { createLogger, type Logger } from '#server/http/logger.ts'
import { createServices } from '#server/services.ts'
import { createApp } from '#server/app.ts'
import { createTestStore, databases, type TestStore } from '#tests/api/harness.ts'
import { newAccount } from '#tests/support/factories.ts'

// docs/decisions/018: the key that signs links in emails comes from LINK_SECRET when it
// is set; each link names its key, so after a rotation the previous keys (and the key
// the first migration stored) still verify the links they signed, until they are
// removed; links of the first format (no key id) verify with the stored key. Each store
// below is one start of the store, with its settings, on one database.

const PUBLIC_URL = 'https://shop.example'
const DAY = 24 * 60 * 60_000
const K1 = 'first-link-key-0123456789abcdefghijklmnopqrstuvwxyz'
const K2 = 'second-link-key-0123456789abcdefghijklmnopqrstuvwxyz'
const kid = (secret: string) => createHash('sha256').update(secret).digest('hex').slice(0, 8)

let addresses = 0
const nextAddress = () => `10.30.0.${++addresses}`

describe.each(databases)('the link-signing key and its rotation (%s)', (kind) => {
  let store: TestStore
  const time = Date.now()
  const now = () => time

  beforeAll(async () => {
    store = await createTestStore(kind, { now, env: { PUBLIC_URL } })
  })
  afterAll(() => store.close())

  const db = () => store.connection.db
  const storedKey = async () =>
    (await db().selectFrom('store_secrets').select('value').where('name', '=', 'mail_links').executeTakeFirstOrThrow())
      .value

  /** The store started again on the same database with these link settings. */
  function startedWith(env: Record<string, string>, logger: Logger = createLogger('silent')) {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: 'true', PUBLIC_URL, ...env })
    const services = createServices({
      db: db(),
      dialect: store.connection.dialect,
      config,
      logger,
      now,
    })
    const app = createApp({ services })
    const post = (path: string, body: unknown) =>
      Promise.resolve(
        app.request(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
          body: JSON.stringify(body),
        }),
      )
    /** Registers an account; answers it with the token of its welcome email's verification link. */
    async function register() {
      const account = newAccount()
      expect((await post('/api/auth/registration', account)).status).toBe(201)
      const mail = await db()
        .selectFrom('mail_outbox')
        .select('text_body')
        .where('to_address', '=', account.email)
        .where('kind', '=', 'welcome')
        .executeTakeFirstOrThrow()
      const url = /Verify my email: (\S+)/.exec(mail.text_body)![1]!
      return { account, token: new URL(url).searchParams.get('token')! }
    }
    /** Whether the store takes a verification link: 200, or 400 with its reason. */
    async function verify(token: string): Promise<{ status: number; message: string }> {
      const res = await post('/api/auth/verify-email', { token })
      return { status: res.status, message: ((await res.json()) as { message: string }).message }
    }
    return { services, post, register, verify }
  }
  const valid = { status: 200, message: 'Your email address is verified' }
  const invalid = { status: 400, message: expect.stringMatching(/not valid/) as unknown as string }
  const expired = { status: 400, message: expect.stringMatching(/expired/) as unknown as string }

  it('signs with LINK_SECRET and names its key; after a rotation the old key verifies, until it is removed', async () => {
    const before = startedWith({ LINK_SECRET: K1 })
    const { token } = await before.register()
    expect(token.split('.')).toHaveLength(3)
    expect(token.split('.')[0]).toBe(kid(K1))
    expect(await before.verify(token)).toEqual(valid)

    // Rotated: the new key signs, the old one still verifies what it signed.
    const rotated = startedWith({ LINK_SECRET: K2, LINK_SECRET_PREVIOUS: K1 })
    expect(await rotated.verify(token)).toEqual(valid)
    const fresh = await rotated.register()
    expect(fresh.token.split('.')[0]).toBe(kid(K2))
    expect(await rotated.verify(fresh.token)).toEqual(valid)
    // The order and newsletter links are signed the same way.
    const unsubscribe = await rotated.services.mail.signLink(db(), 'newsletter-unsubscribe', 'a@example.com', 365 * DAY)
    expect(unsubscribe.split('.')[0]).toBe(kid(K2))

    // The old key removed after the longest link life: its links are invalid, not a 500.
    const after = startedWith({ LINK_SECRET: K2 })
    expect(await after.verify(token)).toEqual(invalid)
    expect(await after.verify(fresh.token)).toEqual(valid)
    // Nor did an order link of the old key ever work again.
    const cancel = await before.services.mail.signLink(db(), 'order-cancel', 'some-order', 14 * DAY)
    const state = await startedWith({ LINK_SECRET: K2 }).post('/api/order/link', { token: cancel })
    expect(state.status).toBe(400)
  })

  it('keeps the stored key’s links working when LINK_SECRET is first set and `stored` is listed, not after', async () => {
    const stored = await storedKey()
    const today = startedWith({})
    const { token } = await today.register()
    expect(token.split('.')[0]).toBe(kid(stored))
    expect(await today.verify(token)).toEqual(valid)

    const switched = startedWith({ LINK_SECRET: K1, LINK_SECRET_PREVIOUS: 'stored' })
    expect(await switched.verify(token)).toEqual(valid)
    expect((await switched.register()).token.split('.')[0]).toBe(kid(K1))

    expect(await startedWith({ LINK_SECRET: K1 }).verify(token)).toEqual(invalid)
    expect(await startedWith({ LINK_SECRET: K1, LINK_SECRET_PREVIOUS: K2 }).verify(token)).toEqual(invalid)
    // Back without LINK_SECRET: the stored key signs and verifies again.
    expect(await startedWith({}).verify(token)).toEqual(valid)
  })

  it('verifies a link of the first format (no key id) with the stored key while it is trusted, until it expires', async () => {
    const { account, token } = await startedWith({}).register()
    const user = await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', account.email)
      .executeTakeFirstOrThrow()
    // A verification link as the store signed it before links named their key.
    const oldFormat = (expiresAt: number) => {
      const body = Buffer.from(
        JSON.stringify(['verify-email', user.id, expiresAt, 'old-link-id', account.email.toLowerCase()]),
      ).toString('base64url')
      return (secret: string) => `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`
    }
    const stored = await storedKey()
    const old = oldFormat(time + 7 * DAY)(stored)
    expect(old.split('.')).toHaveLength(2)

    expect(await startedWith({}).verify(old)).toEqual(valid)
    expect(await startedWith({ LINK_SECRET: K1, LINK_SECRET_PREVIOUS: `${K2},stored` }).verify(old)).toEqual(valid)
    expect(await startedWith({ LINK_SECRET: K1, LINK_SECRET_PREVIOUS: K2 }).verify(old)).toEqual(invalid)
    // Signed with any other key, or expired, it is refused.
    expect(
      await startedWith({ LINK_SECRET: K1, LINK_SECRET_PREVIOUS: 'stored' }).verify(oldFormat(time + DAY)(K1)),
    ).toEqual(invalid)
    expect(await startedWith({}).verify(oldFormat(time - 1)(stored))).toEqual(expired)
    expect(await startedWith({}).verify(token)).toEqual(valid)
  })

  it('names the ids of its keys in the log at start, never a key', async () => {
    const lines: Record<string, unknown>[] = []
    const logger: Logger = { ...createLogger('silent'), info: (msg, fields) => lines.push({ msg, ...fields }) }
    const { services } = startedWith({ LINK_SECRET: K2, LINK_SECRET_PREVIOUS: `${K1}, stored` }, logger)
    services.mail.startWorker()
    try {
      await vi.waitFor(() => expect(lines.map((l) => l.msg)).toContain('link keys'))
    } finally {
      await services.mail.stopWorker()
    }
    const stored = await storedKey()
    expect(lines.find((l) => l.msg === 'link keys')).toEqual({
      msg: 'link keys',
      signing: kid(K2),
      verifying: [kid(K2), kid(K1), kid(stored)],
      storedKeyTrusted: true,
    })
    for (const key of [K1, K2, stored]) expect(JSON.stringify(lines)).not.toContain(key)
  })

  it('refuses a link whose key id was tampered with, removed or made up, with 400 and nothing changed', async () => {
    const both = startedWith({ LINK_SECRET: K1, LINK_SECRET_PREVIOUS: K2 })
    const { account, token } = await both.register()
    const [id, body, signature] = token.split('.') as [string, string, string]
    expect(id).toBe(kid(K1))
    const flipped = `${id.slice(0, -1)}${id.endsWith('0') ? '1' : '0'}`
    for (const bad of [
      `${kid(K2)}.${body}.${signature}`, // another key this store knows
      `${flipped}.${body}.${signature}`, // a key it does not know
      `deadbeef.${body}.${signature}`,
      `${id.toUpperCase()}.${body}.${signature}`,
      `../etc.${body}.${signature}`,
      `.${body}.${signature}`,
      `${body}.${signature}`, // the key id cut off: read as the first format
      `${id}.${id}.${body}.${signature}`,
    ]) {
      expect(await both.verify(bad), bad).toEqual(invalid)
      const read = await both.post('/api/order/link', { token: bad })
      expect(read.status).toBe(400)
    }
    const row = await db()
      .selectFrom('users')
      .select('email_verified_at')
      .where('email', '=', account.email)
      .executeTakeFirstOrThrow()
    expect(row.email_verified_at).toBeNull()
    expect(await both.verify(token)).toEqual(valid)
  })
})

describe('LINK_SECRET and LINK_SECRET_PREVIOUS settings', () => {
  const problem = (env: Record<string, string>) => {
    try {
      loadConfig(env)
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError)
      return (err as Error).message
    }
    return undefined
  }

  it('refuses a short key, or one with spaces or commas, naming the setting', () => {
    expect(problem({ LINK_SECRET: 'too-short' })).toMatch(/LINK_SECRET: LINK_SECRET must be at least 32 characters/)
    expect(problem({ LINK_SECRET: `${K1},${K2}` })).toMatch(/LINK_SECRET:/)
    expect(problem({ LINK_SECRET: `${K1} x` })).toMatch(/LINK_SECRET:/)
    expect(problem({ LINK_SECRET: K1, LINK_SECRET_PREVIOUS: `${K2},short` })).toMatch(/LINK_SECRET_PREVIOUS:/)
    expect(problem({ LINK_SECRET: K1, LINK_SECRET_PREVIOUS: 'stored-ish' })).toMatch(/LINK_SECRET_PREVIOUS:/)
  })

  it('reads the previous keys and whether the stored key still verifies', () => {
    expect(loadConfig({}).links).toEqual({ secret: undefined, previous: [], stored: true })
    expect(loadConfig({ LINK_SECRET: K1 }).links).toEqual({ secret: K1, previous: [], stored: false })
    expect(loadConfig({ LINK_SECRET: K1, LINK_SECRET_PREVIOUS: ` ${K2} , stored,` }).links).toEqual({
      secret: K1,
      previous: [K2],
      stored: true,
    })
  })
})

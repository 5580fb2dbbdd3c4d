import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '#server/config.ts'
import { createTestStore, databases, type TestStore } from '#tests/api/harness.ts'
import { newAccount } from '#tests/support/factories.ts'

// docs/spec/rulings.md #8: failed logins are limited per account and per client address (429 with
// Retry-After) for a short window; registration allows at least 20 accounts an hour.
const MINUTE = 60_000
const INVALID = { message: 'Invalid email or password' }
const LOGIN_BLOCKED = /^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/

let addresses = 0
const freshAddress = () => `192.0.2.${++addresses}`

describe('registration limit configuration', () => {
  it('refuses a limit below 20 accounts an hour', () => {
    expect(() => loadConfig({ REGISTRATION_LIMIT_PER_IP: '19' })).toThrow(ConfigError)
    expect(() => loadConfig({ REGISTRATION_LIMIT_PER_IP: '19' })).toThrow(/REGISTRATION_LIMIT_PER_IP/)
    expect(loadConfig({ REGISTRATION_LIMIT_PER_IP: '20' }).rateLimits.registrationPerIp).toBe(20)
  })

  it('allows at least 20 by default', () => {
    expect(loadConfig({}).rateLimits.registrationPerIp).toBeGreaterThanOrEqual(20)
  })
})

describe.each(databases)('rate limits (%s)', (kind) => {
  let store: TestStore
  // The auth service runs on this clock, so a window can pass without waiting for it.
  const clock = { t: Date.now(), now: () => clock.t }

  beforeAll(async () => {
    store = await createTestStore(kind, {
      env: { LOGIN_LIMIT_PER_ACCOUNT: '3', LOGIN_LIMIT_PER_IP: '5', LOGIN_LIMIT_WINDOW_MINUTES: '15' },
      now: clock.now,
    })
  })
  afterAll(() => store.close())

  async function account() {
    const a = newAccount()
    expect((await store.client(freshAddress()).post('/api/auth/registration', a)).status).toBe(201)
    return a
  }

  async function expectBlocked(res: Response, retryAfter: number) {
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe(String(retryAfter))
    expect(((await res.json()) as { message: string }).message).toMatch(LOGIN_BLOCKED)
    expect(res.headers.get('set-cookie')).toBeNull()
  }

  describe('failed logins per account', () => {
    it('blocks the account after the limit, even with the right password, until the window passes', async () => {
      const a = await account()
      const client = store.client(freshAddress())
      for (let i = 0; i < 3; i++) {
        const res = await client.post('/api/auth/login', { email: a.email, password: 'wrong password' })
        expect(res.status).toBe(401)
        expect(await res.json()).toEqual(INVALID)
      }
      await expectBlocked(await client.post('/api/auth/login', { email: a.email, password: a.password }), 15 * 60)
      // The same account from any other address, in any case.
      await expectBlocked(
        await store
          .client(freshAddress())
          .post('/api/auth/login', { email: a.email.toUpperCase(), password: a.password }),
        15 * 60,
      )
      expect(client.cookie).toBeUndefined()

      clock.t += 5 * MINUTE
      const later = await client.post('/api/auth/login', { email: a.email, password: a.password })
      await expectBlocked(later, 10 * 60)

      clock.t += 10 * MINUTE
      const after = await client.post('/api/auth/login', { email: a.email, password: a.password })
      expect(after.status).toBe(200)
      expect((await client.get('/api/user/getcurrentuser')).status).toBe(200)
    })

    it('does not hold failures against the account once its owner signs in', async () => {
      const a = await account()
      const client = store.client(freshAddress())
      const wrong = () => client.post('/api/auth/login', { email: a.email, password: 'wrong password' })
      expect((await wrong()).status).toBe(401)
      expect((await wrong()).status).toBe(401)
      expect((await client.post('/api/auth/login', { email: a.email, password: a.password })).status).toBe(200)
      // Without the reset, the third failure below would already be past the limit of 3.
      expect((await wrong()).status).toBe(401)
      expect((await wrong()).status).toBe(401)
      expect((await client.post('/api/auth/login', { email: a.email, password: a.password })).status).toBe(200)
    })

    it('leaves other accounts alone', async () => {
      const [a, b] = [await account(), await account()]
      const attacker = store.client(freshAddress())
      for (let i = 0; i < 3; i++) await attacker.post('/api/auth/login', { email: a.email, password: 'guess' })
      const owner = store.client(freshAddress())
      expect((await owner.post('/api/auth/login', { email: b.email, password: b.password })).status).toBe(200)
    })
  })

  describe('failed logins per client address', () => {
    it('blocks an address that fails across many accounts, but not other addresses', async () => {
      const target = await account()
      const attacker = freshAddress()
      const client = store.client(attacker)
      // Five different accounts, one failure each: no account reaches its own limit.
      for (let i = 0; i < 5; i++) {
        const res = await client.post('/api/auth/login', {
          email: `nobody${i}.${Date.now()}@example.com`,
          password: 'x',
        })
        expect(res.status).toBe(401)
      }
      await expectBlocked(
        await client.post('/api/auth/login', { email: target.email, password: target.password }),
        15 * 60,
      )

      // Someone else, from another address, signs in to another account as usual.
      const elsewhere = store.client(freshAddress())
      const ok = await elsewhere.post('/api/auth/login', { email: target.email, password: target.password })
      expect(ok.status).toBe(200)

      clock.t += 15 * MINUTE
      const again = store.client(attacker)
      expect((await again.post('/api/auth/login', { email: target.email, password: target.password })).status).toBe(200)
    })
  })

  describe('registrations per client address', () => {
    it('allows the configured number of accounts an hour from one address (at least 20), then 429', async () => {
      const limit = store.services.config.rateLimits.registrationPerIp
      expect(limit).toBeGreaterThanOrEqual(20)
      const office = freshAddress()
      const client = store.client(office)
      const results = await Promise.all(
        Array.from({ length: limit }, () => client.post('/api/auth/registration', newAccount())),
      )
      expect(results.map((r) => r.status)).toEqual(Array.from({ length: limit }, () => 201))

      const refused = newAccount()
      const res = await client.post('/api/auth/registration', refused)
      expect(res.status).toBe(429)
      expect(res.headers.get('retry-after')).toBe('3600')
      expect(((await res.json()) as { message: string }).message).toMatch(
        /^Too many accounts .* Try again in 60 minutes\.$/,
      )
      const stored = await store.connection.db
        .selectFrom('users')
        .select('id')
        .where('email_normalized', '=', refused.email.toLowerCase())
        .execute()
      expect(stored).toEqual([])

      // Another address is not affected; the same one may register again after the hour.
      expect((await store.client(freshAddress()).post('/api/auth/registration', newAccount())).status).toBe(201)
      clock.t += 60 * MINUTE
      expect((await client.post('/api/auth/registration', refused)).status).toBe(201)
    })
  })
})

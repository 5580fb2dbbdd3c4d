import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '#server/app.ts'
import { connect, type Connection } from '#server/db/database.ts'
import { createServices, type Services } from '#server/services.ts'
import { loadConfig } from '#server/config.ts'
import { createLogger } from '#server/http/logger.ts'
import { RateLimiter } from '#server/limits/rate-limit.ts'
import { databaseLimitStore, redisLimitStore, type LimitStore } from '#server/limits/stores.ts'
import { createTestStore, databases, type TestStore } from '#tests/api/harness.ts'
import { newAccount } from '#tests/support/factories.ts'

// docs/decisions/013: rate limits shared by the instances of one store, in PostgreSQL
// (DATABASE_URL) or Redis (REDIS_URL); SQLite keeps them in its one process.
const MINUTE = 60_000
const redisUrl = process.env.TEST_REDIS_URL
const unique = () => randomBytes(4).toString('hex')

/** A second instance of the store on the first one's database (the same PostgreSQL schema). */
function secondInstance(store: TestStore, env: Record<string, string>) {
  const connection: Connection = connect({
    databaseUrl: process.env.TEST_DATABASE_URL!,
    dataDir: 'data',
    pgSchema: store.connection.schema!,
  })
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: 'true', ...env })
  const services: Services = createServices({
    db: connection.db,
    dialect: 'postgres',
    config,
    logger: createLogger('silent'),
  })
  const app = createApp({ services })
  return {
    services,
    login: (body: unknown, address: string) =>
      Promise.resolve(
        app.request('/api/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
          body: JSON.stringify(body),
        }),
      ),
    close: () => connection.close(),
  }
}

describe.runIf(databases.includes('postgres'))('two instances on one PostgreSQL database', () => {
  const env = { LOGIN_LIMIT_PER_ACCOUNT: '4', LOGIN_LIMIT_PER_IP: '1000' }
  let first: TestStore
  let second: ReturnType<typeof secondInstance>

  beforeAll(async () => {
    first = await createTestStore('postgres', { env })
    second = secondInstance(first, env)
  })
  afterAll(async () => {
    await second.close()
    await first.close()
  })

  const loginFirst = (body: unknown, address: string) => first.client(address).post('/api/auth/login', body)

  it('share the failed sign-in limit of an account', async () => {
    const a = newAccount()
    expect(
      (await first.client(`192.0.2.${Math.ceil(Math.random() * 200)}`).post('/api/auth/registration', a)).status,
    ).toBe(201)
    const wrong = { email: a.email, password: 'wrong password' }
    const statuses = []
    for (let i = 0; i < 4; i++) {
      const res = i % 2 === 0 ? await loginFirst(wrong, '198.18.0.1') : await second.login(wrong, '198.18.0.2')
      statuses.push(res.status)
    }
    expect(statuses).toEqual([401, 401, 401, 401])
    // The limit is reached on both instances, whichever counted the failures.
    expect((await loginFirst({ email: a.email, password: a.password }, '198.18.0.3')).status).toBe(429)
    expect((await second.login({ email: a.email, password: a.password }, '198.18.0.4')).status).toBe(429)
  })

  it('let exactly the limit through a burst split across both', async () => {
    const a = newAccount()
    expect((await first.client('198.18.1.1').post('/api/auth/registration', a)).status).toBe(201)
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        i % 2 === 0
          ? loginFirst({ email: a.email, password: `guess ${i}` }, `198.18.2.${i}`)
          : second.login({ email: a.email, password: `guess ${i}` }, `198.18.2.${i}`),
      ),
    )
    expect(answers.filter((r) => r.status === 401)).toHaveLength(4)
    expect(answers.filter((r) => r.status === 429)).toHaveLength(20)
  })

  it('share a limiter’s counts and its clearing between instances', async () => {
    const name = `test-${unique()}`
    const one = new RateLimiter(2, MINUTE, Date.now, { name, store: first.services.limitStore! })
    const other = new RateLimiter(2, MINUTE, Date.now, { name, store: second.services.limitStore! })
    expect(await one.consume('shopper@example.com')).toBe(0)
    expect(await one.consume('shopper@example.com')).toBe(0)
    expect(await other.consume('shopper@example.com')).toBeGreaterThan(0)
    await other.clear('shopper@example.com')
    expect(await one.consume('shopper@example.com')).toBe(0)
  })

  it('keep the limits in the rate_limits table and forget ended windows', async () => {
    const store = first.services.limitStore!
    expect(store.kind).toBe('postgres')
    const key = `test-${unique()}:k`
    await store.add(key, 1_000, Date.now() - 5_000)
    const { db } = first.connection
    expect(await db.selectFrom('rate_limits').select('count').where('key', '=', key).executeTakeFirst()).toEqual({
      count: 1,
    })
    expect(await store.prune(Date.now())).toBeGreaterThanOrEqual(1)
    expect(await db.selectFrom('rate_limits').select('count').where('key', '=', key).executeTakeFirst()).toBeUndefined()
  })
})

describe.each(databases)('the rate_limits store’s window (%s)', (kind) => {
  let store: TestStore
  let limits: LimitStore
  beforeAll(async () => {
    store = await createTestStore(kind)
    limits = databaseLimitStore(store.connection.db)
  })
  afterAll(() => store.close())

  it('counts in a window that starts at the first event and starts afresh after it', async () => {
    const key = `w-${unique()}`
    const t = 1_900_000_000_000
    expect(await limits.add(key, MINUTE, t)).toEqual({ count: 1, resetAt: t + MINUTE })
    expect(await limits.add(key, MINUTE, t + 1_000)).toEqual({ count: 2, resetAt: t + MINUTE })
    await limits.remove(key, t + 2_000)
    expect(await limits.get(key, t + 2_000)).toEqual({ count: 1, resetAt: t + MINUTE })
    expect(await limits.get(key, t + MINUTE)).toBeUndefined()
    expect(await limits.add(key, MINUTE, t + MINUTE)).toEqual({ count: 1, resetAt: t + 2 * MINUTE })
    await limits.delete(key)
    expect(await limits.get(key, t + MINUTE)).toBeUndefined()
  })
})

describe.runIf(redisUrl)('limits in Redis (REDIS_URL)', () => {
  const stores: LimitStore[] = []
  const open = (prefix: string) => {
    const s = redisLimitStore(redisUrl!, { prefix })
    stores.push(s)
    return s
  }
  afterAll(() => Promise.all(stores.map((s) => s.close())))

  it('share one limit between two instances’ connections, burst included', async () => {
    const prefix = `kapra-test:${unique()}:`
    const name = 'login-account'
    const one = new RateLimiter(5, MINUTE, Date.now, { name, store: open(prefix) })
    const other = new RateLimiter(5, MINUTE, Date.now, { name, store: open(prefix) })
    const waits = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? one : other).consume('someone@example.com')),
    )
    expect(waits.filter((w) => w === 0)).toHaveLength(5)
    await one.refund('someone@example.com')
    expect(await other.consume('someone@example.com')).toBe(0)
    expect(await other.consume('someone@example.com')).toBeGreaterThan(0)
    await other.clear('someone@example.com')
    expect(await one.consume('someone@example.com')).toBe(0)
  })

  it('follow the store’s clock for the window', async () => {
    const store = open(`kapra-test:${unique()}:`)
    const t = 1_900_000_000_000
    expect(await store.add('k', MINUTE, t)).toEqual({ count: 1, resetAt: t + MINUTE })
    expect(await store.get('k', t + MINUTE)).toBeUndefined()
    expect(await store.add('k', MINUTE, t + MINUTE)).toEqual({ count: 1, resetAt: t + 2 * MINUTE })
  })

  it('are shared by two app instances when REDIS_URL is set', async () => {
    const env = { REDIS_URL: redisUrl!, LOGIN_LIMIT_PER_IP: '3', LOGIN_LIMIT_PER_ACCOUNT: '100' }
    const a = await createTestStore('sqlite', { env })
    const b = await createTestStore('sqlite', { env })
    try {
      expect(a.services.limitStore?.kind).toBe('redis')
      const address = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
      const statuses = []
      for (let i = 0; i < 4; i++) {
        const res = await (i % 2 ? a : b)
          .client(address)
          .post('/api/auth/login', { email: `r${i}-${unique()}@example.com`, password: 'wrong password' })
        statuses.push(res.status)
      }
      expect(statuses).toEqual([401, 401, 401, 429])
    } finally {
      await Promise.all([a.services.close(), b.services.close()])
      await Promise.all([a.close(), b.close()])
    }
  })

  it('fall back to this process’s counts while Redis is out of reach', async () => {
    const errors: unknown[] = []
    const gone = redisLimitStore('redis://127.0.0.1:1')
    stores.push(gone)
    const limiter = new RateLimiter(2, MINUTE, Date.now, { name: 'x', store: gone, onError: (e) => errors.push(e) })
    expect(await limiter.consume('k')).toBe(0)
    expect(await limiter.consume('k')).toBe(0)
    expect(await limiter.consume('k')).toBeGreaterThan(0)
    expect(errors.length).toBeGreaterThan(0)
  }, 20_000)
})

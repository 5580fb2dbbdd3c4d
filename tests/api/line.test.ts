import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import { createLogger } from '#server/http/logger.ts'
import type { Load } from '#server/http/load-signal.ts'
import { createServices } from '#server/services.ts'
import { seedCatalog } from '#demo/seed.ts'
import {
  createTestStore,
  databases,
  defaultCatalog,
  freshDatabase,
  migrate,
  type TestStore,
} from '#tests/api/harness.ts'
import { newAccount, testAddress } from '#tests/support/factories.ts'

// The line on a sale night (docs/decisions/030) through the whole app, its load handed
// in by the test: what newcomers get past the limits, that an order still goes through,
// and that the line answers without the database.

const QUIET: Load = { inFlight: 1, lagMs: 1 }
const BUSY: Load = { inFlight: 500, lagMs: 1 }
const LINE_ON = { ADMIT_MAX_IN_FLIGHT: '64', ADMIT_MAX_LAG_MS: '300' }

type App = ReturnType<typeof createApp>

/** A browser of the test's own: it keeps every cookie the store sets, as a browser does. */
function visitor(app: App, cookies: Record<string, string> = {}) {
  const jar = new Map(Object.entries(cookies))
  const send = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    headers.set('x-forwarded-for', '203.0.113.40')
    if (jar.size > 0) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '))
    const res = await app.request(path, { ...init, headers })
    for (const set of res.headers.getSetCookie()) {
      const [pair = ''] = set.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at)
      if (/max-age=0/i.test(set) || pair.slice(at + 1) === '') jar.delete(name)
      else jar.set(name, pair.slice(at + 1))
    }
    return res
  }
  return {
    jar,
    get: (path: string) => send(path),
    post: (path: string, body: unknown, headers: Record<string, string> = {}) =>
      send(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
  }
}

describe.each(databases)('the line (%s)', (kind) => {
  let store: TestStore
  let app: App
  let load = QUIET
  let clock = Date.now()

  beforeAll(async () => {
    store = await createTestStore(kind, { env: LINE_ON })
    app = createApp({ services: store.services, admission: { signal: () => load, now: () => clock } })
  })
  afterAll(() => store.close())

  it('lets everyone in under the limits', async () => {
    load = QUIET
    const guest = visitor(app)
    expect((await guest.get('/api/product/list')).status).toBe(200)
    expect(guest.jar.size).toBe(0)
  })

  it("answers a newcomer's page and API call past the limits, with the ticket the only cookie", async () => {
    load = BUSY
    const guest = visitor(app)
    const page = await guest.get('/ur/collection?category=Women')
    expect(page.status).toBe(503)
    expect(page.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(page.headers.get('cache-control')).toBe('no-store')
    // Served after the request id and the security headers, like every answer.
    expect(page.headers.get('x-request-id')).toBeTruthy()
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'")
    const html = await page.text()
    expect(html).toContain('<html lang="ur" dir="rtl">')
    expect(html).toContain(`<meta http-equiv="refresh" content="${page.headers.get('retry-after')}">`)
    expect(page.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual(['kapra_line'])

    const api = await guest.get('/api/product/list')
    expect(api.status).toBe(503)
    const body = (await api.json()) as { message: string; retryAfter: number }
    expect(body).toEqual({
      message: 'The store is very busy. Please try again in a few seconds.',
      retryAfter: Number(api.headers.get('retry-after')),
    })
    // The ticket was kept, not replaced.
    expect(api.headers.getSetCookie()).toEqual([])

    expect(await store.services.metrics.render()).toMatch(/kapra_line_waits_total\{kind="page"\} [1-9]/)
  })

  it('lets a shopper with a cart sign in and order while the line is up; a newcomer waits', async () => {
    // A quiet minute: the line of the test before has gone.
    load = QUIET
    clock += 60_000
    const account = newAccount()
    const shopper = visitor(app)
    expect((await shopper.post('/api/auth/registration', account)).status).toBe(201)
    shopper.jar.clear()

    load = BUSY
    clock += 1_000
    const newcomer = visitor(app)
    expect((await newcomer.post('/api/auth/login', account)).status).toBe(503)

    // The guest's cart marks itself with kapra_cart=1 (app/lib/cart/guest-cart.ts).
    shopper.jar.set('kapra_cart', '1')
    expect((await shopper.post('/api/auth/login', account)).status).toBe(200)
    shopper.jar.delete('kapra_cart')
    expect(shopper.jar.has('kapra_session')).toBe(true)
    expect((await shopper.post('/api/cart/update', { itemId: 'oxford-shirt', size: 'M', quantity: 1 })).status).toBe(
      200,
    )
    const placed = await shopper.post(
      '/api/order/placeorder',
      {
        address: testAddress,
        items: [{ _id: 'oxford-shirt', size: 'M', quantity: 1, name: 'Men Oxford Shirt', price: 2499 }],
        amount: 2499 + 50,
      },
      { 'idempotency-key': `line-${kind}-${Date.now()}` },
    )
    expect(placed.status).toBe(201)
    // Signed in, the rest of the store is open to them too.
    expect((await shopper.get('/api/product/list')).status).toBe(200)
    expect((await shopper.post('/api/order/userorder', {})).status).toBe(200)
  })
})

describe.each(databases)('the line without its database (%s)', (kind) => {
  it('answers the waiting page and API calls with the database closed', async () => {
    const { connection, drop } = await freshDatabase(kind)
    try {
      await migrate(connection)
      await seedCatalog(connection, defaultCatalog)
      const services = createServices({
        db: connection.db,
        dialect: connection.dialect,
        config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...LINE_ON }),
        logger: createLogger('silent'),
      })
      let load = QUIET
      const app = createApp({ services, admission: { signal: () => load } })
      // The key is read once, at start (the first request waits for it).
      expect((await app.request('/healthz')).status).toBe(200)
      load = BUSY
      const first = await app.request('/collection')
      expect(first.status).toBe(503)
      const ticket = first.headers.getSetCookie()[0]!.split(';')[0]!

      await connection.close()
      // The database is gone: what needs it fails…
      expect((await app.request('/healthz')).status).toBe(503)
      // …and the line still answers, keeps the place and hands out tickets.
      const again = await app.request('/collection', { headers: { cookie: ticket } })
      expect(again.status).toBe(503)
      expect(await again.text()).toContain('You are in line')
      const newcomer = await app.request('/ur')
      expect(newcomer.status).toBe(503)
      expect(newcomer.headers.getSetCookie()[0]).toMatch(/^kapra_line=w\./)
      expect((await app.request('/api/product/list')).status).toBe(503)
    } finally {
      await drop()
    }
  })
})

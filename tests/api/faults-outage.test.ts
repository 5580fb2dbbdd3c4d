import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '#server/app.ts'
import { connect, type Connection } from '#server/db/database.ts'
import { createServices } from '#server/services.ts'
import { buildDir, productionPages } from '#server/pages.ts'
import { loadConfig } from '#server/config.ts'
import type { Logger } from '#server/http/logger.ts'
import { createTestStore, databases, signedInClient, type TestStore } from '#tests/api/harness.ts'
import { startTcpProxy, throughProxy, type TcpProxy } from '#tests/support/tcp-proxy.ts'

// docs/decisions/013: PostgreSQL out of reach. A second store runs on the test's schema
// through a TCP proxy the test cuts (the shared PostgreSQL itself is never stopped).
const UNAVAILABLE = 'The store is briefly unavailable. Please try again in a few seconds.'
const built = fs.existsSync(`${buildDir}/server/index.js`)

function capturingLogger() {
  const lines: { level: string; msg: string; fields: Record<string, unknown> }[] = []
  const at =
    (level: string) =>
    (msg: string, fields: Record<string, unknown> = {}) =>
      lines.push({ level, msg, fields })
  const logger: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }
  return { logger, lines }
}

describe.runIf(databases.includes('postgres'))('PostgreSQL out of reach', () => {
  let store: TestStore
  let proxy: TcpProxy
  let connection: Connection
  let app: ReturnType<typeof createApp>
  let cookie: string
  const log = capturingLogger()
  const poolErrors: string[] = []
  let listBefore = ''

  const get = (path: string, headers: Record<string, string> = {}) =>
    app.request(path, { headers: { cookie, 'x-forwarded-for': '203.0.113.5', ...headers } })
  const post = (path: string, body: unknown = {}) =>
    app.request(path, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.5' },
      body: JSON.stringify(body),
    })

  beforeAll(async () => {
    store = await createTestStore('postgres')
    const url = process.env.TEST_DATABASE_URL!
    const target = new URL(url)
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) })
    connection = connect({
      databaseUrl: throughProxy(url, proxy),
      dataDir: 'data',
      pgSchema: store.connection.schema!,
      logError: (msg) => poolErrors.push(msg),
    })
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: 'true' })
    const services = createServices({ db: connection.db, dialect: 'postgres', config, logger: log.logger })
    app = createApp({ services, ...(built ? { pages: await productionPages() } : {}) })
    const shopper = await signedInClient(store)
    cookie = shopper.client.cookie!
  })
  afterAll(async () => {
    await proxy.close()
    await connection.close()
    await store.close()
  })

  it('serves while the database answers, through the proxy', async () => {
    expect((await get('/api/user/getcurrentuser')).status).toBe(200)
    expect((await get('/api/products?category=Men')).status).toBe(200)
    expect((await get('/api/product/oxford-shirt')).status).toBe(200)
    listBefore = await (await get('/api/product/list')).text()
    if (built) {
      expect((await get('/collection')).status).toBe(200)
      expect((await get('/productdetail/oxford-shirt')).status).toBe(200)
    }
  })

  describe('during the outage', () => {
    beforeAll(() => proxy.cut())

    it('answers what needs the database 503 with Retry-After and a plain message', async () => {
      for (const res of [
        await get('/api/user/getcurrentuser'),
        await post('/api/cart/get'),
        await post('/api/order/userorder'),
        await post('/api/auth/login', { email: 'a@example.com', password: 'secret12' }),
        await get('/api/products?category=Kids'),
      ]) {
        expect(res.status).toBe(503)
        expect(res.headers.get('retry-after')).toBe('5')
        expect(await res.json()).toEqual({ message: UNAVAILABLE })
      }
      expect((await app.request('/healthz')).status).toBe(503)
    })

    it('serves the catalog it already holds to a signed-in shopper, as to a guest', async () => {
      const list = await get('/api/products?category=Men')
      expect(list.status).toBe(200)
      expect(((await list.json()) as { items: { _id: string }[] }).items.map((i) => i._id)).toContain('oxford-shirt')
      const one = await get('/api/product/oxford-shirt')
      expect(one.status).toBe(200)
      expect(((await one.json()) as { name: string }).name).toBe('Men Oxford Shirt')
      // The product list last written, as it was.
      const all = await get('/api/product/list')
      expect(all.status).toBe(200)
      expect(await all.text()).toBe(listBefore)
      expect(listBefore).toContain('"_id":"oxford-shirt"')
    })

    it('logs the pool’s lost connections through the JSON logger, and each refusal once', () => {
      // Never an uncaught exception (which would end the process): each loss is a log line.
      expect(poolErrors.length).toBeGreaterThan(0)
      expect(poolErrors.every((m) => m === 'database pool error' || m === 'database connection lost')).toBe(true)
      expect(log.lines.some((l) => l.level === 'warn' && l.msg === 'database unavailable')).toBe(true)
      expect(log.lines.some((l) => l.level === 'error' && l.msg === 'unhandled error')).toBe(false)
    })

    it.runIf(built)('renders pages that need no database and the held catalog; the rest say so with 503', async () => {
      for (const path of ['/about', '/contact', '/collection', '/productdetail/oxford-shirt']) {
        const res = await get(path)
        expect(res.status, path).toBe(200)
        await res.body?.cancel()
      }
      for (const path of ['/order', '/placeorder', '/collection?category=Kids']) {
        const res = await get(path)
        expect(res.status, path).toBe(503)
        expect(res.headers.get('retry-after')).toBe('5')
        const html = await res.text()
        expect(html).toContain('We’ll be right back')
        expect(html).not.toMatch(/ECONNREFUSED|postgres|pool|stack/i)
      }
    })
  })

  describe('after the outage', () => {
    beforeAll(() => proxy.restore())

    it('answers again at the first request, with no restart', async () => {
      const res = await get('/api/user/getcurrentuser')
      expect(res.status).toBe(200)
      expect((await post('/api/cart/get')).status).toBe(200)
      expect((await app.request('/healthz')).status).toBe(200)
      if (built) expect((await get('/order')).status).toBe(200)
    })
  })
})

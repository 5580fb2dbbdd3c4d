import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApp } from '#server/app.ts'
import { connect, type Connection } from '#server/db/database.ts'
import { createServices, type Services } from '#server/services.ts'
import { loadConfig } from '#server/config.ts'
import { createLogger } from '#server/http/logger.ts'
import { postgresChangeFeed, redisChangeFeed, type CatalogChange, type ChangeFeed } from '#server/catalog/changes.ts'
import { createTestStore, databases, type TestStore } from '#tests/api/harness.ts'
import { startTcpProxy, throughProxy } from '#tests/support/tcp-proxy.ts'

// docs/decisions/013: the console changes a product through one instance; every other
// instance drops its cached counts and words at once (PostgreSQL LISTEN/NOTIFY, or
// Redis pub/sub when REDIS_URL is set).
const url = process.env.TEST_DATABASE_URL
const redisUrl = process.env.TEST_REDIS_URL
const silent = createLogger('silent')

interface Instance {
  services: Services
  changes: ChangeFeed
  get(path: string): Promise<Response>
  close(): Promise<void>
}

function instance(schema: string, feed: (db: Connection['db']) => ChangeFeed): Instance {
  const connection = connect({ databaseUrl: url!, dataDir: 'data', pgSchema: schema })
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' })
  const changes = feed(connection.db)
  const services = createServices({ db: connection.db, dialect: 'postgres', config, logger: silent, changes })
  const app = createApp({ services })
  return {
    services,
    changes,
    get: (path) => Promise.resolve(app.request(path)),
    close: async () => {
      await services.close()
      await connection.close()
    },
  }
}

const priceSpan = async (i: Instance) =>
  ((await (await i.get('/api/products?category=Men')).json()) as { facets: { price: { max: number } } }).facets.price
    .max

const feeds: [string, ((schema: string) => (db: Connection['db']) => ChangeFeed) | undefined][] = [
  ['PostgreSQL LISTEN/NOTIFY', (schema) => (db) => postgresChangeFeed({ db, databaseUrl: url!, schema, log: silent })],
  [
    'Redis pub/sub',
    redisUrl
      ? (schema) => () => redisChangeFeed({ url: redisUrl, channel: `kapra-test:${schema}`, log: silent })
      : undefined,
  ],
]

describe.runIf(databases.includes('postgres'))('catalog changes across instances', () => {
  describe.each(feeds)('through %s', (_name, feed) => {
    let store: TestStore
    let one: Instance
    let other: Instance

    beforeAll(async () => {
      if (!feed) return
      store = await createTestStore('postgres')
      const schema = store.connection.schema!
      one = instance(schema, feed(schema))
      other = instance(schema, feed(schema))
      await Promise.all([one.changes.ready, other.changes.ready])
    })
    afterAll(async () => {
      if (!feed) return
      await one.close()
      await other.close()
      await store.close()
    })

    it.runIf(feed)('shows a price changed through one instance on the other within a second', async () => {
      // The other instance has the Men's counts cached (price span included).
      expect(await priceSpan(other)).toBe(3499)
      const { db } = store.connection
      // Without a word from the changing instance, the cache would keep the old span…
      await db.updateTable('products').set({ price: 5999 }).where('id', '=', 'denim-jeans').execute()
      await new Promise((r) => setTimeout(r, 300))
      expect(await priceSpan(other)).toBe(3499)
      // …the console's save ends with invalidate(), which every instance hears.
      await db.updateTable('products').set({ price: 6499 }).where('id', '=', 'denim-jeans').execute()
      one.services.catalog.invalidate()
      const started = Date.now()
      await vi.waitFor(async () => expect(await priceSpan(other)).toBe(6499), { timeout: 1_000, interval: 20 })
      expect(Date.now() - started).toBeLessThan(1_000)
      const product = (await (await other.get('/api/product/denim-jeans')).json()) as { price: number }
      expect(product.price).toBe(6499)
    })
  })

  it('drops every cache after the feed’s connection comes back (changes may have been missed)', async () => {
    const store = await createTestStore('postgres')
    const target = new URL(url!)
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) })
    const heard: CatalogChange[] = []
    const feed = postgresChangeFeed({
      db: store.connection.db,
      databaseUrl: throughProxy(url!, proxy),
      schema: store.connection.schema!,
      log: silent,
    })
    try {
      feed.subscribe((c) => heard.push(c))
      await feed.ready
      await proxy.cut()
      await proxy.restore()
      await vi.waitFor(() => expect(heard).toContain('catalog'), { timeout: 5_000, interval: 50 })
    } finally {
      await feed.close()
      await proxy.close()
      await store.close()
    }
  })

  it('does not echo an instance’s own change back to it; the others hear it', async () => {
    const store = await createTestStore('postgres')
    const schema = `${store.connection.schema!}_${randomBytes(2).toString('hex')}`
    const own = postgresChangeFeed({ db: store.connection.db, databaseUrl: url!, schema, log: silent })
    const peer = postgresChangeFeed({ db: store.connection.db, databaseUrl: url!, schema, log: silent })
    type Heard = [CatalogChange, string[] | undefined]
    const heard: { own: Heard[]; peer: Heard[] } = { own: [], peer: [] }
    try {
      own.subscribe((c, products) => heard.own.push([c, products]))
      peer.subscribe((c, products) => heard.peer.push([c, products]))
      await Promise.all([own.ready, peer.ready])
      own.publish('stock', ['oxford-shirt', 'denim-jeans'])
      // Too many to name in one notice: heard as a change to any product.
      own.publish(
        'stock',
        Array.from({ length: 101 }, (_, i) => `product-${i}`),
      )
      own.publish('catalog')
      // Each notice goes through the pool, so they may arrive in any order.
      await vi.waitFor(
        () => {
          expect(heard.peer).toHaveLength(3)
          expect(heard.peer).toEqual(
            expect.arrayContaining([
              ['stock', ['oxford-shirt', 'denim-jeans']],
              ['stock', undefined],
              ['catalog', undefined],
            ]),
          )
        },
        { timeout: 1_000, interval: 20 },
      )
      expect(heard.own).toEqual([])
    } finally {
      await Promise.all([own.close(), peer.close()])
      await store.close()
    }
  })
})

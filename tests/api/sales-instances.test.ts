import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '#server/app.ts'
import { connect } from '#server/db/database.ts'
import { createServices } from '#server/services.ts'
import { loadConfig } from '#server/config.ts'
import { createLogger } from '#server/http/logger.ts'
import { postgresChangeFeed } from '#server/catalog/changes.ts'
import type { CatalogPage } from '#contracts/catalog-filters.ts'
import type { Product } from '#contracts/catalog.ts'
import { createTestStore, databases, type TestStore } from '#tests/api/harness.ts'
import { newAccount } from '#tests/support/factories.ts'

// docs/decisions/025: a sale starts and ends on time on every instance, with no restart:
// two instances over one PostgreSQL database, each with counts kept from before the
// boundary, on one clock; the boundary is crossed once (the job's lease) and both answer
// the sale price.
const url = process.env.TEST_DATABASE_URL
const silent = createLogger('silent')
const HOUR = 60 * 60 * 1000

describe.runIf(databases.includes('postgres'))('sale boundaries across instances', () => {
  const clock = { t: Date.parse('2026-12-01T00:00:00+05:00') }
  let store: TestStore
  const instances: { get(path: string): Promise<Response>; close(): Promise<void> }[] = []

  function instance(schema: string) {
    const connection = connect({ databaseUrl: url!, dataDir: 'data', pgSchema: schema })
    const changes = postgresChangeFeed({ db: connection.db, databaseUrl: url!, schema, log: silent })
    const services = createServices({
      db: connection.db,
      dialect: 'postgres',
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      logger: silent,
      changes,
      now: () => clock.t,
    })
    const app = createApp({ services })
    const made = {
      services,
      ready: changes.ready,
      get: (path: string) => Promise.resolve(app.request(path)),
      close: async () => {
        await services.close()
        await connection.close()
      },
    }
    instances.push(made)
    return made
  }

  beforeAll(async () => {
    store = await createTestStore('postgres', { now: () => clock.t })
  })
  afterAll(async () => {
    for (const i of instances) await i.close()
    await store.close()
  })

  it('both instances answer the sale price from its start and the list price from its end', async () => {
    const schema = store.connection.schema!
    const one = instance(schema)
    const other = instance(schema)
    await Promise.all([one.ready, other.ready])
    const menMax = async (i: typeof one) =>
      ((await (await i.get('/api/products?category=Men')).json()) as CatalogPage<Product>).facets.price?.max
    // Both keep the Men's counts from before.
    expect([await menMax(one), await menMax(other)]).toEqual([3499, 3499])
    const admin = await store.services.auth.createAdmin({ ...newAccount(), password: 'keys to the shop 2026' })
    await one.services.admin.createSale(
      { name: 'Men', percentOff: 50, category: 'Men', startsAt: clock.t + HOUR, endsAt: clock.t + 2 * HOUR },
      admin,
    )
    clock.t += HOUR
    expect([await menMax(other), await menMax(one)]).toEqual([1750, 1750])
    const runs = await store.connection.db
      .selectFrom('job_leases')
      .select('last_run_at')
      .where('name', '=', 'sale-boundaries')
      .execute()
    expect(runs.map((r) => Number(r.last_run_at))).toEqual([clock.t])
    clock.t += HOUR
    expect([await menMax(one), await menMax(other)]).toEqual([3499, 3499])
  })
})

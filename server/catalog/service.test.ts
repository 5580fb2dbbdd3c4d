import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { connect, migrateToLatest, type Connection } from '#server/db/database.ts'
import { seedCatalog } from '#demo/seed.ts'
import { createCatalogService } from '#server/catalog/service.ts'
import { NO_FILTERS } from '#contracts/catalog-filters.ts'
import { makeProduct } from '#tests/support/factories.ts'

describe('the catalog service', () => {
  let connection: Connection
  beforeEach(async () => {
    connection = connect({ dataDir: '', sqliteMemory: true })
    await migrateToLatest(connection)
    await seedCatalog(connection, [makeProduct({ id: 'tee', price: 1000 }), makeProduct({ id: 'jeans', price: 3000 })])
  })
  afterEach(() => connection.close())

  it('reads products from the database: a price edited there shows at once', async () => {
    const catalog = createCatalogService(connection.db, connection.dialect)
    expect((await catalog.get('tee'))?.price).toBe(1000)
    await connection.db.updateTable('products').set({ price: 1200 }).where('id', '=', 'tee').execute()
    expect((await catalog.get('tee'))?.price).toBe(1200)
  })

  it('keeps the counts of a view for maxAgeMs, and forgets them after its own writes', async () => {
    let clock = 1_000_000
    const catalog = createCatalogService(connection.db, connection.dialect, { maxAgeMs: 30_000, now: () => clock })
    expect((await catalog.browse(NO_FILTERS)).total).toBe(2)
    await connection.db.deleteFrom('products').where('id', '=', 'tee').execute()
    clock += 29_000
    expect((await catalog.browse(NO_FILTERS)).total).toBe(2)
    clock += 2_000
    expect((await catalog.browse(NO_FILTERS)).total).toBe(1)

    const [extra] = (await import('#demo/seed.ts')).demoProducts([makeProduct({ id: 'cap' })], clock)
    await catalog.add([extra!])
    expect((await catalog.browse(NO_FILTERS)).total).toBe(2)
  })

  it('answers the whole list a batch at a time, in catalog order and the API shape', async () => {
    const catalog = createCatalogService(connection.db, connection.dialect)
    const batches: string[][] = []
    for await (const batch of catalog.all(1)) batches.push(batch.map((p) => p._id))
    expect(batches).toEqual([['tee'], ['jeans']])
    const next = await catalog.all().next()
    const first = next.done ? undefined : next.value[0]
    expect(first).toMatchObject({
      sizes: ['S', 'M', 'L'],
      bestSeller: false,
      image1: '/images/products/tee-front-800.webp',
    })
  })
})

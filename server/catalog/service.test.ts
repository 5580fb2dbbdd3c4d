import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { connect, migrateToLatest, type Connection } from '#server/db/database.ts'
import { seedCatalog } from '#demo/seed.ts'
import { createCatalogService } from '#server/catalog/service.ts'
import { makeProduct } from '#tests/factories.ts'

describe('the catalog service', () => {
  let connection: Connection
  beforeEach(async () => {
    connection = connect({ dataDir: '', sqliteMemory: true })
    await migrateToLatest(connection.db)
    await seedCatalog(connection.db, [
      makeProduct({ id: 'tee', price: 1000 }),
      makeProduct({ id: 'jeans', price: 3000 }),
    ])
  })
  afterEach(() => connection.close())

  it('answers from memory, then shows a price edited in the database once its copy is older than maxAgeMs', async () => {
    let clock = 1_000_000
    const catalog = createCatalogService(connection.db, { maxAgeMs: 30_000, now: () => clock })
    expect((await catalog.get('tee'))?.price).toBe(1000)

    await connection.db.updateTable('products').set({ price: 1200 }).where('id', '=', 'tee').execute()
    clock += 29_000
    expect((await catalog.get('tee'))?.price).toBe(1000)
    clock += 2_000
    expect((await catalog.get('tee'))?.price).toBe(1200)
  })

  it('keeps catalog order and maps rows to the API shape', async () => {
    const catalog = createCatalogService(connection.db)
    const list = await catalog.list()
    expect(list.map((p) => p._id)).toEqual(['tee', 'jeans'])
    expect(list[0]).toMatchObject({
      sizes: ['S', 'M', 'L'],
      bestSeller: false,
      image1: '/images/products/tee-front-800.webp',
    })
  })
})

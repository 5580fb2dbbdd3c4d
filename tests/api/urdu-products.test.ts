import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminProduct, AdminProductInput, AdminProductPage } from '#contracts/admin.ts'
import { parseFilters, type CatalogPage } from '#contracts/catalog-filters.ts'
import type { Product, ProductSummary } from '#contracts/catalog.ts'
import { migrationsFor } from '#server/db/database.ts'
import { createCatalogService } from '#server/catalog/service.ts'
import { seedCatalog } from '#demo/seed.ts'
import { demoCatalog } from '#demo/catalog.ts'
import { largeCatalog } from '#demo/large-catalog.ts'
import {
  createTestStore,
  databaseBefore,
  databases,
  freshDatabase,
  migrate,
  signedInAdmin,
  type TestStore,
} from '#tests/api/harness.ts'
import { makeProduct } from '#tests/support/factories.ts'
import { fourPhotos } from '#tests/support/photos.ts'

// A product's Urdu name and description (docs/decisions/023): the migration, the answers
// that carry them, the console's API that saves them, and search by either name, on each
// database. The console’s page, and its "Add a size", are tests/api/console-product-form.test.ts.

const URDU_MIGRATION = '2026-11-26T0100-urdu-names'

const kurta = makeProduct({
  id: 'ur-cotton-kurta',
  name: 'Men Cotton Kurta',
  nameUr: 'مردانہ سوتی کرتا',
  descriptionUr: 'نرم سوتی کپڑے کا آف وائٹ کرتا۔ ٹھنڈے پانی میں مشین واش کریں۔',
  garment: 'kurta',
})
const kameez = makeProduct({
  id: 'ur-lawn-kameez',
  name: 'Women Lawn Shirt',
  nameUr: 'زنانہ لان قمیض',
  category: 'Women',
})
const graphicTee = makeProduct({ id: 'ur-graphic-tee', name: 'Men Graphic Tee', nameUr: 'مردانہ گرافک ٹی شرٹ' })
const tee = makeProduct({ id: 'ur-plain-tee', name: 'Men Plain Tee' })

async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text()
  expect(res.status, text).toBe(status)
  return JSON.parse(text) as T
}

describe.each(databases)('migrating products to Urdu names (%s)', (kind) => {
  /** The store as it was before the Urdu columns: every migration before theirs. */
  const before = (dialect: 'sqlite' | 'postgres') =>
    Object.fromEntries(Object.entries(migrationsFor(dialect)).filter(([name]) => name < URDU_MIGRATION))

  it('adds both columns as null to every product, which answers them, and moves the product list’s stamp', async () => {
    const { connection, drop } = await databaseBefore(kind, before)
    try {
      const { db, dialect } = connection
      await sql`insert into products (id, name, description, price, category, sub_category,
        image1, image2, image3, image4, best_seller, position, created_at, updated_at, name_search)
        values ('old-shirt', 'Old Oxford Shirt', 'A shirt from before Urdu.', 1500, 'Men', 'TopWear',
        'old-shirt-front', 'old-shirt-back', 'old-shirt-detail', 'old-shirt-folded', 0, 0, 1000, 1000,
        'old oxford shirt')`.execute(db)
      await sql`insert into product_sizes (product_id, position, size, stock, archived, category, sub_category, price)
        values ('old-shirt', 0, 'M', 5, 0, 'Men', 'TopWear', 1500)`.execute(db)
      const catalog = createCatalogService(db, dialect)
      const stamp = await catalog.stamp()

      await migrate(connection)

      expect(
        await db.selectFrom('products').select(['id', 'name_ur', 'description_ur', 'name_search']).execute(),
      ).toEqual([{ id: 'old-shirt', name_ur: null, description_ur: null, name_search: 'old oxford shirt' }])
      // A list written before names every product without the new fields: it is not served again.
      expect(await catalog.stamp()).not.toBe(stamp)
      expect(await catalog.get('old-shirt')).toMatchObject({
        name: 'Old Oxford Shirt',
        nameUr: null,
        descriptionUr: null,
      })
      const found = await catalog.browse(parseFilters(new URLSearchParams('q=oxford')))
      expect(found.items.map((p) => p._id)).toEqual(['old-shirt'])
    } finally {
      await connection.close()
      await drop()
    }
  })

  it('the seed writes the demo catalog’s Urdu, and 2,000 products go in at once (the seed adds 5,000 a transaction)', async () => {
    const { connection, drop } = await freshDatabase(kind)
    try {
      await migrate(connection)
      await seedCatalog(connection, demoCatalog)
      const catalog = createCatalogService(connection.db, connection.dialect)
      const chikankari = demoCatalog.find((p) => p.id === 'women-chikankari-cotton-kurta')!
      expect(await catalog.get(chikankari.id)).toMatchObject({
        nameUr: chikankari.nameUr,
        descriptionUr: chikankari.descriptionUr,
      })
      const [generated] = largeCatalog(2000, { now: Date.UTC(2026, 10, 26), chunkSize: 2000 })
      expect(await catalog.add(generated!)).toBe(2000)
      expect((await catalog.get(generated![1999]!.id))?.nameUr).toBe(generated![1999]!.nameUr)
    } finally {
      await connection.close()
      await drop()
    }
  })
})

describe.each(databases)('products in Urdu (%s)', (kind) => {
  let store: TestStore
  let dataDir: string
  let adminCookie: string
  let photos: Buffer[]

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kapra-urdu-products-'))
    store = await createTestStore(kind, { catalog: [kurta, kameez, graphicTee, tee], env: { DATA_DIR: dataDir } })
    adminCookie = (await signedInAdmin(store, '10.77.0.2')).client.cookie!
    photos = await fourPhotos()
  })

  afterAll(async () => {
    await store.close()
    await fs.rm(dataDir, { recursive: true, force: true })
  })

  const headers = () => ({ cookie: adminCookie, 'x-forwarded-for': '10.77.0.2' })
  const get = (url: string) => store.fetch(url, { headers: headers() })
  /** POST /api/admin/products[/:id]: the product's JSON, and all four photos for a new one. */
  const save = (id: string | null, product: unknown) => {
    const body = new FormData()
    body.set('product', JSON.stringify(product))
    if (id === null)
      photos.forEach((bytes, i) => body.set(`photo${i + 1}`, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' })))
    return store.fetch(id ? `/api/admin/products/${id}` : '/api/admin/products', {
      method: 'POST',
      body,
      headers: headers(),
    })
  }
  const found = async (q: string) =>
    (await json<CatalogPage<ProductSummary>>(await get(`/api/products?q=${encodeURIComponent(q)}`))).items.map(
      (p) => p._id,
    )
  const suggested = async (q: string) =>
    (await json<{ items: ProductSummary[] }>(await get(`/api/product/suggest?q=${encodeURIComponent(q)}`))).items
  const productCount = async () => (await store.services.admin.products({ q: '', page: 1 })).total

  it('answers nameUr and descriptionUr in the list and the product, and nameUr in summaries (null where none)', async () => {
    const list = await json<Product[]>(await get('/api/product/list'))
    expect(list.find((p) => p._id === kurta.id)).toMatchObject({
      name: kurta.name,
      nameUr: kurta.nameUr,
      descriptionUr: kurta.descriptionUr,
    })
    expect(list.find((p) => p._id === tee.id)).toMatchObject({ nameUr: null, descriptionUr: null })
    expect(await json<Product>(await get(`/api/product/${kameez.id}`))).toMatchObject({
      nameUr: kameez.nameUr,
      descriptionUr: null,
    })
    const page = await json<CatalogPage<ProductSummary>>(await get('/api/products'))
    expect(page.items.find((p) => p._id === kurta.id)).toEqual({
      _id: kurta.id,
      name: kurta.name,
      nameUr: kurta.nameUr,
      price: kurta.price,
      compareAtPrice: null,
      image1: expect.stringContaining(kurta.id) as string,
    })
  })

  it('finds a product by its Urdu name, a word or a phrase, however an Urdu keyboard spelled it', async () => {
    expect(await found('کرتا')).toEqual([kurta.id])
    expect(await found('سوتی کرتا')).toEqual([kurta.id])
    expect(await found('زنانہ لان')).toEqual([kameez.id])
    // Arabic yeh and kaf (ي ك) for Urdu's ی ک, and vowel marks written in: in a word too
    // short for a near miss ("ٹی"), the fold alone finds them.
    expect(await found('ٹي شرٹ')).toEqual([graphicTee.id])
    expect(await found('ٹِی شرٹ')).toEqual([graphicTee.id])
    expect(await found('سوتي كرتا')).toEqual([kurta.id])
    expect(await found('کُرتا')).toEqual([kurta.id])
    // A near miss of a catalog word, as for English words.
    expect(await found('کرتے')).toEqual([kurta.id])
    // The English name still answers, and a word of neither name finds nothing.
    expect(await found('kurta')).toEqual([kurta.id])
    expect(await found('شلوار')).toEqual([])
  })

  it('suggests a product for part of its Urdu name, with its Urdu name', async () => {
    const items = await suggested('کرت')
    expect(items.map((p) => [p._id, p.nameUr])).toEqual([[kurta.id, kurta.nameUr]])
    expect((await suggested('زنانہ لا')).map((p) => p._id)).toEqual([kameez.id])
  })

  it('saves the Urdu name and description through the console API, shows and audits them, and search follows', async () => {
    const input: AdminProductInput = {
      name: 'Women Embroidered Lawn Kurta',
      nameUr: '  زنانہ کڑھائی دار لان کرتا ',
      description: 'A lawn kurta with thread embroidery at the neckline.',
      descriptionUr: 'گلے پر دھاگے کی کڑھائی والا لان کا کرتا۔\nٹھنڈے پانی میں دھوئیں۔',
      price: 4290,
      category: 'Women',
      subCategory: 'TopWear',
      sizes: [{ size: 'M', stock: 3 }],
      sizeChart: [],
      bestSeller: false,
    }
    const { product: created } = await json<{ product: AdminProduct }>(await save(null, input), 201)
    expect(created).toMatchObject({ nameUr: 'زنانہ کڑھائی دار لان کرتا', descriptionUr: input.descriptionUr })
    expect(created.audit.map((a) => [a.action, (a.after as { nameUr: string }).nameUr])).toEqual([
      ['create', 'زنانہ کڑھائی دار لان کرتا'],
    ])
    expect(await json<AdminProduct>(await get(`/api/admin/products/${created.id}`))).toMatchObject({
      nameUr: 'زنانہ کڑھائی دار لان کرتا',
      descriptionUr: input.descriptionUr,
    })
    expect(await found('کڑھائی دار')).toEqual([created.id])
    const console = await json<AdminProductPage>(await get(`/api/admin/products?q=${encodeURIComponent('كڑھائي')}`))
    expect(console.items.map((p) => p.id)).toEqual([created.id])

    // Only the Urdu name changes: the audit entry names it alone, before and after.
    const opened = { M: 3 }
    const renamed = { ...input, nameUr: 'زنانہ کڑھائی والا کرتا', openedStock: opened }
    const { product: changed } = await json<{ product: AdminProduct }>(await save(created.id, renamed))
    expect(changed.audit.at(-1)).toMatchObject({
      action: 'update',
      before: { nameUr: 'زنانہ کڑھائی دار لان کرتا' },
      after: { nameUr: 'زنانہ کڑھائی والا کرتا' },
    })
    expect(Object.keys(changed.audit.at(-1)!.after as object)).toEqual(['nameUr'])
    expect(await found('کڑھائی دار')).toEqual([])
    expect(await found('کڑھائی والا')).toEqual([created.id])

    // A client that sends neither field keeps them; empty clears one.
    const { nameUr: _nameUr, descriptionUr: _descriptionUr, ...english } = renamed
    const kept = await json<{ product: AdminProduct }>(await save(created.id, { ...english, price: 4390 }))
    expect(kept.product).toMatchObject({
      price: 4390,
      nameUr: 'زنانہ کڑھائی والا کرتا',
      descriptionUr: input.descriptionUr,
    })
    expect(Object.keys(kept.product.audit.at(-1)!.after as object)).toEqual(['price'])
    const cleared = await json<{ product: AdminProduct }>(
      await save(created.id, { ...renamed, nameUr: '', descriptionUr: null }),
    )
    expect(cleared.product).toMatchObject({ nameUr: null, descriptionUr: null })
    expect((await json<Product>(await get(`/api/product/${created.id}`))).nameUr).toBeNull()
    expect(await found('کڑھائی والا')).toEqual([])
  })

  it('refuses Urdu fields the English ones would refuse (400), naming the field, and saves nothing', async () => {
    const before = await productCount()
    const input = {
      name: 'Men Refused Kurta',
      description: 'Never saved.',
      price: 1990,
      category: 'Men',
      subCategory: 'TopWear',
      sizes: [{ size: 'L', stock: 1 }],
      sizeChart: [],
      bestSeller: false,
    }
    const cases: [Record<string, unknown>, string, string][] = [
      [{ nameUr: 'ک'.repeat(121) }, 'nameUr', 'nameUr must be at most 120 characters'],
      [{ descriptionUr: 'ک'.repeat(2001) }, 'descriptionUr', 'descriptionUr must be at most 2000 characters'],
      [{ nameUr: 'مردانہ\nکرتا' }, 'nameUr', 'nameUr must not contain control characters'],
      [{ descriptionUr: 'کرتا\u0000' }, 'descriptionUr', 'descriptionUr must not contain control characters'],
      [{ nameUr: 42 }, 'nameUr', 'nameUr must be text or null'],
    ]
    for (const [urdu, field, message] of cases) {
      const body = await json<{ message: string; fields: Record<string, string> }>(
        await save(null, { ...input, ...urdu }),
        400,
      )
      expect(body, field).toEqual({ message, fields: { [field]: message } })
    }
    // The same on a change: the product keeps its Urdu name.
    const refused = await json<{ fields: Record<string, string> }>(
      await save(kurta.id, { ...input, nameUr: 'ک'.repeat(121), openedStock: { L: 1 } }),
      400,
    )
    expect(Object.keys(refused.fields)).toEqual(['nameUr'])
    expect((await store.services.catalog.get(kurta.id))?.nameUr).toBe(kurta.nameUr)
    expect(await productCount()).toBe(before)
  })
})

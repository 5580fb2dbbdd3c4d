import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '#contracts/catalog.ts'
import { createTestStore, databases, defaultCatalog, type TestStore } from '#tests/api/harness.ts'
import { makeProduct } from '#tests/support/factories.ts'

// GET /api/product/list (docs/spec/store-spec.md §8) as the server runs it: written once
// per catalog change by a process of its own with its own connection, then served from files.
const catalog = [
  ...defaultCatalog,
  ...Array.from({ length: 40 }, (_, i) =>
    makeProduct({ id: `tee-${i}`, name: `Women Cotton Tee ${i}`, category: 'Women', price: 900 + i }),
  ),
]

describe.each(databases)('the product list, written by a process of its own (%s)', (kind) => {
  let store: TestStore
  let dataDir: string
  let listDir: string
  // A clock far behind the seeded products' times: a change must still move the ETag.
  const now = () => 1_000

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kapra-list-test-'))
    listDir = path.join(dataDir, 'product-list')
    store = await createTestStore(kind, {
      catalog,
      now,
      ...(kind === 'sqlite' ? { sqliteDir: dataDir } : {}),
      productList: { dir: listDir, writer: true },
    })
  })
  afterAll(async () => {
    await store.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  const lists = () => fs.readdirSync(listDir).sort()

  it('lists every product, each exactly as GET /api/product/:id answers it', async () => {
    const res = await store.fetch('/api/product/list')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    const products = (await res.json()) as Product[]
    expect(products.map((p) => p._id).sort()).toEqual(catalog.map((p) => p.id).sort())
    for (const p of products) expect(p).toStrictEqual(await (await store.fetch(`/api/product/${p._id}`)).json())
    expect(lists()).toHaveLength(2)
  })

  it('answers the same list gzipped to a client that accepts it, and its length', async () => {
    const plain = Buffer.from(await (await store.fetch('/api/product/list')).arrayBuffer())
    const res = await store.fetch('/api/product/list', { headers: { 'accept-encoding': 'gzip, br' } })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i)
    const body = Buffer.from(await res.arrayBuffer())
    expect(Number(res.headers.get('content-length'))).toBe(body.length)
    expect(gunzipSync(body).equals(plain)).toBe(true)
  })

  it('answers 304 to a client holding the current list, and HEAD without a body', async () => {
    const first = await store.fetch('/api/product/list')
    const etag = first.headers.get('etag')!
    await first.body?.cancel()
    expect((await store.fetch('/api/product/list', { headers: { 'if-none-match': etag } })).status).toBe(304)
    const head = await store.fetch('/api/product/list', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('etag')).toBe(etag)
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(1000)
    expect(await head.text()).toBe('')
  })

  it('writes a new list once after a change, for all who ask at the same time, and removes the old one', async () => {
    // Another product changed twice is ahead of the one that changes next.
    for (const stock of [7, 8])
      await store.services.catalog.setStock(store.connection.db, { productId: 'oxford-shirt', size: 'M', stock })
    const before = await store.fetch('/api/product/list')
    const etag = before.headers.get('etag')!
    await before.body?.cancel()
    const oldFiles = lists()
    // A product that is not the latest changed, on a clock behind every product's time.
    const stock = await store.services.catalog.stockOf([{ productId: 'tee-3', size: 'M' }])
    expect(stock.get(JSON.stringify(['tee-3', 'M']))).toBe(500)
    await store.services.catalog.setStock(store.connection.db, { productId: 'tee-3', size: 'M', stock: 0 })

    const answers = await Promise.all(Array.from({ length: 5 }, () => store.fetch('/api/product/list')))
    const tags = answers.map((r) => r.headers.get('etag'))
    expect(new Set(tags).size).toBe(1)
    expect(tags[0]).not.toBe(etag)
    const bodies = await Promise.all(answers.map((r) => r.text()))
    expect(new Set(bodies).size).toBe(1)
    const tee = (JSON.parse(bodies[0]!) as Product[]).find((p) => p._id === 'tee-3')!
    expect(tee.stock.M ?? 0).toBe(0)
    expect(lists()).toHaveLength(2)
    expect(lists()).not.toEqual(oldFiles)
  })

  it('leaves archived products out', async () => {
    await store.connection.db.updateTable('products').set({ archived: 1 }).where('id', '=', 'tee-7').execute()
    await store.services.catalog.setStock(store.connection.db, { productId: 'tee-8', size: 'M', stock: 3 })
    const products = (await (await store.fetch('/api/product/list')).json()) as Product[]
    expect(products.map((p) => p._id)).not.toContain('tee-7')
    expect(products).toHaveLength(catalog.length - 1)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '#contracts/catalog.ts'
import { demoProducts } from '#demo/seed.ts'
import { createTestStore, databases, type TestStore } from '#tests/api/harness.ts'
import { makeProduct } from '#tests/support/factories.ts'
import { browse, ids, idsOf, productOf } from '#tests/api/catalog-queries.ts'

// The spec's product list (GET /api/product/list, docs/spec/store-spec.md §3) of a small
// and of a large catalog, on each database.

describe.each(databases)('catalog queries (%s)', (kind) => {
  describe('GET /api/product/list', () => {
    const catalog = [
      makeProduct({
        id: 'linen-kurta',
        name: 'Men Linen Kurta',
        price: 2899,
        sizes: ['XL', 'S', 'M'],
        sizeChart: [
          { size: 'XL', chest: '44', length: '41', waist: null, sleeves: '25' },
          { size: 'S', chest: '38', length: '39', waist: null, sleeves: '23.5' },
          { size: 'M', chest: '40', length: '40', waist: null, sleeves: '24' },
        ],
        bestSeller: true,
        stock: { XL: 0, S: 9, M: 3 },
      }),
      makeProduct({
        id: 'wide-leg-trousers',
        name: 'Women Wide-Leg Trousers',
        price: 3199,
        category: 'Women',
        subCategory: 'BottomWear',
        sizes: ['28', '30', '32'],
        sizeChart: null,
        stock: { '28': 1, '30': 0, '32': 14 },
      }),
      makeProduct({ id: 'kids-puffer', name: 'Kids Puffer Jacket', price: 4599, category: 'Kids' }),
    ]

    let store: TestStore
    beforeAll(async () => {
      store = await createTestStore(kind, { catalog })
    })
    afterAll(() => store.close())

    async function list(headers: Record<string, string> = {}) {
      return store.fetch('/api/product/list', { headers })
    }

    it('answers every product in catalog order in the spec shape, with an ETag', async () => {
      const res = await list()
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      expect(res.headers.get('etag')).toMatch(/^(W\/)?"[^"]+"$/)
      const listed = JSON.parse(await res.text()) as Product[]
      expect(listed).toStrictEqual(catalog.map(productOf))
      // Every size with what is left of it, a sold-out one with 0 (docs/spec/rulings.md #24).
      expect(listed.map((p) => p.stock)).toStrictEqual([
        { XL: 0, S: 9, M: 3 },
        { '28': 1, '30': 0, '32': 14 },
        { S: 500, M: 500, L: 500 },
      ])
    })

    it('answers 304 without a body to a client that has the current list', async () => {
      const etag = (await list()).headers.get('etag')!
      const again = await list({ 'if-none-match': etag })
      expect(again.status).toBe(304)
      expect(await again.text()).toBe('')
      expect(again.headers.get('etag')).toBe(etag)
      const among = await list({ 'if-none-match': `"something-else", ${etag}` })
      expect(among.status).toBe(304)
      const other = await list({ 'if-none-match': '"something-else"' })
      expect(other.status).toBe(200)
      expect(((await other.json()) as Product[]).length).toBe(3)
    })

    it('moves the ETag and lists the new product after one is added', async () => {
      const before = (await list()).headers.get('etag')!
      const extra = makeProduct({ id: 'added-later', name: 'Men Added Polo', price: 1999, bestSeller: true })
      expect(await store.services.catalog.add(demoProducts([extra], Date.now()))).toBe(1)

      const res = await list({ 'if-none-match': before })
      expect(res.status).toBe(200)
      const after = res.headers.get('etag')
      expect(after).toBeTruthy()
      expect(after).not.toBe(before)
      expect((await res.json()) as unknown).toStrictEqual([...catalog, extra].map(productOf))
      expect((await list({ 'if-none-match': after! })).status).toBe(304)

      // The collection and search see it at once too.
      const page = await browse(store)
      expect(page.total).toBe(4)
      expect(ids(page.items)).toEqual([...catalog, extra].map((p) => p.id))
      expect(await idsOf(store, 'q=polo')).toEqual(['added-later'])
      expect(await idsOf(store, 'q=pollo')).toEqual(['added-later'])
    })
  })

  describe('GET /api/product/list of a large catalog', () => {
    // More than two of the list's batches of 500.
    const catalog = Array.from({ length: 1_203 }, (_, i) =>
      makeProduct({
        id: `bulk-${String(i).padStart(4, '0')}`,
        name: `Bulk "Quoted" Tee ${i} \u2014 \\ backslash`,
        price: 500 + (i % 37) * 10,
        category: (['Men', 'Women', 'Kids'] as const)[i % 3]!,
      }),
    )

    let store: TestStore
    beforeAll(async () => {
      store = await createTestStore(kind, { catalog })
    })
    afterAll(() => store.close())

    it('lists every product exactly once, in catalog order, as valid JSON', async () => {
      const res = await store.fetch('/api/product/list')
      expect(res.status).toBe(200)
      const text = await res.text()
      const products = JSON.parse(text) as Product[]
      expect(products).toHaveLength(catalog.length)
      expect(products.map((p) => p._id)).toEqual(catalog.map((p) => p.id))
      expect(new Set(products.map((p) => p._id)).size).toBe(catalog.length)
      // Details are joined to the right product in every batch.
      for (const i of [0, 499, 500, 501, 999, 1000, 1202]) {
        expect(products[i]).toStrictEqual(productOf(catalog[i]!))
      }
    })

    it('pages the collection of the large catalog', async () => {
      const last = await browse(store, 'limit=60&page=21')
      expect(last.total).toBe(1_203)
      expect(ids(last.items)).toEqual(catalog.slice(1_200).map((p) => p.id))
      const kids = await browse(store, 'category=Kids&sort=low-high&limit=5')
      expect(kids.total).toBe(401)
      expect(kids.facets.categories).toStrictEqual({ Men: 401, Women: 401, Kids: 401 })
      expect(kids.items.every((p) => p.price === 500)).toBe(true)
    })
  })
})

import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { imageViews, imageWidths } from '#server/catalog/images.ts'
import { isProductImageName, productImageDir } from '#server/catalog/images.ts'
import { createTestStore, databases, signedInClient, type TestStore } from '#tests/api/harness.ts'
import { makeProduct } from '#tests/support/factories.ts'

const catalog = [
  makeProduct({
    id: 'linen-kurta',
    name: 'Men Linen Kurta',
    description: 'A breathable linen kurta for warm evenings.',
    price: 2899,
    // Catalog order, not alphabetical: the API keeps what the store defined.
    sizes: ['XL', 'S', 'M'],
    sizeChart: [
      { size: 'XL', chest: '44', length: '41', waist: null, sleeves: '25' },
      { size: 'S', chest: '38', length: '39', waist: null, sleeves: '23.5' },
      { size: 'M', chest: '40', length: '40', waist: null, sleeves: '24' },
    ],
    bestSeller: true,
    // A sold-out size is still listed, with 0 (docs/spec/rulings.md #24).
    stock: { XL: 0, S: 7, M: 2 },
  }),
  makeProduct({
    id: 'wide-leg-trousers',
    name: 'Women Wide-Leg Trousers',
    price: 3199,
    category: 'Women',
    subCategory: 'BottomWear',
    garment: 'trousers',
    sizes: ['28', '30', '32'],
    sizeChart: null,
    stock: { '28': 4, '30': 11, '32': 1 },
  }),
  makeProduct({
    id: 'kids-puffer',
    name: 'Kids Puffer Jacket',
    price: 4599,
    category: 'Kids',
    subCategory: 'WinterWear',
    garment: 'puffer',
    sizes: ['4-5Y', '6-7Y', '8-9Y'],
  }),
]

const width = Math.max(...imageWidths)
const IMMUTABLE = 'public, max-age=31536000, immutable'

/** The product as the API must answer it (docs/spec/store-spec.md §3), except its date. */
function expected(p: (typeof catalog)[number]) {
  const [image1, image2, image3, image4] = imageViews.map((view) => `/images/products/${p.id}-${view}-${width}.webp`)
  return {
    _id: p.id,
    name: p.name,
    nameUr: p.nameUr ?? null,
    price: p.price,
    // Not on sale (docs/decisions/025).
    compareAtPrice: null,
    saleEndsAt: null,
    description: p.description,
    descriptionUr: p.descriptionUr ?? null,
    category: p.category,
    subCategory: p.subCategory,
    sizes: p.sizes,
    image1,
    image2,
    image3,
    image4,
    sizeChart: p.sizeChart ?? [],
    bestSeller: p.bestSeller,
    date: expect.any(Number) as number,
    stock: stockOf(p),
  }
}

/** Pieces of each size the catalog was seeded with: every size of the product, none other. */
function stockOf(p: (typeof catalog)[number]): Record<string, number> {
  return Object.fromEntries(p.sizes.map((size) => [size, p.stock![size]!]))
}

describe.each(databases)('catalog (%s)', (kind) => {
  let store: TestStore
  beforeAll(async () => {
    store = await createTestStore(kind, { catalog })
  })
  afterAll(() => store.close())

  it('lists every product without credentials, in catalog order, in the exact product shape', async () => {
    const res = await store.fetch('/api/product/list')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(res.headers.get('set-cookie')).toBeNull()
    const products = (await res.json()) as { date: number }[]
    expect(products).toStrictEqual(catalog.map(expected))
    // Dates are epoch milliseconds; the first product is the newest.
    for (const [i, p] of products.entries()) {
      expect(Number.isInteger(p.date)).toBe(true)
      if (i > 0) expect(p.date).toBeLessThan(products[i - 1]!.date)
    }
    expect(Math.abs(products[0]!.date - Date.now())).toBeLessThan(60_000)
  })

  it('answers the same list to a signed-in shopper', async () => {
    const { client } = await signedInClient(store)
    const anonymous = (await (await store.fetch('/api/product/list')).json()) as unknown
    expect(await (await client.get('/api/product/list')).json()).toStrictEqual(anonymous)
  })

  it('answers one product by id', async () => {
    const res = await store.fetch('/api/product/wide-leg-trousers')
    expect(res.status).toBe(200)
    const product = (await res.json()) as { stock: unknown }
    expect(product).toStrictEqual(expected(catalog[1]!))
    expect(product.stock).toStrictEqual({ '28': 4, '30': 11, '32': 1 })
  })

  it('answers 404 with a message for an unknown product', async () => {
    for (const id of ['no-such-product', 'LINEN-KURTA', '%27%20or%201%3D1']) {
      const res = await store.fetch(`/api/product/${id}`)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ message: 'Product not found' })
    }
  })

  describe('product images', () => {
    it('serves a generated image as immutable webp', async ({ skip }) => {
      if (!fs.existsSync(productImageDir)) {
        skip(`${productImageDir} is absent: generate the images with npm run images`)
      }
      const name = fs.readdirSync(productImageDir).find(isProductImageName)
      if (!name) skip(`${productImageDir} holds no generated image`)
      const res = await store.fetch(`/images/products/${name}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/webp')
      expect(res.headers.get('cache-control')).toBe(IMMUTABLE)
      const body = Buffer.from(await res.arrayBuffer())
      expect(body.equals(fs.readFileSync(`${productImageDir}/${name}`))).toBe(true)
      expect(body.subarray(8, 12).toString('latin1')).toBe('WEBP')
    })

    it('answers 404 for an image that does not exist', async () => {
      const res = await store.fetch(`/images/products/no-such-product-front-${width}.webp`)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ message: 'Not found' })
    })

    it.each([
      // Each of these would name a real file (the project's package.json, this server's
      // source) if the route joined the name to its folder unchecked.
      '..%2F..%2Fpackage.json',
      '..%2f..%2fpackage.json',
      '%2E%2E%2F%2E%2E%2Fpackage.json',
      '..%5C..%5Cpackage.json',
      '..%2F..%2Fserver%2Fapp.ts',
      '%2Fetc%2Fpasswd',
      // Other types, even with a generated-looking name.
      `linen-kurta-front-${width}.png`,
      `linen-kurta-front-${width}.webp.js`,
      `linen-kurta-front-${width}.svg`,
      '.env',
    ])('refuses %s with 404', async (name) => {
      const res = await store.fetch(`/images/products/${name}`)
      expect(res.status).toBe(404)
      const text = await res.text()
      expect(text).not.toContain('"name": "kapra"')
      expect(text).not.toContain('root:')
      expect(res.headers.get('content-type')).not.toBe('image/webp')
    })
  })
})

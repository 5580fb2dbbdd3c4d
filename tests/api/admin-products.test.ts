import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminProduct, AdminProductInput, AdminProductPage } from '#contracts/admin.ts'
import type { CatalogPage } from '#contracts/catalog-filters.ts'
import type { Product, ProductSummary } from '#contracts/catalog.ts'
import { CART_CHANGED_MESSAGE } from '#contracts/orders.ts'
import { uploadedImageDir } from '#server/catalog/photos.ts'
import { createTestStore, databases, signedInAdmin, signedInClient, type TestStore } from '#tests/api/harness.ts'
import { testAddress } from '#tests/support/factories.ts'
import { fourPhotos } from '#tests/support/photos.ts'

// The console's products (docs/spec/rulings.md #24, #25): one guard in front of every
// call, products created and changed with their photos checked by their bytes, archived
// products gone from the storefront and from checkout, and every change audited.

const NOT_SIGNED_IN = { message: 'Please log in to continue' }
const NOT_ADMIN = { message: "This is for the store's admins only" }
const FEE = 50

const input: AdminProductInput = {
  name: 'Women Linen Kurta',
  description: 'A light linen kurta for warm days.',
  price: 3299,
  category: 'Women',
  subCategory: 'TopWear',
  sizes: [
    { size: 'S', stock: 4 },
    { size: 'M', stock: 6 },
  ],
  sizeChart: [{ size: 'S', chest: '36', length: '40', waist: null, sleeves: '17' }],
  bestSeller: false,
}
/** The new product's stock as the console opens it, before any change. */
const opened = { S: 4, M: 6 }

/** A PNG whose header claims 30000 × 30000 pixels (its CRC correct), over one pixel of data. */
async function bombPng(): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  )
  // Signature (8), IHDR length (4), 'IHDR' (4), width (4), height (4), … CRC after 13 data bytes.
  png.writeUInt32BE(30_000, 16)
  png.writeUInt32BE(30_000, 20)
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29)
  return png
}

async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text()
  expect(res.status, text).toBe(status)
  return JSON.parse(text) as T
}

describe.each(databases)('the console: products (%s)', (kind) => {
  let store: TestStore
  let dataDir: string
  let adminCookie: string
  let customerCookie: string
  let photos: Buffer[]
  let created: AdminProduct

  const headers = (cookie: string | undefined) => ({
    'x-forwarded-for': '10.88.0.1',
    ...(cookie ? { cookie } : {}),
  })

  function form(product: unknown, files: Partial<Record<1 | 2 | 3 | 4, { bytes: Uint8Array; name: string }>>) {
    const body = new FormData()
    body.set('product', JSON.stringify(product))
    for (const [slot, file] of Object.entries(files))
      body.set(`photo${slot}`, new Blob([new Uint8Array(file.bytes)], { type: 'image/jpeg' }), file.name)
    return body
  }

  const save = (cookie: string | undefined, id: string | null, body: FormData) =>
    store.fetch(id ? `/api/admin/products/${id}` : '/api/admin/products', {
      method: 'POST',
      body,
      headers: headers(cookie),
    })
  const get = (cookie: string | undefined, url: string) => store.fetch(url, { headers: headers(cookie) })
  const postJson = (cookie: string | undefined, url: string, body: unknown) =>
    store.fetch(url, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { ...headers(cookie), 'content-type': 'application/json' },
    })

  const allFour = () => ({
    1: { bytes: photos[0]!, name: 'front.jpg' },
    2: { bytes: photos[1]!, name: 'back.jpg' },
    3: { bytes: photos[2]!, name: 'detail.jpg' },
    4: { bytes: photos[3]!, name: 'folded.jpg' },
  })

  const productCount = async () => (await store.services.admin.products({ q: '', page: 1 })).total
  const uploadedFiles = async () => {
    try {
      return await fs.readdir(uploadedImageDir(dataDir))
    } catch {
      return []
    }
  }

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kapra-admin-products-'))
    store = await createTestStore(kind, { env: { DATA_DIR: dataDir } })
    adminCookie = (await signedInAdmin(store, '10.88.0.2')).client.cookie!
    customerCookie = (await signedInClient(store, '10.88.0.3')).client.cookie!
    photos = await fourPhotos()
  })

  afterAll(async () => {
    await store.close()
    await fs.rm(dataDir, { recursive: true, force: true })
  })

  it('keeps guests (401) and customers (403) out of every products call, changing nothing', async () => {
    const before = await productCount()
    for (const [cookie, status, body] of [
      [undefined, 401, NOT_SIGNED_IN],
      [customerCookie, 403, NOT_ADMIN],
    ] as const) {
      expect(await json(await get(cookie, '/api/admin/products'), status)).toEqual(body)
      expect(await json(await get(cookie, '/api/admin/products/oxford-shirt'), status)).toEqual(body)
      expect(await json(await save(cookie, null, form(input, allFour())), status)).toEqual(body)
      expect(await json(await save(cookie, 'oxford-shirt', form({ ...input, price: 1 }, {})), status)).toEqual(body)
      expect(
        await json(await postJson(cookie, '/api/admin/products/oxford-shirt/archive', { archived: true }), status),
      ).toEqual(body)
      expect(
        await json(await postJson(cookie, '/api/admin/products/oxford-shirt/stock', { size: 'S', stock: 0 }), status),
      ).toEqual(body)
    }
    expect(await productCount()).toBe(before)
    expect((await store.services.catalog.get('oxford-shirt'))?.price).toBe(2499)
    expect(await store.services.catalog.status('oxford-shirt')).toBe('active')
    expect(await uploadedFiles()).toEqual([])
  })

  it('refuses a JSON body on the product saves and multipart elsewhere', async () => {
    expect((await postJson(adminCookie, '/api/admin/products', input)).status).toBe(415)
    const res = await store.fetch('/api/admin/products/oxford-shirt/archive', {
      method: 'POST',
      body: form({ archived: true }, {}),
      headers: headers(adminCookie),
    })
    expect(res.status).toBe(415)
  })

  it('creates a product with four photos: in the list, the collection and search, its photos served as WebP', async () => {
    const res = await json<{ product: AdminProduct }>(await save(adminCookie, null, form(input, allFour())), 201)
    created = res.product
    expect(created.id).toMatch(/^women-linen-kurta-[a-z0-9]{6}$/)
    expect(created).toMatchObject({
      name: input.name,
      price: 3299,
      sizes: input.sizes,
      sizeChart: input.sizeChart,
      archived: false,
    })
    expect(created.audit.map((a) => a.action)).toEqual(['create'])

    const list = await json<Product[]>(await get(undefined, '/api/product/list'))
    const listed = list.find((p) => p._id === created.id)
    expect(listed).toMatchObject({ name: input.name, price: 3299, sizes: ['S', 'M'], stock: { S: 4, M: 6 } })
    const found = await json<CatalogPage<ProductSummary>>(await get(undefined, '/api/products?q=linen+kurta'))
    expect(found.items.map((p) => p._id)).toEqual([created.id])
    const typo = await json<CatalogPage<ProductSummary>>(await get(undefined, '/api/products?q=kurtta'))
    expect(typo.items.map((p) => p._id)).toContain(created.id)

    for (const url of [listed!.image1, listed!.image2, listed!.image3, listed!.image4, ...created.images]) {
      const image = await get(undefined, url)
      expect(image.status, url).toBe(200)
      expect(image.headers.get('content-type')).toBe('image/webp')
      expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).format).toBe('webp')
    }
    // The committed demo pictures are still served.
    const page = await json<AdminProductPage>(await get(adminCookie, '/api/admin/products?q=kurta'))
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: 20 })
    expect(page.items[0]).toMatchObject({ id: created.id, archived: false, sizes: input.sizes })
  })

  it('refuses a new product missing a photo (400), naming it', async () => {
    const before = await productCount()
    const { 1: one, 2: two, 4: four } = allFour()
    const body = await json<{ message: string; fields: Record<string, string> }>(
      await save(adminCookie, null, form({ ...input, name: 'No Third Photo' }, { 1: one, 2: two, 4: four })),
      400,
    )
    expect(body.message).toMatch(/photo3/)
    expect(Object.keys(body.fields)).toEqual(['photo3'])
    expect(await productCount()).toBe(before)
  })

  it('refuses product data the schema refuses (400), naming the field', async () => {
    const body = await json<{ message: string }>(
      await save(adminCookie, null, form({ ...input, price: 12.5 }, allFour())),
      400,
    )
    expect(body.message).toMatch(/price/)
    const dup = await json<{ message: string }>(
      await save(
        adminCookie,
        null,
        form(
          {
            ...input,
            sizes: [
              { size: 'S', stock: 1 },
              { size: 'S', stock: 2 },
            ],
          },
          allFour(),
        ),
      ),
      400,
    )
    expect(dup.message).toMatch(/sizes/)
  })

  it('refuses a renamed non-image (415), creating nothing and leaving no files', async () => {
    const before = await productCount()
    const files = await uploadedFiles()
    const body = await json<{ message: string }>(
      await save(
        adminCookie,
        null,
        form(
          { ...input, name: 'Not A Photo' },
          { ...allFour(), 4: { bytes: new TextEncoder().encode('just some text, honestly'), name: 'photo4.jpg' } },
        ),
      ),
      415,
    )
    expect(body.message).toMatch(/not a JPEG, PNG or WebP/)
    expect(await productCount()).toBe(before)
    expect(await uploadedFiles()).toEqual(files)
  })

  it('refuses a photo over 8 MB (413), changing nothing', async () => {
    const files = await uploadedFiles()
    const big = new Uint8Array(8 * 1024 * 1024 + 1)
    big.set(photos[0]!)
    const res = await save(
      adminCookie,
      created.id,
      form({ ...input, price: 1, openedStock: opened }, { 1: allFour()[1], 3: { bytes: big, name: 'huge.jpg' } }),
    )
    expect(res.status, await res.text()).toBe(413)
    expect(await store.services.admin.product(created.id)).toEqual(created)
    expect(await uploadedFiles()).toEqual(files)
  })

  it('refuses a decompression bomb (422) quickly, changing nothing', async () => {
    const started = performance.now()
    const res = await save(
      adminCookie,
      created.id,
      form({ ...input, openedStock: opened }, { 2: { bytes: await bombPng(), name: 'bomb.png' } }),
    )
    expect(res.status, await res.text()).toBe(422)
    expect(performance.now() - started).toBeLessThan(3000)
    expect(await store.services.admin.product(created.id)).toEqual(created)
  })

  it('shows a new price on the storefront at once, replacing only the photos sent, audited', async () => {
    // The collection's counts are cached: read them before the change.
    await get(undefined, '/api/products?q=kurta')
    const res = await json<{ product: AdminProduct }>(
      await save(
        adminCookie,
        created.id,
        form(
          {
            ...input,
            price: 2999,
            openedStock: opened,
            sizes: [
              { size: 'M', stock: 2 },
              { size: 'L', stock: 5 },
            ],
            sizeChart: [],
          },
          { 2: { bytes: photos[0]!, name: 'new-back.jpg' } },
        ),
      ),
    )
    const after = res.product
    expect(after.price).toBe(2999)
    expect(after.images[0]).toBe(created.images[0])
    expect(after.images[1]).not.toBe(created.images[1])
    expect(after.images.slice(2)).toEqual(created.images.slice(2))
    expect((await get(undefined, after.images[1])).status).toBe(200)

    const shown = await json<Product>(await get(undefined, `/api/product/${created.id}`))
    expect(shown).toMatchObject({ price: 2999, sizes: ['M', 'L'], stock: { M: 2, L: 5 }, sizeChart: [] })
    const page = await json<CatalogPage<ProductSummary>>(await get(undefined, '/api/products?q=kurta'))
    expect(page.items[0]).toMatchObject({ _id: created.id, price: 2999 })
    // Size filters and facets read each size's copy of the product's price and category: it moved with the product.
    const inRange = await json<CatalogPage<ProductSummary>>(
      await get(undefined, '/api/products?category=Women&size=L&minPrice=2999&maxPrice=2999'),
    )
    expect(inRange.items.map((p) => p._id)).toEqual([created.id])
    expect(inRange.facets.sizes).toEqual([
      { size: 'M', count: 1 },
      { size: 'L', count: 1 },
    ])
    expect(inRange.facets.categories.Women).toBe(1)
    for (const stale of ['category=Women&size=S', 'category=Women&size=L&maxPrice=2998'])
      expect((await json<CatalogPage<ProductSummary>>(await get(undefined, `/api/products?${stale}`))).total).toBe(0)

    const entry = after.audit.at(-1)!
    expect(entry).toMatchObject({ action: 'update', entity: 'product', entityId: created.id })
    expect(entry.actor.name).toBe('Store Admin')
    expect(entry.before).toMatchObject({ price: 3299, sizes: input.sizes, photo2: created.images[1] })
    expect(entry.after).toMatchObject({ price: 2999, photo2: after.images[1] })
    expect(Object.keys(entry.after as object).sort()).toEqual(['photo2', 'price', 'sizeChart', 'sizes'])
    created = after
  })

  it('archives a product: gone from the product page, the list and search, and an order of it is refused (409)', async () => {
    const shopper = await signedInClient(store, '10.88.0.4')
    const cart = await shopper.client.post('/api/cart/update', { itemId: created.id, size: 'M', quantity: 1 })
    expect(cart.status, await cart.text()).toBe(200)

    const res = await json<{ product: AdminProduct }>(
      await postJson(adminCookie, `/api/admin/products/${created.id}/archive`, { archived: true }),
    )
    expect(res.product.archived).toBe(true)
    expect(await store.services.catalog.status(created.id)).toBe('archived')
    expect(await store.services.catalog.status('no-such-product')).toBe('missing')

    expect((await get(undefined, `/api/product/${created.id}`)).status).toBe(404)
    const list = await json<Product[]>(await get(undefined, '/api/product/list'))
    expect(list.map((p) => p._id)).not.toContain(created.id)
    const found = await json<CatalogPage<ProductSummary>>(await get(undefined, '/api/products?q=kurta'))
    expect(found.total).toBe(0)
    const women = await json<CatalogPage<ProductSummary>>(await get(undefined, '/api/products?category=Women'))
    expect(women.items.map((p) => p._id)).not.toContain(created.id)
    const sizeL = await json<CatalogPage<ProductSummary>>(await get(undefined, '/api/products?category=Women&size=L'))
    expect(sizeL.total).toBe(0)
    expect(sizeL.facets.categories.Women).toBe(0)
    expect(women.facets.sizes).toEqual([])
    const suggested = await json<{ items: ProductSummary[] }>(await get(undefined, '/api/product/suggest?q=kurta'))
    expect(suggested.items).toEqual([])
    // A shopper cannot put it in a cart any more.
    const again = await shopper.client.post('/api/cart/update', { itemId: created.id, size: 'L', quantity: 1 })
    expect(again.status).toBeGreaterThanOrEqual(400)

    const order = await shopper.client.post('/api/order/placeorder', {
      address: testAddress,
      items: [{ _id: created.id, size: 'M', quantity: 1 }],
      amount: 2999 + FEE,
    })
    expect(await json(order, 409)).toEqual({ message: CART_CHANGED_MESSAGE })

    // The cart no longer counts it anywhere; the cart and checkout pages drop the line
    // and name it, once (the browser tests show the notice).
    expect(await json(await shopper.client.post('/api/cart/get', {}))).toEqual({})
    expect(await store.services.cart.pageCart(shopper.user._id)).toEqual({ cart: {}, removed: [created.name] })
    expect(
      await store.connection.db.selectFrom('cart_items').select('size').where('product_id', '=', created.id).execute(),
    ).toEqual([])
    expect(await store.services.cart.dropArchived(shopper.user._id)).toEqual([])

    // The console still lists it, flagged.
    const page = await json<AdminProductPage>(await get(adminCookie, '/api/admin/products?q=kurta'))
    expect(page.items.map((p) => [p.id, p.archived])).toEqual([[created.id, true]])
  })

  it('unarchives it: back on the product page, in the list and in search; every change audited', async () => {
    await json(await postJson(adminCookie, `/api/admin/products/${created.id}/archive`, { archived: false }))
    expect((await json<Product>(await get(undefined, `/api/product/${created.id}`)))._id).toBe(created.id)
    const list = await json<Product[]>(await get(undefined, '/api/product/list'))
    expect(list.map((p) => p._id)).toContain(created.id)
    const found = await json<CatalogPage<ProductSummary>>(await get(undefined, '/api/products?q=kurta'))
    expect(found.items.map((p) => p._id)).toEqual([created.id])

    const product = await json<AdminProduct>(await get(adminCookie, `/api/admin/products/${created.id}`))
    expect(product.audit.map((a) => [a.action, a.before, a.after])).toEqual([
      ['create', null, expect.objectContaining({ name: input.name, price: 3299 })],
      ['update', expect.anything(), expect.anything()],
      ['archive', { archived: false }, { archived: true }],
      ['unarchive', { archived: true }, { archived: false }],
    ])
  })

  it('sets one size’s stock, audited', async () => {
    const res = await json<{ product: AdminProduct }>(
      await postJson(adminCookie, `/api/admin/products/${created.id}/stock`, { size: 'L', stock: 9, opened: 5 }),
    )
    expect(res.product.sizes).toEqual([
      { size: 'M', stock: 2 },
      { size: 'L', stock: 9 },
    ])
    expect(res.product.audit.at(-1)).toMatchObject({
      action: 'stock',
      before: { size: 'L', stock: 5 },
      after: { size: 'L', stock: 9 },
    })
    expect((await json<Product>(await get(undefined, `/api/product/${created.id}`))).stock).toEqual({ M: 2, L: 9 })
    expect(
      (await postJson(adminCookie, `/api/admin/products/${created.id}/stock`, { size: 'XS', stock: 1, opened: 0 }))
        .status,
    ).toBe(404)
  })

  it('answers 404 for an unknown product', async () => {
    expect((await get(adminCookie, '/api/admin/products/no-such-product')).status).toBe(404)
    expect((await save(adminCookie, 'no-such-product', form(input, {}))).status).toBe(404)
    expect(
      (await postJson(adminCookie, '/api/admin/products/no-such-product/archive', { archived: true })).status,
    ).toBe(404)
  })
})

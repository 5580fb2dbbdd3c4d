import fs from 'node:fs'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STOCK_CHANGED_MESSAGE, type AdminProduct, type AdminProductInput } from '#contracts/admin.ts'
import { DELIVERY_FEE } from '#contracts/pricing.ts'
import { createApp } from '#server/app.ts'
import { buildDir, productionPages } from '#server/pages.ts'
import { createTestStore, databases, signedInAdmin, signedInClient, type TestStore } from '#tests/api/harness.ts'
import { formOf } from '#tests/api/pages.ts'
import { makeProduct, testAddress } from '#tests/support/factories.ts'

// A console save never undoes what orders took (docs/decisions/017): the form and the API
// carry each size's stock as the owner opened the product; a count left as opened is not
// written; a changed one is set only if the shelf still holds what was opened, else 409
// and nothing changes. On each database, through the API, the page's form and a race.

const PRICE = 2000
const shirt = makeProduct({
  id: 'stock-shirt',
  name: 'Men Poplin Shirt',
  price: PRICE,
  sizes: ['S', 'M', 'L'],
  stock: { S: 10, M: 10, L: 10 },
})
const race = makeProduct({
  id: 'race-shirt',
  name: 'Men Racing Shirt',
  price: PRICE,
  sizes: ['S', 'M'],
  sizeChart: [],
  stock: { S: 30, M: 30 },
})

let addresses = 0
const nextAddress = () => `10.61.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`
let phones = 0
/** A phone of its own a shopper, so the open-orders limit by phone is never what a test meets. */
const nextPhone = () => `0301${String(1_000_000 + ++phones).slice(1)}`

async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text()
  expect(res.status, text).toBe(status)
  return JSON.parse(text) as T
}

describe.each(databases)('console stock saves (%s)', (kind) => {
  let store: TestStore
  let adminCookie: string
  let dataDir: string

  beforeAll(async () => {
    dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'kapra-console-stock-'))
    store = await createTestStore(kind, { catalog: [shirt, race], env: { DATA_DIR: dataDir } })
    adminCookie = (await signedInAdmin(store, '10.61.200.1')).client.cookie!
  })
  afterAll(async () => {
    await store.close()
    await fsp.rm(dataDir, { recursive: true, force: true })
  })

  const headers = () => ({ cookie: adminCookie, 'x-forwarded-for': '10.61.200.1' })
  const opened = async (id: string) =>
    json<AdminProduct>(await store.fetch(`/api/admin/products/${id}`, { headers: headers() }))
  const stockOf = async (id: string) =>
    Object.fromEntries(
      (
        await store.connection.db
          .selectFrom('product_sizes')
          .select(['size', 'stock'])
          .where('product_id', '=', id)
          .execute()
      ).map((r) => [r.size, r.stock]),
    )
  /** What the product form holds for a product as opened, as the API takes it. */
  const inputOf = (p: AdminProduct): AdminProductInput => ({
    name: p.name,
    description: p.description,
    price: p.price,
    category: p.category,
    subCategory: p.subCategory,
    sizes: p.sizes,
    sizeChart: p.sizeChart,
    bestSeller: p.bestSeller,
    openedStock: Object.fromEntries(p.sizes.map((s) => [s.size, s.stock])),
  })
  const save = (id: string, product: unknown) => {
    const body = new FormData()
    body.set('product', JSON.stringify(product))
    return store.fetch(`/api/admin/products/${id}`, { method: 'POST', body, headers: headers() })
  }
  const setStock = (id: string, change: unknown) =>
    store.fetch(`/api/admin/products/${id}/stock`, {
      method: 'POST',
      body: JSON.stringify(change),
      headers: { ...headers(), 'content-type': 'application/json' },
    })
  const auditCount = async (id: string) => (await store.services.admin.product(id)).audit.length

  /** A shopper's order of `quantity` of one size, placed now. */
  async function order(id: string, size: string, quantity: number) {
    const { client } = await signedInClient(store, nextAddress())
    expect((await client.post('/api/cart/update', { itemId: id, size, quantity })).status).toBe(200)
    return client.post('/api/order/placeorder', {
      address: { ...testAddress, phone: nextPhone() },
      items: [{ _id: id, size, quantity }],
      amount: PRICE * quantity + DELIVERY_FEE,
    })
  }

  it('an unchanged form saved after an order keeps the order’s pieces taken (API)', async () => {
    const before = await opened(shirt.id)
    expect(await stockOf(shirt.id)).toEqual({ S: 10, M: 10, L: 10 })
    expect((await order(shirt.id, 'M', 2)).status).toBe(201)
    // The owner fixes a typo in the description, with the form as it was opened.
    const res = await json<{ product: AdminProduct }>(
      await save(shirt.id, { ...inputOf(before), description: 'A crisp poplin shirt, fixed.' }),
    )
    expect(await stockOf(shirt.id)).toEqual({ S: 10, M: 8, L: 10 })
    expect(res.product.sizes).toEqual([
      { size: 'S', stock: 10 },
      { size: 'M', stock: 8 },
      { size: 'L', stock: 10 },
    ])
    expect(res.product.description).toBe('A crisp poplin shirt, fixed.')
    // The audit says what changed: the description, not the sizes.
    expect(Object.keys(res.product.audit.at(-1)!.after as object)).toEqual(['description'])
  })

  it('a changed size that was not moved meanwhile is set, the others keep what orders left', async () => {
    const before = await opened(shirt.id)
    expect((await order(shirt.id, 'S', 1)).status).toBe(201)
    const input = inputOf(before)
    const res = await json<{ product: AdminProduct }>(
      await save(shirt.id, { ...input, sizes: input.sizes.map((s) => (s.size === 'L' ? { ...s, stock: 25 } : s)) }),
    )
    expect(await stockOf(shirt.id)).toEqual({ S: 9, M: 8, L: 25 })
    expect(res.product.audit.at(-1)).toMatchObject({
      // As the shelf stood when the save ran (the order had taken its S), and after.
      before: {
        sizes: [
          { size: 'S', stock: 9 },
          { size: 'M', stock: 8 },
          { size: 'L', stock: 10 },
        ],
      },
      after: {
        sizes: [
          { size: 'S', stock: 9 },
          { size: 'M', stock: 8 },
          { size: 'L', stock: 25 },
        ],
      },
    })
  })

  it('a changed size an order also moved answers 409 and changes nothing at all', async () => {
    const before = await opened(shirt.id)
    const stock = await stockOf(shirt.id)
    const audits = await auditCount(shirt.id)
    expect((await order(shirt.id, 'M', 2)).status).toBe(201)
    const input = inputOf(before)
    const body = await json<{ message: string; fields: Record<string, string> }>(
      await save(shirt.id, {
        ...input,
        name: 'Men Poplin Shirt Renamed',
        sizes: input.sizes.map((s) => (s.size === 'M' ? { ...s, stock: 20 } : s)),
      }),
      409,
    )
    expect(body.message).toBe(STOCK_CHANGED_MESSAGE)
    expect(body.fields).toEqual({ 'stock.M': `Now ${stock.M! - 2} in stock` })
    expect(await stockOf(shirt.id)).toEqual({ ...stock, M: stock.M! - 2 })
    const after = await opened(shirt.id)
    expect(after.name).toBe('Men Poplin Shirt')
    expect(after.audit).toHaveLength(audits)
  })

  it('a size added meanwhile, or one added twice, answers 409; a size the owner drops is dropped', async () => {
    const before = await opened(shirt.id)
    const input = inputOf(before)
    // Another tab added XL since this form was opened: dropping it unseen is refused.
    const other = inputOf(before)
    await json(await save(shirt.id, { ...other, sizes: [...other.sizes, { size: 'XL', stock: 3 }] }))
    expect(await json(await save(shirt.id, input), 409)).toMatchObject({ message: STOCK_CHANGED_MESSAGE })
    // This form adds XL too, not knowing it is there.
    expect(
      await json(await save(shirt.id, { ...input, sizes: [...input.sizes, { size: 'XL', stock: 9 }] }), 409),
    ).toMatchObject({ message: STOCK_CHANGED_MESSAGE })
    expect((await stockOf(shirt.id)).XL).toBe(3)
    // Opened afresh, the owner drops XL: gone, the rest untouched.
    const fresh = inputOf(await opened(shirt.id))
    await json(await save(shirt.id, { ...fresh, sizes: fresh.sizes.filter((s) => s.size !== 'XL') }))
    expect(Object.keys(await stockOf(shirt.id)).sort()).toEqual(['L', 'M', 'S'])
  })

  it('refuses a save without the opened counts (400 naming openedStock), changing nothing', async () => {
    const before = await opened(shirt.id)
    const input: Partial<AdminProductInput> = inputOf(before)
    delete input.openedStock
    const body = await json<{ message: string; fields: Record<string, string> }>(
      await save(shirt.id, { ...input, name: 'Nameless' }),
      400,
    )
    expect(body.message).toMatch(/^openedStock is required/)
    expect(body.fields).toEqual({ openedStock: 'Required' })
    for (const bad of ['4', { S: 'four' }, { S: -1 }, { 'S M': 4 }]) {
      const refused = await json<{ message: string }>(
        await save(shirt.id, { ...input, name: 'Nameless', openedStock: bad }),
        400,
      )
      expect(refused.message).toMatch(/openedStock/)
    }
    expect((await opened(shirt.id)).name).toBe(before.name)
  })

  it('POST …/stock sets a size only if it still holds what was opened', async () => {
    const { S } = await stockOf(shirt.id)
    const missing = await json<{ message: string }>(await setStock(shirt.id, { size: 'S', stock: 40 }), 400)
    expect(missing.message).toMatch(/^opened is required/)
    expect(await stockOf(shirt.id)).toMatchObject({ S })

    expect((await order(shirt.id, 'S', 1)).status).toBe(201)
    const audits = await auditCount(shirt.id)
    expect(await json(await setStock(shirt.id, { size: 'S', stock: 40, opened: S }), 409)).toMatchObject({
      message: STOCK_CHANGED_MESSAGE,
    })
    expect(await stockOf(shirt.id)).toMatchObject({ S: S! - 1 })
    // The same count as opened writes nothing, whatever the shelf holds now.
    await json(await setStock(shirt.id, { size: 'S', stock: S, opened: S }))
    expect(await stockOf(shirt.id)).toMatchObject({ S: S! - 1 })
    expect(await auditCount(shirt.id)).toBe(audits)
    await json(await setStock(shirt.id, { size: 'S', stock: 40, opened: S! - 1 }))
    expect(await stockOf(shirt.id)).toMatchObject({ S: 40 })
    expect((await store.services.admin.product(shirt.id)).audit.at(-1)).toMatchObject({
      action: 'stock',
      before: { size: 'S', stock: S! - 1 },
      after: { size: 'S', stock: 40 },
    })
  })

  it('orders racing with saves never lose or double a piece', async () => {
    const start = { S: 30, M: 30 }
    expect(await stockOf(race.id)).toEqual(start)
    const before = await opened(race.id)
    const input = inputOf(before)
    // Twelve shoppers with a cart of M ready, to order all at once.
    const shoppers = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const { client } = await signedInClient(store, nextAddress())
        const quantity = (i % 2) + 1
        expect((await client.post('/api/cart/update', { itemId: race.id, size: 'M', quantity })).status).toBe(200)
        return { client, quantity, phone: nextPhone() }
      }),
    )
    const placed = shoppers.map(async ({ client, quantity, phone }) => {
      const res = await client.post('/api/order/placeorder', {
        address: { ...testAddress, phone },
        items: [{ _id: race.id, size: 'M', quantity }],
        amount: PRICE * quantity + DELIVERY_FEE,
      })
      return { status: res.status, quantity }
    })
    // Meanwhile the owner saves: twice unchanged, once with S deliberately 30 → 45, and
    // once with M deliberately 30 → 50 (set only if no order came first).
    const saves = [
      save(race.id, { ...input, description: 'Unchanged stock, first save.' }),
      save(race.id, { ...input, sizes: [{ size: 'S', stock: 45 }, input.sizes[1]!] }),
      save(race.id, { ...input, description: 'Unchanged stock, second save.' }),
      save(race.id, { ...input, sizes: [input.sizes[0]!, { size: 'M', stock: 50 }] }),
    ]
    const [orders, saved] = await Promise.all([Promise.all(placed), Promise.all(saves)])
    expect(orders.every((o) => o.status === 201)).toBe(true)
    const [first, sChange, second, mChange] = saved.map((r) => r.status)
    expect([first, sChange, second]).toEqual([200, 200, 200])
    expect([200, 409]).toContain(mChange)
    const taken = orders.reduce((n, o) => n + o.quantity, 0)
    const committed = await store.connection.db
      .selectFrom('order_items')
      .select((eb) => eb.fn.sum<number>('quantity').as('n'))
      .where('product_id', '=', race.id)
      .executeTakeFirstOrThrow()
    expect(Number(committed.n)).toBe(taken)
    // An M change that committed found the shelf at 30 (no order before it): 50 − the orders after it.
    const mOwner = mChange === 200 ? 50 - 30 : 0
    expect(await stockOf(race.id)).toEqual({ S: 45, M: start.M - taken + mOwner })
  })
})

// The console's own page, posted as a browser without scripts posts it (the built app).
describe.runIf(fs.existsSync(path.join(buildDir, 'server/index.js'))).each(databases)(
  'the product page’s form (%s)',
  (kind) => {
    let store: TestStore
    let app: ReturnType<typeof createApp>
    let adminCookie: string
    let dataDir: string

    beforeAll(async () => {
      dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'kapra-console-stock-page-'))
      store = await createTestStore(kind, { catalog: [shirt], env: { DATA_DIR: dataDir } })
      app = createApp({ services: store.services, pages: await productionPages() })
      adminCookie = (await signedInAdmin(store, '10.61.201.1')).client.cookie!
    })
    afterAll(async () => {
      await store.close()
      await fsp.rm(dataDir, { recursive: true, force: true })
    })

    const headers = () => ({ cookie: adminCookie, 'x-forwarded-for': '10.61.201.1' })
    const stockOf = async () =>
      Object.fromEntries(
        (
          await store.connection.db
            .selectFrom('product_sizes')
            .select(['size', 'stock'])
            .where('product_id', '=', shirt.id)
            .execute()
        ).map((r) => [r.size, r.stock]),
      )
    const openPage = async () => {
      const res = await app.request(`http://store.test/admin/products/${shirt.id}`, { headers: headers() })
      expect(res.status).toBe(200)
      return res.text()
    }
    const post = (form: FormData) =>
      app.request(`http://store.test/admin/products/${shirt.id}`, {
        method: 'POST',
        headers: { ...headers(), origin: 'http://store.test' },
        body: form,
      })
    async function order(size: string, quantity: number) {
      const { client } = await signedInClient(store, nextAddress())
      expect((await client.post('/api/cart/update', { itemId: shirt.id, size, quantity })).status).toBe(200)
      const res = await client.post('/api/order/placeorder', {
        address: { ...testAddress, phone: nextPhone() },
        items: [{ _id: shirt.id, size, quantity }],
        amount: PRICE * quantity + DELIVERY_FEE,
      })
      expect(res.status).toBe(201)
    }

    it('an unchanged form posted after an order for 2 leaves the original minus 2', async () => {
      const form = formOf(await openPage())
      expect(form.getAll('openedSize')).toEqual(['S', 'M', 'L'])
      expect(form.getAll('openedStock')).toEqual(['10', '10', '10'])
      await order('M', 2)
      form.set('description', 'Fixed a typo.')
      const res = await post(form)
      expect(res.status, await res.clone().text()).toBe(302)
      expect(res.headers.get('location')).toBe(`/admin/products/${shirt.id}?saved`)
      expect(await stockOf()).toEqual({ S: 10, M: 8, L: 10 })
      expect((await store.services.admin.product(shirt.id)).description).toBe('Fixed a typo.')
    })

    it('a changed count an order also moved shows the 409 with the form as typed', async () => {
      const form = formOf(await openPage())
      await order('L', 1)
      const stocks = form.getAll('stock').map(String)
      stocks[2] = '33'
      form.delete('stock')
      for (const s of stocks) form.append('stock', s)
      form.set('name', 'Typed Name')
      const res = await post(form)
      expect(res.status).toBe(409)
      const html = await res.text()
      expect(html).toContain(STOCK_CHANGED_MESSAGE.replace(/'/g, '&#x27;'))
      const shown = formOf(html)
      expect(shown.get('name')).toBe('Typed Name')
      expect(shown.getAll('stock').slice(0, 3)).toEqual(['10', '8', '33'])
      // What was opened, not what the shelf holds now: sent again, it is refused again.
      expect(shown.getAll('openedStock')).toEqual(['10', '8', '10'])
      expect(await stockOf()).toEqual({ S: 10, M: 8, L: 9 })
      expect((await store.services.admin.product(shirt.id)).name).toBe(shirt.name)
    })
  },
)

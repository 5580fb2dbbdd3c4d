import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  createTestStore,
  databases,
  signedInClient,
  storedCartLines,
  type TestClient,
  type TestStore,
} from '#tests/api/harness.ts'

// docs/spec/store-spec.md §3 (cart map), docs/spec/rulings.md #12 (merge) and 17 (a line holds 1..100).
// The default test catalog: oxford-shirt (S M L XL), denim-jeans (S M L), kids-hoodie (4-5Y 6-7Y).

interface Shopper {
  client: TestClient
  user: { _id: string }
}

describe.each(databases)('cart (%s)', (kind) => {
  let store: TestStore
  let ayesha: Shopper
  let bilal: Shopper

  beforeAll(async () => {
    store = await createTestStore(kind)
    ayesha = await signedInClient(store)
    bilal = await signedInClient(store)
  })
  afterAll(() => store.close())
  beforeEach(async () => {
    await store.connection.db.deleteFrom('cart_items').execute()
  })

  const rows = (userId: string) => storedCartLines(store, userId)

  async function cartOf(client: TestClient) {
    const res = await client.post('/api/cart/get')
    expect(res.status).toBe(200)
    return (await res.json()) as unknown
  }

  async function expectRefused(res: Response, status: number, message: string | RegExp) {
    expect(res.status).toBe(status)
    const body = (await res.json()) as { message: string }
    if (typeof message === 'string') expect(body.message).toBe(message)
    else expect(body.message).toMatch(message)
  }

  it.each(['get', 'add', 'update', 'merge'])('answers /api/cart/%s with 401 without a session', async (action) => {
    const res = await store.client().post(`/api/cart/${action}`, {
      itemId: 'oxford-shirt',
      size: 'M',
      quantity: 1,
      cart: { 'oxford-shirt': { M: 1 } },
    })
    await expectRefused(res, 401, 'Please log in to continue')
    expect(await store.connection.db.selectFrom('cart_items').selectAll().execute()).toEqual([])
  })

  it('starts empty', async () => {
    expect(await cartOf(ayesha.client)).toStrictEqual({})
  })

  it('adds one at a time, per product and size', async () => {
    const { client, user } = ayesha
    const first = await client.post('/api/cart/add', { itemId: 'oxford-shirt', size: 'M' })
    expect(first.status).toBe(200)
    expect(await first.json()).toStrictEqual({ 'oxford-shirt': { M: 1 } })
    await client.post('/api/cart/add', { itemId: 'oxford-shirt', size: 'M' })
    const third = await client.post('/api/cart/add', { itemId: 'oxford-shirt', size: 'L' })
    expect(await third.json()).toStrictEqual({ 'oxford-shirt': { M: 2, L: 1 } })
    expect(await cartOf(client)).toStrictEqual({ 'oxford-shirt': { M: 2, L: 1 } })
    expect(await rows(user._id)).toEqual([
      { product_id: 'oxford-shirt', size: 'L', quantity: 1 },
      { product_id: 'oxford-shirt', size: 'M', quantity: 2 },
    ])
  })

  it('sets a quantity on update', async () => {
    const { client, user } = ayesha
    const set = await client.post('/api/cart/update', { itemId: 'denim-jeans', size: 'L', quantity: 5 })
    expect(set.status).toBe(200)
    expect(await set.json()).toStrictEqual({ 'denim-jeans': { L: 5 } })
    const lower = await client.post('/api/cart/update', { itemId: 'denim-jeans', size: 'L', quantity: 2 })
    expect(await lower.json()).toStrictEqual({ 'denim-jeans': { L: 2 } })
    const max = await client.post('/api/cart/update', { itemId: 'denim-jeans', size: 'L', quantity: 100 })
    expect(await max.json()).toStrictEqual({ 'denim-jeans': { L: 100 } })
    expect(await rows(user._id)).toEqual([{ product_id: 'denim-jeans', size: 'L', quantity: 100 }])
  })

  describe('line order', () => {
    // A clock that moves a second per reading, so every line is added at its own time.
    let t = Date.UTC(2026, 10, 22, 9)
    let ticking: TestStore
    beforeAll(async () => {
      ticking = await createTestStore(kind, { now: () => (t += 1000) })
    })
    afterAll(() => ticking.close())

    it('keeps each line where it was added when its quantity changes', async () => {
      const { client } = await signedInClient(ticking)
      for (const [itemId, size] of [
        ['denim-jeans', 'L'],
        ['kids-hoodie', '4-5Y'],
        ['oxford-shirt', 'M'],
      ]) {
        expect((await client.post('/api/cart/add', { itemId, size })).status).toBe(200)
      }
      expect((await client.post('/api/cart/update', { itemId: 'denim-jeans', size: 'L', quantity: 3 })).status).toBe(
        200,
      )
      expect((await client.post('/api/cart/add', { itemId: 'kids-hoodie', size: '4-5Y' })).status).toBe(200)
      expect(Object.keys((await cartOf(client)) as object)).toEqual(['denim-jeans', 'kids-hoodie', 'oxford-shirt'])
    })
  })

  it('removes the line on update to 0 and never answers a zero or empty entry', async () => {
    const { client, user } = ayesha
    await client.post('/api/cart/update', { itemId: 'oxford-shirt', size: 'M', quantity: 2 })
    await client.post('/api/cart/update', { itemId: 'oxford-shirt', size: 'S', quantity: 1 })
    await client.post('/api/cart/update', { itemId: 'kids-hoodie', size: '4-5Y', quantity: 1 })

    const one = await client.post('/api/cart/update', { itemId: 'oxford-shirt', size: 'M', quantity: 0 })
    expect(one.status).toBe(200)
    expect(await one.json()).toStrictEqual({ 'oxford-shirt': { S: 1 }, 'kids-hoodie': { '4-5Y': 1 } })
    // The product's last size goes: the product goes too, no { 'oxford-shirt': {} }.
    const last = await client.post('/api/cart/update', { itemId: 'oxford-shirt', size: 'S', quantity: 0 })
    expect(await last.json()).toStrictEqual({ 'kids-hoodie': { '4-5Y': 1 } })
    expect(await rows(user._id)).toEqual([{ product_id: 'kids-hoodie', size: '4-5Y', quantity: 1 }])

    // Removing a line that is not there is harmless.
    const absent = await client.post('/api/cart/update', { itemId: 'denim-jeans', size: 'S', quantity: 0 })
    expect(absent.status).toBe(200)
    expect(await absent.json()).toStrictEqual({ 'kids-hoodie': { '4-5Y': 1 } })
  })

  describe('refuses what is not a valid line, naming the field, and changes nothing', () => {
    beforeEach(async () => {
      await ayesha.client.post('/api/cart/update', { itemId: 'oxford-shirt', size: 'M', quantity: 3 })
    })
    const before = [{ product_id: 'oxford-shirt', size: 'M', quantity: 3 }]

    it.each([
      ['add', { itemId: 'no-such-product', size: 'M' }, 'itemId', /^itemId /],
      ['add', { itemId: 'oxford-shirt', size: 'XXL' }, 'size', /^size XXL is not available/],
      ['add', { itemId: 'kids-hoodie', size: 'M' }, 'size', /^size M is not available/],
      ['add', { size: 'M' }, 'itemId', 'itemId is required'],
      ['add', { itemId: 'oxford-shirt' }, 'size', 'size is required'],
      ['add', { itemId: 'oxford-shirt', size: '' }, 'size', 'size is required'],
      ['update', { itemId: 'no-such-product', size: 'M', quantity: 1 }, 'itemId', /^itemId /],
      ['update', { itemId: 'oxford-shirt', size: 'XXL', quantity: 1 }, 'size', /^size XXL is not available/],
      ['update', { itemId: 'oxford-shirt', size: 'M', quantity: -1 }, 'quantity', 'quantity must be 0 or more'],
      ['update', { itemId: 'oxford-shirt', size: 'M', quantity: 1.5 }, 'quantity', 'quantity must be a whole number'],
      ['update', { itemId: 'oxford-shirt', size: 'M', quantity: 101 }, 'quantity', 'quantity must be at most 100'],
      ['update', { itemId: 'oxford-shirt', size: 'M', quantity: '3' }, 'quantity', 'quantity must be a whole number'],
      ['update', { itemId: 'oxford-shirt', size: 'M', quantity: null }, 'quantity', 'quantity must be a whole number'],
      ['update', { itemId: 'oxford-shirt', size: 'M' }, 'quantity', 'quantity must be a whole number'],
    ])('%s %j', async (action, body, field, message) => {
      const res = await ayesha.client.post(`/api/cart/${action}`, body)
      expect(res.status).toBe(400)
      const answer = (await res.json()) as { message: string; fields?: Record<string, string> }
      if (typeof message === 'string') expect(answer.message).toBe(message)
      else expect(answer.message).toMatch(message)
      expect(answer.fields).toHaveProperty(field)
      expect(await rows(ayesha.user._id)).toEqual(before)
    })
  })

  it("checks a guest's line as add does, and stores nothing", async () => {
    const { cart } = store.services
    await expect(cart.check({ itemId: 'oxford-shirt', size: 'M' })).resolves.toBeUndefined()
    await expect(cart.check({ itemId: 'oxford-shirt', size: 'XXL' })).rejects.toThrow(/^size XXL is not available/)
    await expect(cart.check({ itemId: 'no-such-product', size: 'M' })).rejects.toThrow(/^itemId /)
    expect(await store.connection.db.selectFrom('cart_items').selectAll().execute()).toEqual([])
  })

  it('refuses to add beyond 100 of a line', async () => {
    const { client, user } = ayesha
    await client.post('/api/cart/update', { itemId: 'oxford-shirt', size: 'M', quantity: 99 })
    expect((await client.post('/api/cart/add', { itemId: 'oxford-shirt', size: 'M' })).status).toBe(200)
    const over = await client.post('/api/cart/add', { itemId: 'oxford-shirt', size: 'M' })
    await expectRefused(over, 400, 'quantity must be at most 100')
    expect(await rows(user._id)).toEqual([{ product_id: 'oxford-shirt', size: 'M', quantity: 100 }])
  })

  it("keeps two shoppers' carts apart, whatever ids the body carries", async () => {
    await ayesha.client.post('/api/cart/update', { itemId: 'oxford-shirt', size: 'M', quantity: 4 })
    const mine = [{ product_id: 'oxford-shirt', size: 'M', quantity: 4 }]

    // Bilal names Ayesha in every way a body could.
    const foreign = { userId: ayesha.user._id, user_id: ayesha.user._id, _id: ayesha.user._id }
    expect(await cartOf(bilal.client)).toStrictEqual({})
    const get = await bilal.client.post('/api/cart/get', foreign)
    expect(await get.json()).toStrictEqual({})
    const add = await bilal.client.post('/api/cart/add', { ...foreign, itemId: 'oxford-shirt', size: 'M' })
    expect(await add.json()).toStrictEqual({ 'oxford-shirt': { M: 1 } })
    const zero = await bilal.client.post('/api/cart/update', {
      ...foreign,
      itemId: 'oxford-shirt',
      size: 'M',
      quantity: 0,
    })
    expect(await zero.json()).toStrictEqual({})
    await bilal.client.post('/api/cart/merge', { ...foreign, cart: { 'denim-jeans': { S: 2 } } })

    expect(await rows(ayesha.user._id)).toEqual(mine)
    expect(await cartOf(ayesha.client)).toStrictEqual({ 'oxford-shirt': { M: 4 } })
    expect(await rows(bilal.user._id)).toEqual([{ product_id: 'denim-jeans', size: 'S', quantity: 2 }])
  })

  describe('merging a guest cart', () => {
    it('adds quantities per product and size and drops what the store does not sell', async () => {
      const { client, user } = ayesha
      await client.post('/api/cart/update', { itemId: 'oxford-shirt', size: 'M', quantity: 2 })
      await client.post('/api/cart/update', { itemId: 'kids-hoodie', size: '6-7Y', quantity: 1 })
      const res = await client.post('/api/cart/merge', {
        cart: {
          'oxford-shirt': { M: 3, L: 1 },
          'denim-jeans': { S: 4, M: 0 },
          'kids-hoodie': { XL: 2 },
          'no-such-product': { M: 1 },
        },
      })
      expect(res.status).toBe(200)
      const merged = { 'oxford-shirt': { M: 5, L: 1 }, 'kids-hoodie': { '6-7Y': 1 }, 'denim-jeans': { S: 4 } }
      expect(await res.json()).toEqual(merged)
      expect(await cartOf(client)).toEqual(merged)
      expect(await rows(user._id)).toEqual([
        { product_id: 'denim-jeans', size: 'S', quantity: 4 },
        { product_id: 'kids-hoodie', size: '6-7Y', quantity: 1 },
        { product_id: 'oxford-shirt', size: 'L', quantity: 1 },
        { product_id: 'oxford-shirt', size: 'M', quantity: 5 },
      ])
    })

    it('caps a merged line at 100', async () => {
      const { client, user } = ayesha
      await client.post('/api/cart/update', { itemId: 'denim-jeans', size: 'L', quantity: 60 })
      const res = await client.post('/api/cart/merge', { cart: { 'denim-jeans': { L: 60 } } })
      expect(await res.json()).toStrictEqual({ 'denim-jeans': { L: 100 } })
      expect(await rows(user._id)).toEqual([{ product_id: 'denim-jeans', size: 'L', quantity: 100 }])
    })

    it('answers the cart unchanged for an empty guest cart', async () => {
      const { client } = ayesha
      await client.post('/api/cart/update', { itemId: 'denim-jeans', size: 'L', quantity: 1 })
      const res = await client.post('/api/cart/merge', { cart: {} })
      expect(res.status).toBe(200)
      expect(await res.json()).toStrictEqual({ 'denim-jeans': { L: 1 } })
    })

    it.each([
      [{ cart: { 'oxford-shirt': { M: 101 } } }, 'quantity must be at most 100'],
      [{ cart: { 'oxford-shirt': { M: -1 } } }, 'quantity must be 0 or more'],
      [{ cart: { 'oxford-shirt': { M: '2' } } }, 'quantity must be a whole number'],
      [{ cart: { 'oxford-shirt': 2 } }, /cart/],
      [{}, /cart/],
    ])('refuses %j with 400 and merges nothing', async (body, message) => {
      const { client, user } = ayesha
      await client.post('/api/cart/update', { itemId: 'denim-jeans', size: 'L', quantity: 1 })
      // A valid line beside the invalid one must not slip in either.
      const withValid = 'cart' in body ? { cart: { 'denim-jeans': { S: 1 }, ...body.cart } } : body
      await expectRefused(await client.post('/api/cart/merge', withValid), 400, message)
      expect(await rows(user._id)).toEqual([{ product_id: 'denim-jeans', size: 'L', quantity: 1 }])
    })
  })
})

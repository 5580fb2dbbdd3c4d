import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  createTestStore,
  databases,
  defaultCatalog,
  signedInClient,
  storedCartLines,
  type TestClient,
  type TestStore,
} from '#tests/api/harness.ts'
import { makeProduct, testAddress } from '#tests/support/factories.ts'

// docs/spec/rulings.md #13-15: an order is the signed-in user's server cart, priced by the server,
// stored with a snapshot of its lines in one transaction that also empties the cart.
const CART_CHANGED = 'Your cart has changed, please review it'
const PRICES_CHANGED = 'Prices have changed, please review your cart'
const FEE = 50

const catalog = [...defaultCatalog, makeProduct({ id: 'linen-tee', name: 'Linen Tee', price: 1500 })]
const priceOf = (id: string) => catalog.find((p) => p.id === id)!.price

interface Line {
  _id: string
  size: string
  quantity: number
}
interface Shopper {
  client: TestClient
  user: { _id: string }
}

/** What a storefront sends: its cart lines (with the price it shows) and its total. */
function checkout(lines: Line[], overrides: Record<string, unknown> = {}) {
  const subtotal = lines.reduce((sum, l) => sum + priceOf(l._id) * l.quantity, 0)
  return {
    address: testAddress,
    items: lines.map((l) => ({ ...l, name: 'as shown', price: priceOf(l._id) })),
    amount: subtotal + (subtotal > 0 ? FEE : 0),
    ...overrides,
  }
}

const shirtAndJeans: Line[] = [
  { _id: 'oxford-shirt', size: 'M', quantity: 2 },
  { _id: 'denim-jeans', size: 'L', quantity: 1 },
]

describe.each(databases)('orders (%s)', (kind) => {
  let store: TestStore
  let ayesha: Shopper
  let bilal: Shopper

  beforeAll(async () => {
    store = await createTestStore(kind, { catalog })
    ayesha = await signedInClient(store)
    bilal = await signedInClient(store)
  })
  afterAll(() => store.close())
  beforeEach(async () => {
    const { db } = store.connection
    await db.deleteFrom('order_items').execute()
    await db.deleteFrom('orders').execute()
    await db.deleteFrom('cart_items').execute()
  })

  async function fill(client: TestClient, lines: Line[]) {
    for (const l of lines) {
      const res = await client.post('/api/cart/update', { itemId: l._id, size: l.size, quantity: l.quantity })
      expect(res.status).toBe(200)
      // Lines keep the order they were added in, by the millisecond: one apart at least.
      await new Promise((resolve) => setTimeout(resolve, 2))
    }
  }

  const cartRows = (userId: string) => storedCartLines(store, userId)
  const orderRows = (userId?: string) =>
    store.connection.db
      .selectFrom('orders')
      .selectAll()
      .$if(userId !== undefined, (q) => q.where('user_id', '=', userId!))
      .execute()
  const itemRows = () => store.connection.db.selectFrom('order_items').selectAll().execute()

  /** A refused checkout stores nothing and leaves the cart as it was. */
  async function expectNothingStored(shopper: Shopper, cart: Line[]) {
    expect(await orderRows()).toEqual([])
    expect(await itemRows()).toEqual([])
    const expected = cart
      .map((l) => ({ product_id: l._id, size: l.size, quantity: l.quantity }))
      .sort((a, b) => a.product_id.localeCompare(b.product_id) || a.size.localeCompare(b.size))
    expect(await cartRows(shopper.user._id)).toEqual(expected)
  }

  async function expectConflict(res: Response, message: string) {
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ message })
  }

  it.each(['placeorder', 'userorder'])('answers %s with 401 when signed out', async (action) => {
    const res = await store.client().post(`/api/order/${action}`, checkout(shirtAndJeans))
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ message: 'Please log in to continue' })
    expect(await orderRows()).toEqual([])
  })

  it('places the order from the server cart: 201 with the order, the cart emptied', async () => {
    await fill(ayesha.client, shirtAndJeans)
    const before = Date.now()
    const res = await ayesha.client.post('/api/order/placeorder', checkout(shirtAndJeans))
    const after = Date.now()
    expect(res.status).toBe(201)
    const amount = 2 * 2499 + 3499 + FEE
    const body = (await res.json()) as { message: string; order: { _id: string; date: number } }
    expect(body).toStrictEqual({
      message: 'Order placed',
      order: {
        _id: expect.any(String) as string,
        items: [
          {
            _id: 'oxford-shirt',
            name: 'Men Oxford Shirt',
            price: 2499,
            image: '/images/products/oxford-shirt-front-800.webp',
            image1: '/images/products/oxford-shirt-front-800.webp',
            size: 'M',
            quantity: 2,
          },
          {
            _id: 'denim-jeans',
            name: 'Men Denim Jeans',
            price: 3499,
            image: '/images/products/denim-jeans-front-800.webp',
            image1: '/images/products/denim-jeans-front-800.webp',
            size: 'L',
            quantity: 1,
          },
        ],
        // The order's own figures (docs/decisions/026): no code, the spec's fee.
        subtotal: amount - FEE,
        deliveryFee: FEE,
        discountCode: null,
        discount: 0,
        amount,
        address: testAddress,
        status: 'Order Placed',
        payment: false,
        paymentMethod: 'COD',
        date: expect.any(Number) as number,
        // Its life starts with one event, its placing by the shopper (docs/spec/rulings.md #15).
        events: [{ at: body.order.date, from: null, to: 'Order Placed', by: 'shopper', note: null, request: null }],
        courier: null,
        trackingNumber: null,
        trackingUrl: null,
        // No exchange or return asked for; not an exchange (docs/decisions/036).
        request: null,
        exchangeFor: null,
      },
    })
    expect(body.order.date).toBeGreaterThanOrEqual(before)
    expect(body.order.date).toBeLessThanOrEqual(after)

    expect(await (await ayesha.client.post('/api/cart/get')).json()).toStrictEqual({})
    expect(await cartRows(ayesha.user._id)).toEqual([])
    const [order] = await orderRows(ayesha.user._id)
    expect(order).toMatchObject({
      id: body.order._id,
      subtotal: amount - FEE,
      delivery_fee: FEE,
      amount,
      status: 'Order Placed',
      payment: 0,
      payment_method: 'COD',
      first_name: 'Ayesha',
      pin_code: '75600',
      phone: '03001234567',
      phone_key: '923001234567',
      courier: null,
      tracking_number: null,
      created_at: body.order.date,
    })
    expect(await itemRows()).toHaveLength(2)
  })

  it('ignores the prices and names the browser sends in items', async () => {
    await fill(ayesha.client, shirtAndJeans)
    const cheap = checkout(shirtAndJeans)
    cheap.items = cheap.items.map((i) => ({ ...i, price: 1, name: 'Free shirt' }))
    const res = await ayesha.client.post('/api/order/placeorder', cheap)
    expect(res.status).toBe(201)
    const { order } = (await res.json()) as { order: { items: { name: string; price: number }[]; amount: number } }
    // Lines added within one millisecond tie on time, so compare them by name.
    expect(order.items.map((i) => [i.name, i.price]).sort()).toEqual([
      ['Men Denim Jeans', 3499],
      ['Men Oxford Shirt', 2499],
    ])
    expect((await itemRows()).map((i) => i.price).sort()).toEqual([2499, 3499])
  })

  it('accepts pin code and phone as numbers, as the spec sends them', async () => {
    await fill(ayesha.client, shirtAndJeans)
    const res = await ayesha.client.post(
      '/api/order/placeorder',
      checkout(shirtAndJeans, { address: { ...testAddress, pinCode: 75600, phone: 3001234567 } }),
    )
    expect(res.status).toBe(201)
    expect(await orderRows(ayesha.user._id)).toMatchObject([{ pin_code: '75600', phone: '3001234567' }])
  })

  describe('refuses an invalid address with 400 naming the field, storing nothing', () => {
    const labels: Record<string, string> = {
      firstName: 'First name',
      lastName: 'Last name',
      email: 'Email',
      street: 'Street',
      city: 'City',
      state: 'State',
      pinCode: 'Pin code',
      country: 'Country',
      phone: 'Phone',
    }

    it.each(Object.keys(labels))('without %s', async (field) => {
      await fill(ayesha.client, shirtAndJeans)
      const address: Record<string, unknown> = { ...testAddress }
      delete address[field]
      const res = await ayesha.client.post('/api/order/placeorder', checkout(shirtAndJeans, { address }))
      expect(res.status).toBe(400)
      const body = (await res.json()) as { message: string; fields: Record<string, string> }
      expect(body.message).toBe(`${labels[field]} is required`)
      expect(Object.keys(body.fields)).toEqual([`address.${field}`])
      await expectNothingStored(ayesha, shirtAndJeans)
    })

    it.each([
      ['email', 'ayesha.example.com', 'Enter a valid email address'],
      ['pinCode', 'KHI-75', 'Pin code must be 3 to 10 digits'],
      ['phone', '0300-CALL-ME', 'Phone must be 7 to 15 digits'],
      ['city', '   ', 'City is required'],
    ])('with %s %j', async (field, value, message) => {
      await fill(ayesha.client, shirtAndJeans)
      const address = { ...testAddress, [field]: value }
      const res = await ayesha.client.post('/api/order/placeorder', checkout(shirtAndJeans, { address }))
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ message })
      await expectNothingStored(ayesha, shirtAndJeans)
    })

    it('without any address', async () => {
      await fill(ayesha.client, shirtAndJeans)
      const { address: _, ...rest } = checkout(shirtAndJeans)
      const res = await ayesha.client.post('/api/order/placeorder', rest)
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ message: 'address is required' })
      await expectNothingStored(ayesha, shirtAndJeans)
    })
  })

  it.each([
    ['a lower amount', -1],
    ['a much lower amount', -2499],
    ['the amount without the delivery fee', -FEE],
  ])('refuses %s with 409 and stores nothing', async (_case, delta) => {
    await fill(ayesha.client, shirtAndJeans)
    const payload = checkout(shirtAndJeans)
    payload.amount += delta
    await expectConflict(await ayesha.client.post('/api/order/placeorder', payload), PRICES_CHANGED)
    await expectNothingStored(ayesha, shirtAndJeans)
  })

  it.each<[string, Line[]]>([
    [
      'a different quantity',
      [
        { _id: 'oxford-shirt', size: 'M', quantity: 1 },
        { _id: 'denim-jeans', size: 'L', quantity: 1 },
      ],
    ],
    ['a missing line', [{ _id: 'oxford-shirt', size: 'M', quantity: 2 }]],
    ['an extra line', [...shirtAndJeans, { _id: 'kids-hoodie', size: '4-5Y', quantity: 1 }]],
    [
      'a different size',
      [
        { _id: 'oxford-shirt', size: 'L', quantity: 2 },
        { _id: 'denim-jeans', size: 'L', quantity: 1 },
      ],
    ],
    [
      'a different product',
      [
        { _id: 'oxford-shirt', size: 'M', quantity: 2 },
        { _id: 'linen-tee', size: 'L', quantity: 1 },
      ],
    ],
  ])('refuses items with %s with 409 and stores nothing', async (_case, items) => {
    await fill(ayesha.client, shirtAndJeans)
    // The amount matches the tampered items, so only the cart comparison can catch them.
    const res = await ayesha.client.post('/api/order/placeorder', checkout(items))
    await expectConflict(res, CART_CHANGED)
    await expectNothingStored(ayesha, shirtAndJeans)
  })

  it('refuses an empty cart with 409', async () => {
    const res = await ayesha.client.post('/api/order/placeorder', checkout(shirtAndJeans))
    await expectConflict(res, 'Your cart is empty')
    await expectNothingStored(ayesha, [])
  })

  it('refuses an order priced before a price change, then takes it at the new price', async () => {
    const lines = [{ _id: 'linen-tee', size: 'M', quantity: 2 }]
    await fill(ayesha.client, lines)
    const { db } = store.connection
    await db.updateTable('products').set({ price: 1800, list_price: 1800 }).where('id', '=', 'linen-tee').execute()
    try {
      const stale = await ayesha.client.post('/api/order/placeorder', checkout(lines))
      await expectConflict(stale, PRICES_CHANGED)
      await expectNothingStored(ayesha, lines)

      const fresh = await ayesha.client.post('/api/order/placeorder', checkout(lines, { amount: 2 * 1800 + FEE }))
      expect(fresh.status).toBe(201)
      expect(await fresh.json()).toMatchObject({ order: { amount: 3650, items: [{ price: 1800, quantity: 2 }] } })
    } finally {
      await db.updateTable('products').set({ price: 1500, list_price: 1500 }).where('id', '=', 'linen-tee').execute()
    }
  })

  it('takes a higher amount as the most the shopper agreed to pay, and places the order at the server’s total', async () => {
    await fill(ayesha.client, shirtAndJeans)
    const payload = checkout(shirtAndJeans)
    const total = payload.amount
    const res = await ayesha.client.post('/api/order/placeorder', { ...payload, amount: total + 1000 })
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({ order: { amount: total } })
    expect((await orderRows(ayesha.user._id)).map((o) => o.amount)).toEqual([total])
  })

  it('places an order priced before a price cut at the new, lower price', async () => {
    const lines = [{ _id: 'linen-tee', size: 'L', quantity: 2 }]
    await fill(ayesha.client, lines)
    const { db } = store.connection
    await db.updateTable('products').set({ price: 1200, list_price: 1200 }).where('id', '=', 'linen-tee').execute()
    try {
      const res = await ayesha.client.post('/api/order/placeorder', checkout(lines))
      expect(res.status).toBe(201)
      expect(await res.json()).toMatchObject({
        order: { amount: 2 * 1200 + FEE, items: [{ price: 1200, quantity: 2 }] },
      })
      const orders = (await (await ayesha.client.post('/api/order/userorder')).json()) as unknown[]
      expect(orders).toMatchObject([{ amount: 2 * 1200 + FEE }])
    } finally {
      await db.updateTable('products').set({ price: 1500, list_price: 1500 }).where('id', '=', 'linen-tee').execute()
    }
  })

  it('keeps the price an order was placed at when the product changes later', async () => {
    const lines = [{ _id: 'linen-tee', size: 'S', quantity: 3 }]
    await fill(ayesha.client, lines)
    expect((await ayesha.client.post('/api/order/placeorder', checkout(lines))).status).toBe(201)
    const { db } = store.connection
    await db
      .updateTable('products')
      .set({ price: 9999, list_price: 9999, name: 'Linen Tee (new season)' })
      .where('id', '=', 'linen-tee')
      .execute()
    try {
      const orders = (await (await ayesha.client.post('/api/order/userorder')).json()) as unknown[]
      expect(orders).toMatchObject([
        { amount: 3 * 1500 + FEE, items: [{ _id: 'linen-tee', name: 'Linen Tee', price: 1500, quantity: 3 }] },
      ])
    } finally {
      await db
        .updateTable('products')
        .set({ price: 1500, list_price: 1500, name: 'Linen Tee' })
        .where('id', '=', 'linen-tee')
        .execute()
    }
  })

  it("lists only the caller's orders, oldest first", async () => {
    const first = [{ _id: 'oxford-shirt', size: 'S', quantity: 1 }]
    const second = [{ _id: 'kids-hoodie', size: '6-7Y', quantity: 2 }]
    const his = [{ _id: 'denim-jeans', size: 'M', quantity: 1 }]
    await fill(ayesha.client, first)
    expect((await ayesha.client.post('/api/order/placeorder', checkout(first))).status).toBe(201)
    // Orders a millisecond apart still have distinct times.
    await new Promise((resolve) => setTimeout(resolve, 5))
    await fill(bilal.client, his)
    expect((await bilal.client.post('/api/order/placeorder', checkout(his))).status).toBe(201)
    await new Promise((resolve) => setTimeout(resolve, 5))
    await fill(ayesha.client, second)
    expect((await ayesha.client.post('/api/order/placeorder', checkout(second))).status).toBe(201)

    const res = await ayesha.client.post('/api/order/userorder')
    expect(res.status).toBe(200)
    const orders = (await res.json()) as { date: number; items: unknown[] }[]
    const common = { status: 'Order Placed', payment: false, paymentMethod: 'COD', address: testAddress }
    expect(orders).toMatchObject([
      { ...common, amount: 2499 + FEE, items: [{ _id: 'oxford-shirt', size: 'S', quantity: 1 }] },
      { ...common, amount: 2 * 1799 + FEE, items: [{ _id: 'kids-hoodie', size: '6-7Y', quantity: 2 }] },
    ])
    expect(orders.map((o) => o.items.length)).toEqual([1, 1])
    expect(orders[0]!.date).toBeLessThan(orders[1]!.date)
    for (const o of orders) expect(Math.abs(o.date - Date.now())).toBeLessThan(60_000)

    const hisOrders = (await (await bilal.client.post('/api/order/userorder')).json()) as unknown[]
    expect(hisOrders).toMatchObject([{ amount: 3499 + FEE, items: [{ _id: 'denim-jeans' }] }])
    expect(hisOrders).toHaveLength(1)
  })

  it('lists no orders for a new shopper', async () => {
    const res = await ayesha.client.post('/api/order/userorder')
    expect(res.status).toBe(200)
    expect(await res.json()).toStrictEqual([])
  })

  it('makes exactly one order of ten concurrent submissions of the same cart', async () => {
    await fill(ayesha.client, shirtAndJeans)
    const payload = checkout(shirtAndJeans)
    const results = await Promise.all(
      Array.from({ length: 10 }, () => ayesha.client.post('/api/order/placeorder', payload)),
    )
    const statuses = results.map((r) => r.status).sort()
    expect(statuses).toEqual([201, ...Array.from({ length: 9 }, () => 409)])
    for (const r of results.filter((r) => r.status === 409)) {
      expect(await r.json()).toEqual({ message: 'Your cart is empty' })
    }
    expect(await orderRows(ayesha.user._id)).toHaveLength(1)
    expect(await itemRows()).toHaveLength(2)
    expect(await cartRows(ayesha.user._id)).toEqual([])
  })
})

import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product, ProductSummary } from '#contracts/catalog.ts'
import type { CatalogPage } from '#contracts/catalog-filters.ts'
import { canMove, orderStatuses, orderTransitions, type OrderStatus } from '#contracts/order-status.ts'
import type { Order } from '#contracts/orders.ts'
import { loadConfig } from '#server/config.ts'
import type { Connection } from '#server/db/database.ts'
import * as initial from '#server/db/migrations/2026-11-22T0900-initial.ts'
import * as cartLineOrder from '#server/db/migrations/2026-11-22T1400-cart-line-order.ts'
import { catalogQueries } from '#server/db/migrations/2026-11-24T0100-catalog-queries.ts'
import { createLogger } from '#server/http/logger.ts'
import { createServices } from '#server/services.ts'
import {
  createTestStore,
  databases,
  signedInClient,
  storedCartLines,
  type TestClient,
  type TestStore,
  databaseBefore,
  migrate,
} from '#tests/api/harness.ts'
import { makeProduct, testAddress } from '#tests/support/factories.ts'

// docs/spec/rulings.md #24 (stock per size, never oversold, put back on Cancelled and
// Returned) and #15 (the life of a cash-on-delivery order: its table of moves, who
// may make them, its events, payment only at Delivered), over HTTP and the services,
// on each database; and the migration that brings an existing store to both.

const FEE = 50
const catalog = [
  makeProduct({ id: 'oxford-shirt', name: 'Men Oxford Shirt', price: 2499, sizes: ['S', 'M', 'L', 'XL'] }),
  makeProduct({
    id: 'denim-jeans',
    name: 'Men Denim Jeans',
    price: 3499,
    subCategory: 'BottomWear',
    garment: 'jeans',
    sizeChart: null,
  }),
  makeProduct({
    id: 'kids-hoodie',
    name: 'Kids Hoodie',
    price: 1799,
    category: 'Kids',
    subCategory: 'WinterWear',
    sizes: ['4-5Y', '6-7Y'],
    sizeChart: null,
  }),
  makeProduct({ id: 'race-tee', name: 'Race Tee', price: 999, sizes: ['M'], sizeChart: null }),
  makeProduct({
    id: 'linen-kurta',
    name: 'Men Linen Kurta',
    price: 2899,
    subCategory: 'WinterWear',
    sizes: ['M', 'XXL'],
    sizeChart: null,
  }),
]
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

/** What a storefront sends for these cart lines. */
function checkout(lines: Line[], address: Record<string, unknown> = testAddress) {
  const subtotal = lines.reduce((sum, l) => sum + priceOf(l._id) * l.quantity, 0)
  return { address, items: lines, amount: subtotal + FEE }
}

const shipping = { courier: 'TCS', trackingNumber: 'TCS-7781234' }

/** The legal moves that bring a fresh order to each status. */
const pathTo: Record<OrderStatus, OrderStatus[]> = {
  'Order Placed': [],
  Confirmed: ['Confirmed'],
  Packing: ['Confirmed', 'Packing'],
  Shipped: ['Confirmed', 'Packing', 'Shipped'],
  'Out for delivery': ['Confirmed', 'Packing', 'Shipped', 'Out for delivery'],
  Delivered: ['Confirmed', 'Packing', 'Shipped', 'Delivered'],
  Returned: ['Confirmed', 'Packing', 'Shipped', 'Returned'],
  Cancelled: ['Cancelled'],
}

/** Two lines of one product, so a restock is checked line by line. */
const hoodies: Line[] = [
  { _id: 'kids-hoodie', size: '4-5Y', quantity: 2 },
  { _id: 'kids-hoodie', size: '6-7Y', quantity: 1 },
]

let addresses = 0
/** A client address of its own for every shopper, so no sign-in or registration limit is met. */
const nextAddress = () => {
  addresses++
  return `10.24.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`
}

describe.each(databases)('stock and the life of an order (%s)', (kind) => {
  let store: TestStore

  beforeAll(async () => {
    store = await createTestStore(kind, { catalog })
  })
  afterAll(() => store.close())

  const db = () => store.connection.db
  const shopper = (): Promise<Shopper> => signedInClient(store, nextAddress())
  const orders = () => store.services.orders

  async function setStock(productId: string, stock: Record<string, number>) {
    for (const [size, n] of Object.entries(stock))
      await db()
        .updateTable('product_sizes')
        .set({ stock: n })
        .where('product_id', '=', productId)
        .where('size', '=', size)
        .execute()
  }

  async function stockOf(productId: string): Promise<Record<string, number>> {
    const rows = await db()
      .selectFrom('product_sizes')
      .select(['size', 'stock'])
      .where('product_id', '=', productId)
      .execute()
    return Object.fromEntries(rows.map((r) => [r.size, r.stock]))
  }

  async function fill(client: TestClient, lines: Line[]) {
    for (const l of lines) {
      const res = await client.post('/api/cart/update', { itemId: l._id, size: l.size, quantity: l.quantity })
      if (res.status !== 200) throw new Error(`cart update: ${res.status} ${await res.text()}`)
    }
  }

  async function cartOf(client: TestClient): Promise<unknown> {
    const res = await client.post('/api/cart/get')
    expect(res.status).toBe(200)
    return res.json()
  }

  /** Fills the shopper's cart with these lines and places the order over HTTP. */
  async function place(who: Shopper, lines: Line[], address: Record<string, unknown> = testAddress): Promise<Order> {
    await fill(who.client, lines)
    const res = await who.client.post('/api/order/placeorder', checkout(lines, address))
    if (res.status !== 201) throw new Error(`placeorder: ${res.status} ${await res.text()}`)
    return ((await res.json()) as { order: Order }).order
  }

  /** A fresh order of `lines`, moved by the store along legal moves to `status`. */
  async function orderAt(status: OrderStatus, who: Shopper, lines: Line[] = hoodies): Promise<Order> {
    let order = await place(who, lines)
    for (const to of pathTo[status]) order = await orders().advance(order._id, to, to === 'Shipped' ? shipping : {})
    expect(order.status).toBe(status)
    return order
  }

  /** Everything a move may change: the order's row, its events and the stock of its product. */
  async function snapshot(orderId: string, productId = 'kids-hoodie') {
    const order = await db()
      .selectFrom('orders')
      .select(['status', 'payment', 'courier', 'tracking_number'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
    const events = await db()
      .selectFrom('order_events')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('position')
      .execute()
    return { order, events, stock: await stockOf(productId) }
  }

  const ordersOf = (userId: string) => db().selectFrom('orders').selectAll().where('user_id', '=', userId).execute()

  async function expectStatus(promise: Promise<unknown>, status: number) {
    await expect(promise).rejects.toMatchObject({ status })
  }

  describe('stock on the shelf', () => {
    it('shows the pieces left of each size in the product', async () => {
      await setStock('oxford-shirt', { S: 2, M: 10, L: 0, XL: 5 })
      const res = await store.fetch('/api/product/oxford-shirt')
      expect(res.status).toBe(200)
      const product = (await res.json()) as Product
      expect(product.sizes).toEqual(['S', 'M', 'L', 'XL'])
      expect(product.stock).toStrictEqual({ S: 2, M: 10, L: 0, XL: 5 })
    })
  })

  describe('the cart never holds more than the shelf', () => {
    let ayesha: Shopper
    beforeAll(async () => {
      ayesha = await shopper()
    })

    it('answers 409 naming the product, the size and what is left when an add would pass the stock', async () => {
      await setStock('oxford-shirt', { S: 2 })
      await fill(ayesha.client, [{ _id: 'oxford-shirt', size: 'S', quantity: 0 }])
      for (let i = 0; i < 2; i++)
        expect((await ayesha.client.post('/api/cart/add', { itemId: 'oxford-shirt', size: 'S' })).status).toBe(200)
      const res = await ayesha.client.post('/api/cart/add', { itemId: 'oxford-shirt', size: 'S' })
      expect(res.status).toBe(409)
      expect(await res.json()).toEqual({
        message: 'Only 2 left of Men Oxford Shirt in size S',
        fields: { size: 'Only 2 left' },
      })
      expect(await cartOf(ayesha.client)).toEqual({ 'oxford-shirt': { S: 2 } })
      await fill(ayesha.client, [{ _id: 'oxford-shirt', size: 'S', quantity: 0 }])
    })

    it('answers 409 "sold out" for a size with none left, adding nothing', async () => {
      await setStock('oxford-shirt', { L: 0 })
      const res = await ayesha.client.post('/api/cart/add', { itemId: 'oxford-shirt', size: 'L' })
      expect(res.status).toBe(409)
      expect(await res.json()).toEqual({
        message: 'Men Oxford Shirt in size L is sold out',
        fields: { size: 'Sold out' },
      })
      const update = await ayesha.client.post('/api/cart/update', { itemId: 'oxford-shirt', size: 'L', quantity: 1 })
      expect(update.status).toBe(409)
      expect(((await update.json()) as { message: string }).message).toBe('Men Oxford Shirt in size L is sold out')
      expect(await storedCartLines(store, ayesha.user._id)).toEqual([])
    })

    it('answers 409 to an update above the stock and changes nothing; a line can still be removed', async () => {
      await setStock('oxford-shirt', { M: 3 })
      await fill(ayesha.client, [{ _id: 'oxford-shirt', size: 'M', quantity: 1 }])
      const res = await ayesha.client.post('/api/cart/update', { itemId: 'oxford-shirt', size: 'M', quantity: 4 })
      expect(res.status).toBe(409)
      expect(await res.json()).toEqual({
        message: 'Only 3 left of Men Oxford Shirt in size M',
        fields: { size: 'Only 3 left' },
      })
      expect(await storedCartLines(store, ayesha.user._id)).toEqual([
        { product_id: 'oxford-shirt', size: 'M', quantity: 1 },
      ])
      // Exactly the stock is fine.
      await fill(ayesha.client, [{ _id: 'oxford-shirt', size: 'M', quantity: 3 }])
      expect(await cartOf(ayesha.client)).toEqual({ 'oxford-shirt': { M: 3 } })
      // Sold out since: the line is still removable.
      await setStock('oxford-shirt', { M: 0 })
      await fill(ayesha.client, [{ _id: 'oxford-shirt', size: 'M', quantity: 0 }])
      expect(await cartOf(ayesha.client)).toEqual({})
    })

    it('merges a guest cart capped at the stock, dropping sold-out sizes', async () => {
      const bilal = await shopper()
      await setStock('oxford-shirt', { S: 2, M: 10, L: 0 })
      await setStock('denim-jeans', { M: 3 })
      await fill(bilal.client, [{ _id: 'oxford-shirt', size: 'S', quantity: 1 }])
      const res = await bilal.client.post('/api/cart/merge', {
        cart: { 'oxford-shirt': { S: 5, M: 2, L: 3 }, 'denim-jeans': { M: 4 } },
      })
      expect(res.status).toBe(200)
      const merged = { 'oxford-shirt': { S: 2, M: 2 }, 'denim-jeans': { M: 3 } }
      expect(await res.json()).toEqual(merged)
      expect(await cartOf(bilal.client)).toEqual(merged)

      // A line already above the shelf (stock lowered since) is left for the cart page to flag.
      await setStock('oxford-shirt', { S: 1 })
      const again = await bilal.client.post('/api/cart/merge', { cart: { 'oxford-shirt': { S: 1 } } })
      expect(again.status).toBe(200)
      expect(await again.json()).toEqual(merged)
    })
  })

  describe('placing an order takes its stock', () => {
    const lines: Line[] = [
      { _id: 'oxford-shirt', size: 'M', quantity: 2 },
      { _id: 'denim-jeans', size: 'L', quantity: 1 },
    ]

    it('decrements the stock of each line', async () => {
      await setStock('oxford-shirt', { S: 6, M: 10 })
      await setStock('denim-jeans', { L: 4 })
      const who = await shopper()
      await place(who, lines)
      expect(await stockOf('oxford-shirt')).toMatchObject({ S: 6, M: 8 })
      expect(await stockOf('denim-jeans')).toMatchObject({ L: 3 })
      const product = (await (await store.fetch('/api/product/oxford-shirt')).json()) as Product
      expect(product.stock).toMatchObject({ S: 6, M: 8 })
    })

    it.each([
      [1, 'Only 1 left of Men Oxford Shirt in size M'],
      [0, 'Men Oxford Shirt in size M is sold out'],
    ])('refuses with 409 when a line has only %i left, changing nothing', async (left, message) => {
      await setStock('oxford-shirt', { M: 10 })
      await setStock('denim-jeans', { L: 4 })
      const who = await shopper()
      await fill(who.client, lines)
      // The shelf empties after the cart was filled (another shopper, the store).
      await setStock('oxford-shirt', { M: left })
      const res = await who.client.post('/api/order/placeorder', checkout(lines))
      expect(res.status).toBe(409)
      expect(((await res.json()) as { message: string }).message).toBe(message)
      // Nothing changed: no order, the other line's stock (taken first, then undone), the cart.
      expect(await ordersOf(who.user._id)).toEqual([])
      expect(await stockOf('denim-jeans')).toMatchObject({ L: 4 })
      expect(await stockOf('oxford-shirt')).toMatchObject({ M: left })
      expect(await storedCartLines(store, who.user._id)).toEqual([
        { product_id: 'denim-jeans', size: 'L', quantity: 1 },
        { product_id: 'oxford-shirt', size: 'M', quantity: 2 },
      ])
      expect(await cartOf(who.client)).toEqual({ 'oxford-shirt': { M: 2 }, 'denim-jeans': { L: 1 } })
    })

    it('sells a size of 5 to exactly 5 of 20 shoppers ordering at once', async () => {
      await setStock('race-tee', { M: 5 })
      const line: Line[] = [{ _id: 'race-tee', size: 'M', quantity: 1 }]
      const shoppers = await Promise.all(Array.from({ length: 20 }, () => shopper()))
      await Promise.all(shoppers.map((s) => fill(s.client, line)))

      const answers = await Promise.all(shoppers.map((s) => s.client.post('/api/order/placeorder', checkout(line))))
      const statuses = answers.map((r) => r.status)
      expect(statuses.filter((s) => s === 201)).toHaveLength(5)
      expect(statuses.filter((s) => s === 409)).toHaveLength(15)
      for (const res of answers.filter((r) => r.status === 409))
        expect(((await res.json()) as { message: string }).message).toBe('Race Tee in size M is sold out')

      expect(await stockOf('race-tee')).toEqual({ M: 0 })
      const placed = await db()
        .selectFrom('orders')
        .innerJoin('order_items', 'order_items.order_id', 'orders.id')
        .select(['orders.id', 'orders.user_id'])
        .where('order_items.product_id', '=', 'race-tee')
        .execute()
      expect(placed).toHaveLength(5)
      const winners = shoppers.filter((_, i) => answers[i]!.status === 201).map((s) => s.user._id)
      expect(placed.map((o) => o.user_id).sort()).toEqual(winners.sort())
      // The winners' carts are empty, the others' still hold their piece.
      for (const [i, s] of shoppers.entries())
        expect(await storedCartLines(store, s.user._id)).toEqual(
          answers[i]!.status === 201 ? [] : [{ product_id: 'race-tee', size: 'M', quantity: 1 }],
        )
    })
  })

  describe('the store moves an order along the table', () => {
    let who: Shopper
    beforeAll(async () => {
      who = await shopper()
      await setStock('kids-hoodie', { '4-5Y': 400, '6-7Y': 400 })
    })

    it.each(orderStatuses)(
      'from %s: each move of the table succeeds, every other is 409 and changes nothing',
      async (from) => {
        // Every other status, itself included, is refused, even with the shipping details.
        const order = await orderAt(from, who)
        const before = await snapshot(order._id)
        expect(before.order.payment).toBe(from === 'Delivered' ? 1 : 0)
        for (const to of orderStatuses.filter((to) => !canMove(from, to))) {
          await expectStatus(orders().advance(order._id, to, { ...shipping, note: 'not allowed' }), 409)
          expect(await snapshot(order._id)).toEqual(before)
        }

        for (const to of orderTransitions[from]) {
          const fresh = await orderAt(from, who)
          const was = await snapshot(fresh._id)
          const start = Date.now()
          const moved = await orders().advance(fresh._id, to, {
            ...(to === 'Shipped' ? shipping : {}),
            note: `to ${to}`,
          })
          const end = Date.now()

          const paid = to === 'Delivered'
          const courier = to === 'Shipped' ? shipping.courier : was.order.courier
          const trackingNumber = to === 'Shipped' ? shipping.trackingNumber : was.order.tracking_number
          expect(moved).toMatchObject({ _id: fresh._id, status: to, payment: paid, courier, trackingNumber })
          const event = moved.events.at(-1)!
          expect(event).toStrictEqual({
            at: expect.any(Number) as number,
            from,
            to,
            by: 'store',
            note: `to ${to}`,
            request: null,
          })
          expect(event.at).toBeGreaterThanOrEqual(start)
          expect(event.at).toBeLessThanOrEqual(end)

          const now = await snapshot(fresh._id)
          expect(now.order).toEqual({ status: to, payment: paid ? 1 : 0, courier, tracking_number: trackingNumber })
          expect(now.events).toEqual([
            ...was.events,
            {
              order_id: fresh._id,
              position: was.events.length,
              at: event.at,
              from_status: from,
              to_status: to,
              actor: 'store',
              note: `to ${to}`,
              request_step: null,
            },
          ])
          // Cancelled and Returned put back exactly the order's pieces; nothing else touches the shelf.
          const back = to === 'Cancelled' || to === 'Returned'
          expect(now.stock).toEqual({
            '4-5Y': was.stock['4-5Y']! + (back ? 2 : 0),
            '6-7Y': was.stock['6-7Y']! + (back ? 1 : 0),
          })
        }
      },
    )

    it('keeps payment false until Delivered, and true from then on', async () => {
      let order = await place(who, hoodies)
      expect(order.payment).toBe(false)
      for (const to of pathTo.Delivered) {
        order = await orders().advance(order._id, to, to === 'Shipped' ? shipping : {})
        expect(order.payment).toBe(to === 'Delivered')
      }
      const listed = ((await (await who.client.post('/api/order/userorder')).json()) as Order[]).find(
        (o) => o._id === order._id,
      )
      expect(listed).toMatchObject({ status: 'Delivered', payment: true, paymentMethod: 'COD' })
    })

    it('refuses Shipped without both the courier and the tracking number with 400, changing nothing', async () => {
      const order = await orderAt('Packing', who)
      const before = await snapshot(order._id)
      for (const details of [
        {},
        { courier: 'TCS' },
        { trackingNumber: 'TCS-1' },
        { courier: '', trackingNumber: 'TCS-1' },
        { courier: 'TCS', trackingNumber: '' },
      ]) {
        await expectStatus(orders().advance(order._id, 'Shipped', details), 400)
        expect(await snapshot(order._id)).toEqual(before)
      }
      const shipped = await orders().advance(order._id, 'Shipped', shipping)
      expect(shipped).toMatchObject({ status: 'Shipped', courier: 'TCS', trackingNumber: 'TCS-7781234' })
    })

    it('restocks exactly the quantities of a cancelled or returned order, and not a delivered one', async () => {
      await setStock('kids-hoodie', { '4-5Y': 10, '6-7Y': 10 })
      const cancelled = await place(who, hoodies)
      const returned = await orderAt('Shipped', who)
      const delivered = await orderAt('Out for delivery', who)
      expect(await stockOf('kids-hoodie')).toEqual({ '4-5Y': 4, '6-7Y': 7 })
      await orders().advance(cancelled._id, 'Cancelled')
      expect(await stockOf('kids-hoodie')).toEqual({ '4-5Y': 6, '6-7Y': 8 })
      await orders().advance(returned._id, 'Returned')
      expect(await stockOf('kids-hoodie')).toEqual({ '4-5Y': 8, '6-7Y': 9 })
      await orders().advance(delivered._id, 'Delivered')
      expect(await stockOf('kids-hoodie')).toEqual({ '4-5Y': 8, '6-7Y': 9 })
    })

    it('answers 404 for an order that does not exist', async () => {
      await expectStatus(orders().advance(randomUUID(), 'Confirmed'), 404)
    })
  })

  describe('events', () => {
    it('lists each order with its events, and the courier and tracking number once Shipped', async () => {
      const who = await shopper()
      await setStock('kids-hoodie', { '4-5Y': 50, '6-7Y': 50 })
      const start = Date.now()
      const first = await place(who, hoodies)
      const confirmed = await who.client.post('/api/order/confirm', { orderId: first._id })
      expect(confirmed.status).toBe(200)
      await orders().advance(first._id, 'Packing')
      await orders().advance(first._id, 'Shipped', { ...shipping, note: 'Handed to TCS' })
      await orders().advance(first._id, 'Out for delivery')
      const second = await place(who, [{ _id: 'kids-hoodie', size: '6-7Y', quantity: 1 }])
      const end = Date.now()

      const res = await who.client.post('/api/order/userorder')
      expect(res.status).toBe(200)
      const listed = (await res.json()) as Order[]
      expect(listed.map((o) => o._id)).toEqual([first._id, second._id])
      const [a, b] = listed as [Order, Order]
      const at = expect.any(Number) as number
      expect(a).toMatchObject({
        status: 'Out for delivery',
        payment: false,
        courier: 'TCS',
        trackingNumber: 'TCS-7781234',
      })
      expect(a.events).toStrictEqual([
        { at: first.date, from: null, to: 'Order Placed', by: 'shopper', note: null, request: null },
        { at, from: 'Order Placed', to: 'Confirmed', by: 'shopper', note: null, request: null },
        { at, from: 'Confirmed', to: 'Packing', by: 'store', note: null, request: null },
        { at, from: 'Packing', to: 'Shipped', by: 'store', note: 'Handed to TCS', request: null },
        { at, from: 'Shipped', to: 'Out for delivery', by: 'store', note: null, request: null },
      ])
      // Oldest first, each within the test's time.
      const times = a.events.map((e) => e.at)
      expect(times).toEqual(times.toSorted((x, y) => x - y))
      for (const t of times) {
        expect(t).toBeGreaterThanOrEqual(start)
        expect(t).toBeLessThanOrEqual(end)
      }
      expect(b).toMatchObject({ status: 'Order Placed', payment: false, courier: null, trackingNumber: null })
      expect(b.events).toStrictEqual([
        { at: second.date, from: null, to: 'Order Placed', by: 'shopper', note: null, request: null },
      ])
    })
  })

  describe("the shopper's own moves", () => {
    let owner: Shopper
    let stranger: Shopper
    beforeAll(async () => {
      owner = await shopper()
      stranger = await shopper()
      await setStock('kids-hoodie', { '4-5Y': 400, '6-7Y': 400 })
    })

    const act = (who: Shopper, action: 'confirm' | 'cancel', orderId: string) =>
      who.client.post(`/api/order/${action}`, { orderId })

    it('confirms an order awaiting confirmation, once', async () => {
      const order = await place(owner, hoodies)
      const start = Date.now()
      const res = await act(owner, 'confirm', order._id)
      expect(res.status).toBe(200)
      const body = (await res.json()) as { message: string; order: Order }
      expect(body.message).toBe('Order confirmed')
      expect(body.order).toMatchObject({ _id: order._id, status: 'Confirmed', payment: false })
      expect(body.order.events).toStrictEqual([
        order.events[0],
        {
          at: expect.any(Number) as number,
          from: 'Order Placed',
          to: 'Confirmed',
          by: 'shopper',
          note: null,
          request: null,
        },
      ])
      expect(body.order.events[1]!.at).toBeGreaterThanOrEqual(start)

      const before = await snapshot(order._id)
      const again = await act(owner, 'confirm', order._id)
      expect(again.status).toBe(409)
      expect(((await again.json()) as { message: string }).message).toMatch(/Confirmed/)
      expect(await snapshot(order._id)).toEqual(before)
    })

    it.each(['Order Placed', 'Confirmed'] as const)(
      'cancels an order that is %s, putting its stock back',
      async (status) => {
        const stockBefore = await stockOf('kids-hoodie')
        const order = await place(owner, hoodies)
        if (status === 'Confirmed') expect((await act(owner, 'confirm', order._id)).status).toBe(200)
        expect(await stockOf('kids-hoodie')).toEqual({
          '4-5Y': stockBefore['4-5Y']! - 2,
          '6-7Y': stockBefore['6-7Y']! - 1,
        })
        const res = await act(owner, 'cancel', order._id)
        expect(res.status).toBe(200)
        const body = (await res.json()) as { message: string; order: Order }
        expect(body.message).toBe('Order cancelled')
        expect(body.order).toMatchObject({ status: 'Cancelled', payment: false })
        expect(body.order.events.at(-1)).toStrictEqual({
          at: expect.any(Number) as number,
          from: status,
          to: 'Cancelled',
          by: 'shopper',
          note: null,
          request: null,
        })
        expect(await stockOf('kids-hoodie')).toEqual(stockBefore)
      },
    )

    it.each(['Packing', 'Shipped', 'Out for delivery', 'Delivered', 'Returned', 'Cancelled'] as const)(
      'may neither cancel nor confirm an order that is %s (409, nothing changes)',
      async (status) => {
        const order = await orderAt(status, owner)
        const before = await snapshot(order._id)
        for (const action of ['cancel', 'confirm'] as const) {
          const res = await act(owner, action, order._id)
          expect(res.status).toBe(409)
          expect(await snapshot(order._id)).toEqual(before)
        }
      },
    )

    it('puts the stock back once when the same order is cancelled five times at once', async () => {
      const stockBefore = await stockOf('kids-hoodie')
      const order = await place(owner, hoodies)
      const answers = await Promise.all(Array.from({ length: 5 }, () => act(owner, 'cancel', order._id)))
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409])
      expect(await stockOf('kids-hoodie')).toEqual(stockBefore)
      const { order: row, events } = await snapshot(order._id)
      expect(row.status).toBe('Cancelled')
      expect(events.map((e) => [e.from_status, e.to_status, e.actor])).toEqual([
        [null, 'Order Placed', 'shopper'],
        ['Order Placed', 'Cancelled', 'shopper'],
      ])
    })

    it("answers 404 to another shopper's confirm or cancel, changing nothing", async () => {
      const placed = await place(owner, hoodies)
      const confirmed = await orderAt('Confirmed', owner)
      for (const order of [placed, confirmed]) {
        const before = await snapshot(order._id)
        for (const action of ['confirm', 'cancel'] as const) {
          const res = await act(stranger, action, order._id)
          expect(res.status).toBe(404)
          expect(await res.json()).toEqual({ message: 'Order not found' })
          expect(await snapshot(order._id)).toEqual(before)
        }
      }
    })

    it('answers 401 to a guest, changing nothing', async () => {
      const order = await place(owner, hoodies)
      const before = await snapshot(order._id)
      for (const action of ['confirm', 'cancel']) {
        const res = await store.client(nextAddress()).post(`/api/order/${action}`, { orderId: order._id })
        expect(res.status).toBe(401)
        expect(await res.json()).toEqual({ message: 'Please log in to continue' })
      }
      expect(await snapshot(order._id)).toEqual(before)
    })

    it.each([
      [{}, 'orderId is required'],
      [{ orderId: '' }, 'orderId is required'],
      [{ orderId: 42 }, 'orderId is required'],
      [{ orderId: null }, 'orderId is required'],
      [{ orderId: 'x'.repeat(101) }, 'orderId is too long'],
    ])('answers 400 to %j', async (payload, message) => {
      for (const action of ['confirm', 'cancel']) {
        const res = await owner.client.post(`/api/order/${action}`, payload)
        expect(res.status).toBe(400)
        expect(((await res.json()) as { message: string }).message).toBe(message)
      }
    })

    it('answers 404 to an order id that does not exist', async () => {
      for (const action of ['confirm', 'cancel'] as const) {
        const res = await act(owner, action, randomUUID())
        expect(res.status).toBe(404)
        expect(await res.json()).toEqual({ message: 'Order not found' })
      }
    })
  })

  describe('returns of a customer', () => {
    it('counts Returned orders by account and by the phone in any of its forms', async () => {
      await setStock('kids-hoodie', { '4-5Y': 400, '6-7Y': 400 })
      const [first, second, third, other] = await Promise.all([shopper(), shopper(), shopper(), shopper()])
      const returned = async (who: Shopper, phone: string) => {
        const order = await place(who, hoodies, { ...testAddress, phone })
        for (const to of pathTo.Returned) await orders().advance(order._id, to, to === 'Shipped' ? shipping : {})
      }
      // Numbers no other test orders with. One customer's, written two ways, on two accounts.
      await returned(first, '03451112233')
      await returned(second, '+92 345 1112233')
      // Orders on that number that did not come back do not count.
      const delivered = await place(third, hoodies, { ...testAddress, phone: '923451112233' })
      for (const to of pathTo.Delivered) await orders().advance(delivered._id, to, to === 'Shipped' ? shipping : {})
      const cancelled = await place(third, hoodies, { ...testAddress, phone: '0345-1112233' })
      await orders().advance(cancelled._id, 'Cancelled')
      // Another customer's return, on another number.
      await returned(other, '0346-5554433')

      // A third account and a third way of writing the number: both returns.
      expect(await orders().returnsOf({ userId: third.user._id, phone: '923451112233' })).toBe(2)
      expect(await orders().returnsOf({ userId: third.user._id, phone: '0345 1112233' })).toBe(2)
      expect(await orders().returnsOf({ userId: first.user._id, phone: '03451112233' })).toBe(2)
      // By account alone: a new number on the account that refused a parcel.
      expect(await orders().returnsOf({ userId: other.user._id, phone: '03469990000' })).toBe(1)
      // The same order is counted once when both the account and the number match it.
      expect(await orders().returnsOf({ userId: other.user._id, phone: '+923465554433' })).toBe(1)
      expect(await orders().returnsOf({ userId: randomUUID(), phone: '00923465554433' })).toBe(1)
      // Neither the account nor the number has returned anything.
      expect(await orders().returnsOf({ userId: third.user._id, phone: '03469990000' })).toBe(0)
      expect(await orders().returnsOf({ userId: randomUUID(), phone: '' })).toBe(0)
    })
  })

  describe('the catalog sees the stock orders take', () => {
    it('moves the product list ETag when an order takes stock', async () => {
      await setStock('linen-kurta', { M: 5, XXL: 5 })
      const first = await store.fetch('/api/product/list')
      const etag = first.headers.get('etag')!
      expect(etag).toBeTruthy()
      await place(await shopper(), [{ _id: 'linen-kurta', size: 'XXL', quantity: 2 }])

      const res = await store.fetch('/api/product/list', { headers: { 'if-none-match': etag } })
      // A client holding the old list must not be told it is current: its stock is not.
      expect(res.status).toBe(200)
      const listed = (await res.json()) as Product[]
      expect(listed.find((p) => p._id === 'linen-kurta')!.stock).toEqual({ M: 5, XXL: 3 })
    })

    it('drops a size an order sold out from the size filter, its total and its facet at once', async () => {
      await setStock('linen-kurta', { M: 5, XXL: 1 })
      type Page = CatalogPage<ProductSummary>
      const browse = async () => (await (await store.fetch('/api/products?size=XXL')).json()) as Page
      const before = await browse()
      expect(before.items.map((p) => p._id)).toEqual(['linen-kurta'])
      expect(before.total).toBe(1)

      await place(await shopper(), [{ _id: 'linen-kurta', size: 'XXL', quantity: 1 }])
      const after = await browse()
      expect(after.items).toEqual([])
      expect(after.total).toBe(0)
      expect(after.facets.sizes.find((s) => s.size === 'XXL')).toBeUndefined()
    })
  })
})

describe.each(databases)('migrating a store with orders to stock and order life (%s)', (kind) => {
  const before: (dialect: Connection['dialect']) => Record<string, Migration> = (dialect) => ({
    '2026-11-22T0900-initial': initial,
    '2026-11-22T1400-cart-line-order': cartLineOrder,
    '2026-11-24T0100-catalog-queries': catalogQueries(dialect),
  })

  it('carries an existing order over as Order Placed with its placing event, and stocks every size with 20', async () => {
    const { connection, drop } = await databaseBefore(kind, before)
    try {
      const { db } = connection
      // The store as it was: a customer, a product with two sizes, an order.
      const placedAt = Date.UTC(2026, 10, 20, 9, 30)
      await sql`insert into users (id, name, email, email_normalized, password_hash, google_sub, created_at)
        values ('old-user', 'Ayesha Khan', 'ayesha@example.com', 'ayesha@example.com', null, null, ${placedAt})`.execute(
        db,
      )
      await sql`insert into products (id, name, description, price, category, sub_category,
        image1, image2, image3, image4, best_seller, position, created_at, updated_at, name_search)
        values ('old-shirt', 'Old Shirt', 'A shirt from before stock.', 1500, 'Men', 'TopWear',
        'old-shirt-front', 'old-shirt-back', 'old-shirt-detail', 'old-shirt-fabric', 0, 0, ${placedAt}, ${placedAt},
        'old shirt')`.execute(db)
      await sql`insert into product_sizes (product_id, position, size) values ('old-shirt', 0, 'S'), ('old-shirt', 1, 'M')`.execute(
        db,
      )
      await sql`insert into orders (id, user_id, subtotal, delivery_fee, amount, status, payment, payment_method,
        first_name, last_name, email, street, city, state, pin_code, country, phone, created_at)
        values ('old-order', 'old-user', 3000, 50, 3050, 'Order Placed', 0, 'COD',
        'Ayesha', 'Khan', 'ayesha@example.com', '12 Zamzama Boulevard', 'Karachi', 'Sindh', '75600', 'Pakistan',
        '0300-1234567', ${placedAt})`.execute(db)
      await sql`insert into order_items (order_id, position, product_id, name, price, image, size, quantity)
        values ('old-order', 0, 'old-shirt', 'Old Shirt', 1500, 'old-shirt-front', 'M', 2)`.execute(db)

      await migrate(connection)

      expect(
        await db
          .selectFrom('orders')
          .select(['id', 'status', 'payment', 'phone', 'phone_key', 'courier', 'tracking_number', 'created_at'])
          .execute(),
      ).toEqual([
        {
          id: 'old-order',
          status: 'Order Placed',
          payment: 0,
          phone: '0300-1234567',
          phone_key: '923001234567',
          courier: null,
          tracking_number: null,
          created_at: placedAt,
        },
      ])
      expect(await db.selectFrom('order_events').selectAll().execute()).toEqual([
        {
          order_id: 'old-order',
          position: 0,
          at: placedAt,
          from_status: null,
          to_status: 'Order Placed',
          actor: 'shopper',
          note: null,
          request_step: null,
        },
      ])
      // Each size carries its product's facet columns (migration 2026-11-24T0650).
      expect(
        await db
          .selectFrom('product_sizes')
          .select(['size', 'stock', 'category', 'sub_category', 'price', 'archived'])
          .orderBy('position')
          .execute(),
      ).toEqual([
        { size: 'S', stock: 20, category: 'Men', sub_category: 'TopWear', price: 1500, archived: 0 },
        { size: 'M', stock: 20, category: 'Men', sub_category: 'TopWear', price: 1500, archived: 0 },
      ])

      // The services read it as any order, and the store can move it on.
      const services = createServices({
        db,
        dialect: connection.dialect,
        config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
        logger: createLogger('silent'),
      })
      const [order] = await services.orders.list('old-user')
      expect(order).toMatchObject({
        _id: 'old-order',
        status: 'Order Placed',
        payment: false,
        courier: null,
        trackingNumber: null,
        date: placedAt,
        events: [{ at: placedAt, from: null, to: 'Order Placed', by: 'shopper', note: null, request: null }],
      })
      const confirmed = await services.orders.advance('old-order', 'Confirmed')
      expect(confirmed.events.map((e) => [e.from, e.to])).toEqual([
        [null, 'Order Placed'],
        ['Order Placed', 'Confirmed'],
      ])
      expect((await services.catalog.get('old-shirt'))?.stock).toEqual({ S: 20, M: 20 })
    } finally {
      await connection.close()
      await drop()
    }
  })
})

import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Order } from '#contracts/orders.ts'
import { DELIVERY_FEE } from '#contracts/pricing.ts'
import { loadConfig } from '#server/config.ts'
import { connect } from '#server/db/database.ts'
import { createLogger } from '#server/http/logger.ts'
import { createServices } from '#server/services.ts'
import { NOT_CONFIRMED_NOTE } from '#server/orders/service.ts'
import { createApp } from '#server/app.ts'
import { buildDir, productionPages } from '#server/pages.ts'
import { createTestStore, databases, signedInClient, type TestClient, type TestStore } from '#tests/api/harness.ts'
import { makeProduct, testAddress } from '#tests/support/factories.ts'

// Stock can no longer be hoarded with cash-on-delivery orders nobody confirms
// (docs/decisions/017): at most OPEN_ORDERS_PER_CUSTOMER orders await confirmation per
// account and per phone, placements are limited an hour per account and per client
// address, and an order still Order Placed after UNCONFIRMED_ORDER_HOURS is cancelled by
// the store, once across instances. On each database, on the fake clock.

const PRICE = 1500
const HOUR = 60 * 60_000
const shirt = makeProduct({ id: 'limit-shirt', name: 'Men Limit Shirt', price: PRICE, stock: { S: 50, M: 50, L: 1 } })

let addresses = 0
const nextAddress = () => `10.71.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`
let phones = 0
const nextPhone = () => `0302${String(1_000_000 + ++phones).slice(1)}`

const accountMessage = (n: number) =>
  `You have ${n} orders waiting for confirmation. Confirm or cancel them in My Orders before placing another.`
const phoneMessage = (n: number) =>
  `This phone number has ${n} orders waiting for confirmation. Confirm or cancel them in My Orders before placing another.`

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text()
  expect(res.status, text).toBe(status)
  return JSON.parse(text) as T
}

/** One shopper's checkout of `quantity` of one size: the cart filled, then placeorder. */
async function checkout(
  client: TestClient,
  options: { size?: string; quantity?: number; phone?: string; headers?: Record<string, string> } = {},
) {
  const { size = 'M', quantity = 1 } = options
  const added = await client.post('/api/cart/update', { itemId: shirt.id, size, quantity })
  expect(added.status, await added.clone().text()).toBe(200)
  return client.post(
    '/api/order/placeorder',
    {
      address: { ...testAddress, phone: options.phone ?? nextPhone() },
      items: [{ _id: shirt.id, size, quantity }],
      amount: PRICE * quantity + DELIVERY_FEE,
    },
    options.headers,
  )
}

describe('the settings against hoarding', () => {
  it('default to 3 open orders, 10 and 30 placements an hour, and 48 hours to confirm', () => {
    expect(loadConfig({}).orders).toEqual({
      openPerCustomer: 3,
      perAccountPerHour: 10,
      perIpPerHour: 30,
      unconfirmedMs: 48 * HOUR,
      trackPerIpPerHour: 30,
      codReviewOver: null,
      returnDays: 7,
    })
  })
})

describe.each(databases)('orders awaiting confirmation, limited (%s)', (kind) => {
  let store: TestStore
  const t = Date.UTC(2026, 10, 25, 9, 0, 0)

  beforeAll(async () => {
    store = await createTestStore(kind, {
      catalog: [shirt],
      now: () => t,
      env: { OPEN_ORDERS_PER_CUSTOMER: '3', ORDER_LIMIT_PER_ACCOUNT: '1000', ORDER_LIMIT_PER_IP: '1000' },
    })
  })
  afterAll(() => store.close())

  const db = () => store.connection.db
  const ordersOf = (userId: string) =>
    db().selectFrom('orders').select(['id', 'status']).where('user_id', '=', userId).execute()
  const stockOf = async (size: string) =>
    (
      await db()
        .selectFrom('product_sizes')
        .select('stock')
        .where('product_id', '=', shirt.id)
        .where('size', '=', size)
        .executeTakeFirstOrThrow()
    ).stock

  it('refuses an account’s fourth order awaiting confirmation (429, pointing to My Orders), changing nothing', async () => {
    const { client, user } = await signedInClient(store, nextAddress())
    for (let i = 0; i < 3; i++) expect((await checkout(client)).status).toBe(201)
    const stock = await stockOf('M')
    const refused = await json<{ message: string }>(await checkout(client), 429)
    expect(refused).toEqual({ message: accountMessage(3) })
    expect(await ordersOf(user._id)).toHaveLength(3)
    expect(await stockOf('M')).toBe(stock)
    // The cart is as it was: the shopper can place it once an order is confirmed or cancelled.
    expect(await json(await client.post('/api/cart/get', {}), 200)).toEqual({ [shirt.id]: { M: 1 } })

    const [first, second] = await ordersOf(user._id)
    expect((await client.post('/api/order/confirm', { orderId: first!.id })).status).toBe(200)
    expect((await client.post('/api/order/cancel', { orderId: second!.id })).status).toBe(200)
    const again = await client.post('/api/order/placeorder', {
      address: { ...testAddress, phone: nextPhone() },
      items: [{ _id: shirt.id, size: 'M', quantity: 1 }],
      amount: PRICE + DELIVERY_FEE,
    })
    expect(again.status).toBe(201)
  })

  it('counts a phone number in any form across accounts', async () => {
    const forms = ['0300-7654321', '+92 300 7654321', '00923007654321']
    for (const phone of forms) {
      const { client } = await signedInClient(store, nextAddress())
      expect((await checkout(client, { phone })).status).toBe(201)
    }
    const { client, user } = await signedInClient(store, nextAddress())
    const refused = await json<{ message: string; fields: Record<string, string> }>(
      await checkout(client, { phone: '03007654321' }),
      429,
    )
    expect(refused.message).toBe(phoneMessage(3))
    expect(Object.keys(refused.fields)).toEqual(['address.phone'])
    expect(await ordersOf(user._id)).toEqual([])
  })

  it('lets exactly the limit through when one phone’s placements race', async () => {
    const phone = '03009998877'
    const shoppers = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const { client } = await signedInClient(store, nextAddress())
        expect((await client.post('/api/cart/update', { itemId: shirt.id, size: 'S', quantity: 1 })).status).toBe(200)
        return client
      }),
    )
    const stock = await stockOf('S')
    const statuses = await Promise.all(
      shoppers.map(
        async (client) =>
          (
            await client.post('/api/order/placeorder', {
              address: { ...testAddress, phone },
              items: [{ _id: shirt.id, size: 'S', quantity: 1 }],
              amount: PRICE + DELIVERY_FEE,
            })
          ).status,
      ),
    )
    expect(statuses.toSorted()).toEqual([201, 201, 201, 429, 429, 429, 429, 429])
    const placed = await db()
      .selectFrom('orders')
      .select('id')
      .where('phone_key', '=', '923009998877')
      .where('status', '=', 'Order Placed')
      .execute()
    expect(placed).toHaveLength(3)
    expect(await stockOf('S')).toBe(stock - 3)
  })

  it('lets exactly one through when one account’s placements race at a limit of one', async () => {
    const one = await createTestStore(kind, { catalog: [shirt], env: { OPEN_ORDERS_PER_CUSTOMER: '1' } })
    try {
      const { client, user } = await signedInClient(one, nextAddress())
      expect((await client.post('/api/cart/update', { itemId: shirt.id, size: 'M', quantity: 1 })).status).toBe(200)
      const body = {
        address: { ...testAddress, phone: nextPhone() },
        items: [{ _id: shirt.id, size: 'M', quantity: 1 }],
        amount: PRICE + DELIVERY_FEE,
      }
      const statuses = await Promise.all(
        Array.from({ length: 6 }, async () => (await client.post('/api/order/placeorder', body)).status),
      )
      // Counted inside the placement's transaction: the others find one awaiting confirmation.
      expect(statuses.toSorted()).toEqual([201, 429, 429, 429, 429, 429])
      expect(
        await one.connection.db.selectFrom('orders').select('id').where('user_id', '=', user._id).execute(),
      ).toHaveLength(1)
    } finally {
      await one.close()
    }
  })
})

describe.each(databases)('placements an hour (%s)', (kind) => {
  let store: TestStore
  let t = Date.UTC(2026, 10, 25, 9, 0, 0)

  beforeAll(async () => {
    store = await createTestStore(kind, {
      catalog: [shirt],
      now: () => t,
      env: { OPEN_ORDERS_PER_CUSTOMER: '1000', ORDER_LIMIT_PER_ACCOUNT: '2', ORDER_LIMIT_PER_IP: '3' },
    })
  })
  afterAll(() => store.close())

  const orderCount = async () =>
    Number(
      (
        await store.connection.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('limits an account (429 with Retry-After), a refused placement counting nothing; a replay still answers', async () => {
    const { client } = await signedInClient(store, nextAddress())
    // Refused for a changed cart: counts for nothing.
    expect((await client.post('/api/cart/update', { itemId: shirt.id, size: 'M', quantity: 1 })).status).toBe(200)
    const stale = await client.post('/api/order/placeorder', {
      address: { ...testAddress, phone: nextPhone() },
      items: [{ _id: shirt.id, size: 'M', quantity: 5 }],
      amount: PRICE * 5 + DELIVERY_FEE,
    })
    expect(stale.status).toBe(409)
    const key = 'placement-key-1'
    const first = await client.post(
      '/api/order/placeorder',
      {
        address: { ...testAddress, phone: '03021112223' },
        items: [{ _id: shirt.id, size: 'M', quantity: 1 }],
        amount: PRICE + DELIVERY_FEE,
      },
      { 'idempotency-key': key },
    )
    expect(first.status).toBe(201)
    const firstOrder = ((await first.json()) as { order: Order }).order
    expect((await checkout(client)).status).toBe(201)
    const before = await orderCount()
    const refused = await checkout(client)
    expect(refused.status).toBe(429)
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Too many orders in a short time. Please try again in 60 minutes.',
    )
    expect(Number(refused.headers.get('retry-after'))).toBe(3600)
    expect(await orderCount()).toBe(before)
    expect(await json(await client.post('/api/cart/get', {}), 200)).toEqual({ [shirt.id]: { M: 1 } })

    // The first placement's answer, asked again with its key, is replayed whatever the limit.
    const replay = await client.post(
      '/api/order/placeorder',
      {
        address: { ...testAddress, phone: '03021112223' },
        items: [{ _id: shirt.id, size: 'M', quantity: 1 }],
        amount: PRICE + DELIVERY_FEE,
      },
      { 'idempotency-key': key },
    )
    expect(replay.status).toBe(201)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(((await replay.json()) as { order: Order }).order._id).toBe(firstOrder._id)

    if (kind === 'postgres') {
      // Shared with every instance: the count is in the database's limit table.
      const row = await store.connection.db
        .selectFrom('rate_limits')
        .select('count')
        .where('key', 'like', 'order-account:%')
        .executeTakeFirst()
      expect(row?.count).toBe(2)
    }

    // An hour on, the account may order again.
    t += HOUR
    const later = await client.post('/api/order/placeorder', {
      address: { ...testAddress, phone: nextPhone() },
      items: [{ _id: shirt.id, size: 'M', quantity: 1 }],
      amount: PRICE + DELIVERY_FEE,
    })
    expect(later.status).toBe(201)
  })

  it('limits a client address across accounts', async () => {
    const address = nextAddress()
    for (let i = 0; i < 3; i++) {
      const { client } = await signedInClient(store, address)
      expect((await checkout(client)).status).toBe(201)
    }
    const { client } = await signedInClient(store, address)
    const refused = await checkout(client)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
    // Another address is its own.
    const other = await signedInClient(store, nextAddress())
    expect((await checkout(other.client)).status).toBe(201)
  })
})

describe.each(databases)('orders nobody confirmed in time (%s)', (kind) => {
  let store: TestStore
  let t = Date.UTC(2026, 10, 25, 9, 0, 0)

  beforeAll(async () => {
    store = await createTestStore(kind, { catalog: [shirt], now: () => t })
  })
  afterAll(() => store.close())

  const db = () => store.connection.db
  const orderRow = (id: string) =>
    db().selectFrom('orders').select(['status']).where('id', '=', id).executeTakeFirstOrThrow()
  const eventsOf = (id: string) =>
    db()
      .selectFrom('order_events')
      .select(['from_status', 'to_status', 'actor', 'note', 'at'])
      .where('order_id', '=', id)
      .orderBy('position')
      .execute()
  const cancelEmails = (to: string) =>
    db()
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('kind', '=', 'order-cancelled')
      .where('to_address', '=', to)
      .execute()
  const stockOf = async (size: string) =>
    (
      await db()
        .selectFrom('product_sizes')
        .select('stock')
        .where('product_id', '=', shirt.id)
        .where('size', '=', size)
        .executeTakeFirstOrThrow()
    ).stock

  async function placed(size = 'M', quantity = 1): Promise<{ order: Order; email: string; client: TestClient }> {
    const { client } = await signedInClient(store, nextAddress())
    const email = `unconfirmed-${++phones}@example.com`
    expect((await client.post('/api/cart/update', { itemId: shirt.id, size, quantity })).status).toBe(200)
    const res = await client.post('/api/order/placeorder', {
      address: { ...testAddress, email, phone: nextPhone() },
      items: [{ _id: shirt.id, size, quantity }],
      amount: PRICE * quantity + DELIVERY_FEE,
    })
    expect(res.status).toBe(201)
    return { order: ((await res.json()) as { order: Order }).order, email, client }
  }

  it('cancels at 48 hours, not at 47: event by system, stock back, back-in-stock released, an email saying why', async () => {
    const placedAt = t
    const stockL = await stockOf('L')
    const { order, email, client } = await placed('L', 1)
    expect(await stockOf('L')).toBe(stockL - 1)
    const confirmed = await placed('M', 2)
    expect((await confirmed.client.post('/api/order/confirm', { orderId: confirmed.order._id })).status).toBe(200)
    // Someone waits for L, sold out by the order.
    const waiting = await signedInClient(store, nextAddress())
    expect((await waiting.client.post('/api/product/notify', { itemId: shirt.id, size: 'L' })).status).toBe(200)

    // The order's email said so from the start.
    const placedMail = await db()
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('kind', '=', 'order-placed')
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow()
    expect(placedMail.text_body).toContain('An order not confirmed within 48 hours is cancelled')

    t = placedAt + 47 * HOUR
    expect(await store.services.orders.expireUnconfirmed()).toBe(0)
    expect((await orderRow(order._id)).status).toBe('Order Placed')
    expect(await cancelEmails(email)).toEqual([])

    t = placedAt + 48 * HOUR + 1000
    expect(await store.services.orders.expireUnconfirmed()).toBe(1)
    expect((await orderRow(order._id)).status).toBe('Cancelled')
    expect((await eventsOf(order._id)).at(-1)).toEqual({
      from_status: 'Order Placed',
      to_status: 'Cancelled',
      actor: 'system',
      note: NOT_CONFIRMED_NOTE,
      at: t,
    })
    expect(await stockOf('L')).toBe(stockL)
    const [mail] = await cancelEmails(email)
    expect(mail?.subject).toMatch(/^Your order #[0-9A-F]{8} is cancelled$/)
    expect(mail?.text_body).toContain('not confirmed within 48 hours of being placed')
    // The confirmed order is not the job's.
    expect((await orderRow(confirmed.order._id)).status).toBe('Confirmed')
    // The back-in-stock request was released by the restock, in the cancel's transaction.
    const alerts = await db()
      .selectFrom('mail_outbox')
      .select('to_address')
      .where('kind', '=', 'back-in-stock')
      .where('to_address', '=', waiting.account.email)
      .execute()
    expect(alerts).toHaveLength(1)
    // The shopper's own view shows it, with the reason.
    const mine = (await json<Order[]>(await client.post('/api/order/userorder', {}), 200)).find(
      (o) => o._id === order._id,
    )
    expect(mine?.events.at(-1)).toMatchObject({ to: 'Cancelled', by: 'system', note: NOT_CONFIRMED_NOTE })
    // A second run finds nothing more.
    expect(await store.services.orders.expireUnconfirmed()).toBe(0)
    expect(await cancelEmails(email)).toHaveLength(1)
  })

  it('two instances running the job at once cancel each order once: one event, one email', async () => {
    const start = t
    const orders = await Promise.all(Array.from({ length: 5 }, () => placed('M', 1)))
    t = start + 49 * HOUR
    // A second instance: services of its own on the same database.
    const other = createServices({
      db: store.connection.db,
      dialect: store.connection.dialect,
      config: store.services.config,
      logger: createLogger('silent'),
      now: () => t,
    })
    const counts = await Promise.all([
      store.services.orders.expireUnconfirmed(),
      other.orders.expireUnconfirmed(),
      store.services.orders.expireUnconfirmed(),
    ])
    expect(counts.reduce((a, b) => a + b, 0)).toBe(5)
    for (const { order, email } of orders) {
      expect((await orderRow(order._id)).status).toBe('Cancelled')
      expect((await eventsOf(order._id)).filter((e) => e.to_status === 'Cancelled')).toHaveLength(1)
      expect(await cancelEmails(email)).toHaveLength(1)
    }
    await other.close()
  })

  it('leaves the run to the instance holding the lease, and takes over a lease that ran out', async () => {
    const start = t
    const { order } = await placed('M', 1)
    t = start + 49 * HOUR
    await db()
      .updateTable('job_leases')
      .set({ owner: 'another-instance', lease_until: t + 60_000 })
      .where('name', '=', 'expire-unconfirmed-orders')
      .execute()
    expect(await store.services.orders.expireUnconfirmed()).toBe(0)
    expect((await orderRow(order._id)).status).toBe('Order Placed')
    // That instance died: its lease runs out and this one runs.
    t += 60_000
    expect(await store.services.orders.expireUnconfirmed()).toBe(1)
    expect((await orderRow(order._id)).status).toBe('Cancelled')
  })

  it('reads the orders a page at a time: 230 old orders are all cancelled in one run', async () => {
    const start = t
    const template = (await placed('M', 1)).order
    const row = await db().selectFrom('orders').selectAll().where('id', '=', template._id).executeTakeFirstOrThrow()
    const item = await db()
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', '=', template._id)
      .executeTakeFirstOrThrow()
    const ids = Array.from({ length: 229 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)
    for (let i = 0; i < ids.length; i += 50) {
      const chunk = ids.slice(i, i + 50)
      // Some share a millisecond, so the page's (created_at, id) order is what keeps its place.
      await db()
        .insertInto('orders')
        .values(chunk.map((id, j) => ({ ...row, id, created_at: start + Math.floor((i + j) / 3) })))
        .execute()
      await db()
        .insertInto('order_items')
        .values(chunk.map((id) => ({ ...item, order_id: id })))
        .execute()
      await db()
        .insertInto('order_events')
        .values(
          chunk.map((id) => ({
            order_id: id,
            position: 0,
            at: start,
            from_status: null,
            to_status: 'Order Placed',
            actor: 'shopper',
            note: null,
          })),
        )
        .execute()
    }
    const stock = await stockOf('M')
    t = start + 50 * HOUR
    expect(await store.services.orders.expireUnconfirmed()).toBe(230)
    const left = await db().selectFrom('orders').select('id').where('status', '=', 'Order Placed').execute()
    expect(left).toEqual([])
    expect(await stockOf('M')).toBe(stock + 230)
  })
})

// The checkout page shows a refusal with the form as typed (the built app).
describe.runIf(fs.existsSync(path.join(buildDir, 'server/index.js'))).each(databases)(
  'the checkout page at the limit (%s)',
  (kind) => {
    let store: TestStore
    let app: ReturnType<typeof createApp>
    beforeAll(async () => {
      store = await createTestStore(kind, { catalog: [shirt], env: { OPEN_ORDERS_PER_CUSTOMER: '1' } })
      app = createApp({ services: store.services, pages: await productionPages() })
    })
    afterAll(() => store.close())

    it('shows the 429 message and keeps what the shopper typed', async () => {
      const { client } = await signedInClient(store, nextAddress())
      expect((await checkout(client)).status).toBe(201)
      expect((await client.post('/api/cart/update', { itemId: shirt.id, size: 'S', quantity: 1 })).status).toBe(200)
      const headers = { cookie: client.cookie!, 'x-forwarded-for': '198.51.100.77' }
      const form = new URLSearchParams({
        ...testAddress,
        street: '14 Typed Street',
        phone: nextPhone(),
        items: JSON.stringify([{ _id: shirt.id, size: 'S', quantity: 1 }]),
        amount: String(PRICE + DELIVERY_FEE),
      })
      const res = await app.request('http://store.test/placeorder', {
        method: 'POST',
        headers: { ...headers, origin: 'http://store.test', 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      })
      const html = await res.text()
      expect(html).toContain(
        'You have 1 order waiting for confirmation. Confirm or cancel it in My Orders before placing another.',
      )
      expect(html).toContain('value="14 Typed Street"')
      expect(html).toMatch(/<a[^>]*href="\/order"[^>]*>Go to My Orders<\/a>/)
    })
  },
)

// Two instances of the store on one PostgreSQL database count one account's placements together.
describe.runIf(databases.includes('postgres'))('placements an hour across instances', () => {
  let first: TestStore
  let second: { app: ReturnType<typeof createApp>; close: () => Promise<void> }
  const env = { ORDER_LIMIT_PER_ACCOUNT: '2' }

  beforeAll(async () => {
    first = await createTestStore('postgres', { catalog: [shirt], env })
    const connection = connect({
      databaseUrl: process.env.TEST_DATABASE_URL!,
      dataDir: 'data',
      pgSchema: first.connection.schema!,
    })
    const services = createServices({
      db: connection.db,
      dialect: 'postgres',
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        TRUST_PROXY: 'true',
        OPEN_ORDERS_PER_CUSTOMER: '1000',
        ...env,
      }),
      logger: createLogger('silent'),
    })
    second = { app: createApp({ services }), close: () => connection.close() }
  })
  afterAll(async () => {
    await second.close()
    await first.close()
  })

  it('share the account’s limit, whichever instance each placement reaches', async () => {
    const address = nextAddress()
    const { client } = await signedInClient(first, address)
    expect((await checkout(client)).status).toBe(201)
    // The same shopper's next checkout reaches the second instance.
    expect((await client.post('/api/cart/update', { itemId: shirt.id, size: 'M', quantity: 1 })).status).toBe(200)
    const viaSecond = await second.app.request('/api/order/placeorder', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: client.cookie!, 'x-forwarded-for': address },
      body: JSON.stringify({
        address: { ...testAddress, phone: nextPhone() },
        items: [{ _id: shirt.id, size: 'M', quantity: 1 }],
        amount: PRICE + DELIVERY_FEE,
      }),
    })
    expect(viaSecond.status, await viaSecond.clone().text()).toBe(201)
    expect((await checkout(client)).status).toBe(429)
  })
})

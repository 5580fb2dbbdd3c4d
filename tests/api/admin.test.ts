import { sql } from 'kysely'
import { Migrator, type Migration } from 'kysely/migration'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  AdminCustomerPage,
  AdminDashboard,
  AdminOrderDetail,
  AdminOrderPage,
  AdminOrderRow,
} from '#contracts/admin.ts'
import { orderStatuses, type OrderStatus } from '#contracts/order-status.ts'
import { orderNumber, type Order } from '#contracts/orders.ts'
import { migrateToLatest, type Connection } from '#server/db/database.ts'
import * as initial from '#server/db/migrations/2026-11-22T0900-initial.ts'
import * as cartLineOrder from '#server/db/migrations/2026-11-22T1400-cart-line-order.ts'
import { catalogQueries } from '#server/db/migrations/2026-11-24T0100-catalog-queries.ts'
import * as stockAndOrderLife from '#server/db/migrations/2026-11-24T0300-stock-and-order-life.ts'
import {
  createTestStore,
  databases,
  defaultCatalog,
  type DatabaseKind,
  type TestClient,
  freshDatabase,
} from '#tests/api/harness.ts'
import { makeProduct, newAccount, testAddress } from '#tests/factories.ts'

// The store owner's console API (docs/spec/rulings.md #25, #15, #24): one guard in front
// of every call, the queue of orders, one order with what the store needs to call the
// customer, status moves with their audit entries, the dashboard's figures and the
// customer list, on each database.

const FEE = 50
const NOT_SIGNED_IN = { message: 'Please log in to continue' }
const NOT_ADMIN = { message: "This is for the store's admins only" }
const ADMIN_PASSWORD = 'keys to the shop 2026'

interface Line {
  _id: string
  size: string
  quantity: number
}

/** An instant given as Karachi wall-clock time. */
const pkt = (date: string, time: string) => Date.parse(`${date}T${time}:00+05:00`)
const DAY = 24 * 60 * 60 * 1000

const zeroCounts = () => Object.fromEntries(orderStatuses.map((s) => [s, 0])) as Record<OrderStatus, number>
const countsOf = (some: Partial<Record<OrderStatus, number>>) => ({ ...zeroCounts(), ...some })

let addresses = 0
/** A client address of its own for every account, so no sign-in or registration limit is met. */
const nextAddress = () => {
  addresses++
  return `10.77.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`
}

/** A store with its own clock (sessions, admins' too, last a year, so the clock may travel). */
async function storeWithClock(kind: DatabaseKind, start: number, catalog = defaultCatalog) {
  const clock = { t: start }
  const store = await createTestStore(kind, {
    catalog,
    env: { SESSION_DAYS: '365', ADMIN_IDLE_MINUTES: String(365 * 24 * 60) },
    now: () => clock.t,
  })
  const priceOf = (id: string) => catalog.find((p) => p.id === id)!.price

  async function customer(name = 'A Customer'): Promise<{ client: TestClient; id: string; email: string }> {
    const client = store.client(nextAddress())
    const account = newAccount({ name })
    const reg = await client.post('/api/auth/registration', account)
    if (reg.status !== 201) throw new Error(`registration: ${reg.status} ${await reg.text()}`)
    const login = await client.post('/api/auth/login', { email: account.email, password: account.password })
    if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`)
    return { client, id: ((await login.json()) as { user: { _id: string } }).user._id, email: account.email }
  }

  /** An admin made as the CLI makes one (the auth service), signed in. */
  async function admin(name = 'Store Admin') {
    const email = newAccount().email
    const user = await store.services.auth.createAdmin({ name, email, password: ADMIN_PASSWORD })
    const client = store.client(nextAddress())
    const login = await client.post('/api/auth/login', { email, password: ADMIN_PASSWORD })
    if (login.status !== 200) throw new Error(`admin login: ${login.status} ${await login.text()}`)
    return { client, user }
  }

  /** Places an order of these lines at `at`, over HTTP, as the shopper would. */
  async function place(who: TestClient, lines: Line[], at: number, address: object = testAddress): Promise<Order> {
    clock.t = at
    for (const l of lines) {
      const res = await who.post('/api/cart/update', { itemId: l._id, size: l.size, quantity: l.quantity })
      if (res.status !== 200) throw new Error(`cart: ${res.status} ${await res.text()}`)
    }
    const amount = lines.reduce((sum, l) => sum + priceOf(l._id) * l.quantity, 0) + FEE
    const res = await who.post('/api/order/placeorder', { address, items: lines, amount })
    if (res.status !== 201) throw new Error(`placeorder: ${res.status} ${await res.text()}`)
    return ((await res.json()) as { order: Order }).order
  }

  /** Moves an order by the store's service (setting up, not under test), at `at`. */
  async function moveTo(orderId: string, path: OrderStatus[], at: number): Promise<void> {
    clock.t = at
    for (const to of path)
      await store.services.orders.advance(
        orderId,
        to,
        to === 'Shipped' ? { courier: 'TCS', trackingNumber: 'T-1' } : {},
      )
  }

  return { store, clock, customer, admin, place, moveTo, priceOf }
}

const shipped: OrderStatus[] = ['Confirmed', 'Packing', 'Shipped']

async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text()
  expect(res.status, text).toBe(status)
  return JSON.parse(text) as T
}

describe.each(databases)('the console: the queue and one order (%s)', (kind) => {
  let s: Awaited<ReturnType<typeof storeWithClock>>
  let admin: TestClient
  const o: Record<string, Order> = {}
  const dana: Order[] = []
  let ayesha: Awaited<ReturnType<typeof s.customer>>
  let bilal: Awaited<ReturnType<typeof s.customer>>

  const bilalAddress = {
    ...testAddress,
    firstName: 'Bilal',
    lastName: 'Ahmed',
    email: 'bilal@example.com',
    city: 'Lahore',
    phone: '+92 321 7654321',
  }
  const chandAddress = {
    ...testAddress,
    firstName: 'Chand',
    lastName: 'Bibi',
    email: 'chand@example.com',
    city: 'Multan',
    phone: '0333-1112223',
  }
  // Another account, the same phone as Ayesha's in another form.
  const kazmiAddress = {
    ...testAddress,
    firstName: 'Aisha',
    lastName: 'Kazmi',
    email: 'kazmi@example.com',
    phone: '+92 300 1234567',
  }
  const danaAddress = {
    ...testAddress,
    firstName: 'Dana',
    lastName: 'Paging',
    email: 'dana@example.com',
    phone: '0311 5550000',
    city: 'Quetta',
  }

  beforeAll(async () => {
    s = await storeWithClock(kind, pkt('2026-11-01', '09:00'))
    admin = (await s.admin()).client
    ayesha = await s.customer('Ayesha Account')
    bilal = await s.customer('Bilal Account')
    const chand = await s.customer('Chand Account')
    const kazmi = await s.customer('Kazmi Account')
    const danaAccount = await s.customer('Dana Account')

    for (let i = 0; i < 21; i++)
      dana.push(
        await s.place(
          danaAccount.client,
          [{ _id: 'kids-hoodie', size: '4-5Y', quantity: 1 }],
          pkt('2026-11-10', '08:00') + i * 10 * 60_000,
          danaAddress,
        ),
      )
    o.K1 = await s.place(
      kazmi.client,
      [{ _id: 'oxford-shirt', size: 'S', quantity: 1 }],
      pkt('2026-11-19', '12:00'),
      kazmiAddress,
    )
    o.A1 = await s.place(ayesha.client, [{ _id: 'oxford-shirt', size: 'M', quantity: 2 }], pkt('2026-11-20', '10:00'))
    o.A3 = await s.place(ayesha.client, [{ _id: 'denim-jeans', size: 'S', quantity: 1 }], pkt('2026-11-21', '12:00'))
    // Either side of midnight in Karachi (both on 22 November in UTC).
    o.B1 = await s.place(
      bilal.client,
      [{ _id: 'denim-jeans', size: 'L', quantity: 1 }],
      pkt('2026-11-22', '23:30'),
      bilalAddress,
    )
    o.C1 = await s.place(
      chand.client,
      [
        { _id: 'kids-hoodie', size: '4-5Y', quantity: 1 },
        { _id: 'kids-hoodie', size: '6-7Y', quantity: 2 },
      ],
      pkt('2026-11-23', '00:30'),
      chandAddress,
    )
    o.A2 = await s.place(ayesha.client, [{ _id: 'kids-hoodie', size: '4-5Y', quantity: 1 }], pkt('2026-11-24', '09:00'))
    o.B2 = await s.place(
      bilal.client,
      [{ _id: 'oxford-shirt', size: 'L', quantity: 1 }],
      pkt('2026-11-24', '10:00'),
      bilalAddress,
    )

    await s.moveTo(o.K1._id, [...shipped, 'Returned'], pkt('2026-11-22', '12:00'))
    await s.moveTo(o.A3._id, [...shipped, 'Returned'], pkt('2026-11-23', '12:00'))
    await s.moveTo(o.A2._id, ['Confirmed'], pkt('2026-11-24', '09:05'))
    await s.moveTo(o.B2._id, ['Cancelled'], pkt('2026-11-24', '10:05'))
    s.clock.t = pkt('2026-11-24', '12:00')
  })
  afterAll(() => s.store.close())

  const queue = async (search = '') => json<AdminOrderPage>(await admin.get(`/api/admin/orders${search}`))
  const ids = (page: AdminOrderPage) => page.items.map((i) => i.id)

  describe('GET /api/admin/orders', () => {
    it('answers the orders awaiting confirmation by default, newest first, 20 a page, with every tab count', async () => {
      const page = await queue()
      expect(page.page).toBe(1)
      expect(page.pageSize).toBe(20)
      expect(page.total).toBe(24)
      expect(page.counts).toEqual(countsOf({ 'Order Placed': 24, Confirmed: 1, Returned: 2, Cancelled: 1 }))
      expect(ids(page)).toEqual([
        o.C1!._id,
        o.B1!._id,
        o.A1!._id,
        ...dana
          .slice(4)
          .reverse()
          .map((d) => d._id),
      ])
      // An empty parameter is no parameter.
      expect(await queue('?status=&q=&from=&to=&page=')).toEqual(page)
      expect(await queue('?status=Order%20Placed')).toEqual(page)
    })

    it('answers each row as the queue shows it', async () => {
      const page = await queue()
      expect(page.items[0]).toStrictEqual({
        id: o.C1!._id,
        number: orderNumber(o.C1!._id),
        status: 'Order Placed',
        date: pkt('2026-11-23', '00:30'),
        name: 'Chand Bibi',
        phone: '03331112223',
        city: 'Multan',
        amount: 1799 * 3 + FEE,
        itemCount: 3,
      } satisfies AdminOrderRow)
      expect(orderNumber(o.C1!._id)).toMatch(/^#[0-9A-F]{8}$/)
    })

    it('pages on: page 2 holds the rest, a page past the end is empty', async () => {
      const second = await queue('?page=2')
      expect(ids(second)).toEqual(
        dana
          .slice(0, 4)
          .reverse()
          .map((d) => d._id),
      )
      expect(second.total).toBe(24)
      const third = await queue('?page=3')
      expect(third.items).toEqual([])
      expect(third.total).toBe(24)
    })

    it('filters by any status', async () => {
      expect(ids(await queue('?status=Confirmed'))).toEqual([o.A2!._id])
      expect(ids(await queue('?status=Returned'))).toEqual([o.A3!._id, o.K1!._id])
      expect(ids(await queue('?status=Cancelled'))).toEqual([o.B2!._id])
      const none = await queue('?status=Out%20for%20delivery')
      expect(none).toMatchObject({ items: [], total: 0 })
    })

    it('finds an order by its number, with or without #, in any case', async () => {
      const number = orderNumber(o.A1!._id)
      for (const q of [number, number.slice(1), number.slice(1).toLowerCase(), `# ${number.slice(1)}`]) {
        const page = await queue(`?q=${encodeURIComponent(q)}`)
        expect(ids(page), q).toEqual([o.A1!._id])
        expect(page.counts).toEqual(countsOf({ 'Order Placed': 1 }))
      }
      // A Returned order is found in its own tab; the counts say where.
      const returned = await queue(`?q=${encodeURIComponent(orderNumber(o.K1!._id))}`)
      expect(returned.items).toEqual([])
      expect(returned.counts).toEqual(countsOf({ Returned: 1 }))
      expect(ids(await queue(`?status=Returned&q=${encodeURIComponent(orderNumber(o.K1!._id))}`))).toEqual([o.K1!._id])
    })

    it("finds orders by the customer's name, first or last, in any case", async () => {
      const bilalPage = await queue('?q=bilal')
      expect(ids(bilalPage)).toEqual([o.B1!._id])
      expect(bilalPage.counts).toEqual(countsOf({ 'Order Placed': 1, Cancelled: 1 }))
      expect(ids(await queue('?q=AHMED'))).toEqual([o.B1!._id])
      expect(ids(await queue('?q=chand%20bibi'))).toEqual([o.C1!._id])
      // The account's name too.
      expect(ids(await queue('?q=Bilal%20Account'))).toEqual([o.B1!._id])
    })

    it('finds orders by phone written in any form', async () => {
      for (const q of ['0321-7654321', '03217654321', '+92 321 7654321', '00923217654321', '7654321']) {
        const page = await queue(`?q=${encodeURIComponent(q)}`)
        expect(ids(page), q).toEqual([o.B1!._id])
        expect(page.counts, q).toEqual(countsOf({ 'Order Placed': 1, Cancelled: 1 }))
      }
      // Ayesha's number, written as the other account wrote it: both accounts' orders.
      const page = await queue(`?q=${encodeURIComponent('+92 300 1234567')}`)
      expect(page.counts).toEqual(countsOf({ 'Order Placed': 1, Confirmed: 1, Returned: 2 }))
    })

    it("finds orders by the order's email or the account's, in any case", async () => {
      expect(ids(await queue('?q=CHAND%40EXAMPLE.COM'))).toEqual([o.C1!._id])
      expect(ids(await queue('?q=chand@'))).toEqual([o.C1!._id])
      const byAccount = await queue(`?q=${encodeURIComponent(ayesha.email.toUpperCase())}`)
      expect(byAccount.counts).toEqual(countsOf({ 'Order Placed': 1, Confirmed: 1, Returned: 1 }))
    })

    it('matches nothing for text that is in no order, and takes % and _ literally', async () => {
      for (const q of ['nobody-at-all', '%', '_', '\\']) {
        const page = await queue(`?q=${encodeURIComponent(q)}`)
        expect(page.items, q).toEqual([])
        expect(page.total).toBe(0)
        expect(page.counts).toEqual(zeroCounts())
      }
    })

    it('bounds the placing time by Karachi days, both ends included', async () => {
      const day = await queue('?from=2026-11-23&to=2026-11-23')
      expect(ids(day)).toEqual([o.C1!._id])
      expect(day.counts).toEqual(countsOf({ 'Order Placed': 1 }))
      expect(ids(await queue('?from=2026-11-22&to=2026-11-22'))).toEqual([o.B1!._id])
      expect(ids(await queue('?status=Confirmed&from=2026-11-24'))).toEqual([o.A2!._id])
      const upTo = await queue('?to=2026-11-20')
      expect(upTo.counts).toEqual(countsOf({ 'Order Placed': 22, Returned: 1 }))
      expect(upTo.items[0]!.id).toBe(o.A1!._id)
      // Search and dates together.
      expect((await queue('?q=ayesha&from=2026-11-21')).counts).toEqual(countsOf({ Confirmed: 1, Returned: 1 }))
    })

    it('answers a search a page at a time', async () => {
      const first = await queue('?q=dana')
      expect(first.total).toBe(21)
      expect(ids(first)).toEqual(
        dana
          .slice(1)
          .reverse()
          .map((d) => d._id),
      )
      const second = await queue('?q=dana&page=2')
      expect(ids(second)).toEqual([dana[0]!._id])
      expect(second.total).toBe(21)
    })

    it.each([
      [
        'status=Lost',
        'status must be one of: Order Placed, Confirmed, Packing, Shipped, Out for delivery, Delivered, Returned, Cancelled',
      ],
      ['status=order%20placed', 'status must be one of'],
      ['page=0', 'page must be a whole number from 1'],
      ['page=-1', 'page must be a whole number from 1'],
      ['page=two', 'page must be a whole number from 1'],
      ['page=1.5', 'page must be a whole number from 1'],
      ['from=2026-13-01', 'from must be a date as YYYY-MM-DD'],
      ['from=2026-02-30', 'from must be a date as YYYY-MM-DD'],
      ['to=yesterday', 'to must be a date as YYYY-MM-DD'],
      ['to=24-11-2026', 'to must be a date as YYYY-MM-DD'],
      ['from=2026-11-24&to=2026-11-23', 'to must not be before from'],
      [`q=${'x'.repeat(101)}`, 'q must be at most 100 characters'],
    ])('answers 400 naming the parameter for ?%s', async (search, message) => {
      const res = await admin.get(`/api/admin/orders?${search}`)
      expect(res.status).toBe(400)
      expect(((await res.json()) as { message: string }).message).toContain(message)
    })
  })

  describe('GET /api/admin/orders/:id', () => {
    it("answers the order as its shopper sees it, the customer, their other orders and the table's next moves", async () => {
      const detail = await json<AdminOrderDetail>(await admin.get(`/api/admin/orders/${o.A1!._id}`))
      const mine = await json<Order[]>(await ayesha.client.post('/api/order/userorder'))
      expect(detail.order).toStrictEqual(mine.find((m) => m._id === o.A1!._id))
      expect(detail.order).toMatchObject({
        status: 'Order Placed',
        amount: 2499 * 2 + FEE,
        address: testAddress,
        courier: null,
        trackingNumber: null,
        events: [{ at: pkt('2026-11-20', '10:00'), from: null, to: 'Order Placed', by: 'shopper', note: null }],
      })
      expect(detail.customer).toStrictEqual({ id: ayesha.id, name: 'Ayesha Account', email: ayesha.email })
      expect(detail.pastOrders).toStrictEqual([
        {
          id: o.A2!._id,
          number: orderNumber(o.A2!._id),
          date: pkt('2026-11-24', '09:00'),
          status: 'Confirmed',
          amount: 1799 + FEE,
        },
        {
          id: o.A3!._id,
          number: orderNumber(o.A3!._id),
          date: pkt('2026-11-21', '12:00'),
          status: 'Returned',
          amount: 3499 + FEE,
        },
      ])
      expect(detail.nextStatuses).toEqual(['Confirmed', 'Cancelled'])
      expect(detail.audit).toEqual([])
    })

    it('counts the returns of the customer by account and by phone', async () => {
      // A3 is Ayesha's own; K1 is another account's with her number.
      expect((await json<AdminOrderDetail>(await admin.get(`/api/admin/orders/${o.A1!._id}`))).returned).toBe(2)
      expect((await json<AdminOrderDetail>(await admin.get(`/api/admin/orders/${o.K1!._id}`))).returned).toBe(2)
      const b = await json<AdminOrderDetail>(await admin.get(`/api/admin/orders/${o.B1!._id}`))
      expect(b.returned).toBe(0)
      expect(b.pastOrders.map((p) => [p.id, p.status])).toEqual([[o.B2!._id, 'Cancelled']])
      expect(b.customer).toStrictEqual({ id: bilal.id, name: 'Bilal Account', email: bilal.email })
    })

    it('offers the moves of the table from where the order is, none when it is final', async () => {
      const next = async (id: string) =>
        (await json<AdminOrderDetail>(await admin.get(`/api/admin/orders/${id}`))).nextStatuses
      expect(await next(o.A2!._id)).toEqual(['Packing', 'Cancelled'])
      expect(await next(o.A3!._id)).toEqual([])
      expect(await next(o.B2!._id)).toEqual([])
    })

    it("opens WhatsApp on the customer's number with the order written out, asking them to confirm", async () => {
      const detail = await json<AdminOrderDetail>(await admin.get(`/api/admin/orders/${o.C1!._id}`))
      const url = new URL(detail.whatsapp.url)
      expect(url.origin).toBe('https://wa.me')
      expect(url.pathname).toBe('/923331112223')
      expect([...url.searchParams.keys()]).toEqual(['text'])
      expect(detail.whatsapp.url).toBe(
        `https://wa.me/923331112223?text=${encodeURIComponent(url.searchParams.get('text')!)}`,
      )
      expect(url.searchParams.get('text')).toBe(
        [
          `Assalam-o-Alaikum Chand, this is Kapra about your order ${orderNumber(o.C1!._id)}:`,
          '- Kids Hoodie, size 4-5Y, quantity 1',
          '- Kids Hoodie, size 6-7Y, quantity 2',
          'Total: Rs 5,447 (cash on delivery)',
          'Delivery address: 12 Zamzama Boulevard, Multan, Sindh 75600, Pakistan',
          'Please reply YES to confirm your order, or tell us what to change.',
        ].join('\n'),
      )
      // Any form of the number becomes the international digits.
      const b = await json<AdminOrderDetail>(await admin.get(`/api/admin/orders/${o.B1!._id}`))
      expect(new URL(b.whatsapp.url).pathname).toBe('/923217654321')
      expect(new URL(b.whatsapp.url).searchParams.get('text')).toContain('Total: Rs 3,549')
    })

    it('answers 404 for an order that does not exist', async () => {
      for (const id of ['no-such-order', crypto.randomUUID(), 'x'.repeat(101)]) {
        const res = await admin.get(`/api/admin/orders/${id}`)
        expect(res.status).toBe(404)
        expect(await res.json()).toEqual({ message: 'Order not found' })
      }
    })
  })
})

describe.each(databases)('the console: who may use it, and moving an order (%s)', (kind) => {
  let s: Awaited<ReturnType<typeof storeWithClock>>
  let admin: TestClient
  let adminUser: { _id: string; name: string }
  let customer: TestClient
  let owner: Awaited<ReturnType<typeof s.customer>>
  let order: Order
  const NOW = pkt('2026-11-24', '12:00')

  beforeAll(async () => {
    s = await storeWithClock(kind, NOW)
    const made = await s.admin('Sana Malik')
    admin = made.client
    adminUser = made.user
    customer = (await s.customer()).client
    owner = await s.customer('Moe Owner')
    order = await s.place(owner.client, [{ _id: 'oxford-shirt', size: 'M', quantity: 2 }], NOW)
  })
  afterAll(() => s.store.close())

  /** Everything a move may change: the order's row and events, the audit log and the shirt's stock. */
  async function snapshot(orderId = order._id) {
    const db = s.store.connection.db
    return {
      order: await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst(),
      events: await db.selectFrom('order_events').selectAll().where('order_id', '=', orderId).execute(),
      audit: await db.selectFrom('audit_log').selectAll().orderBy('id').execute(),
      stock: (await s.store.services.catalog.get('oxford-shirt'))?.stock,
    }
  }

  const calls = (): { method: 'GET' | 'POST'; path: string; body?: unknown }[] => [
    { method: 'GET', path: '/api/admin/orders' },
    { method: 'GET', path: '/api/admin/orders?status=Confirmed&q=moe&page=1' },
    { method: 'GET', path: '/api/admin/orders?status=Lost' },
    { method: 'GET', path: `/api/admin/orders/${order._id}` },
    { method: 'GET', path: '/api/admin/orders/no-such-order' },
    { method: 'POST', path: `/api/admin/orders/${order._id}/status`, body: { to: 'Confirmed' } },
    { method: 'POST', path: `/api/admin/orders/${order._id}/status`, body: { to: 'Cancelled', note: 'by a stranger' } },
    { method: 'POST', path: `/api/admin/orders/${order._id}/status`, body: { to: 'Nowhere' } },
    { method: 'GET', path: '/api/admin/dashboard' },
    { method: 'GET', path: '/api/admin/customers' },
    { method: 'GET', path: '/api/admin/customers?q=moe&page=2' },
    // What the console does not have is not told apart from what it has.
    { method: 'GET', path: '/api/admin/settings' },
    { method: 'POST', path: '/api/admin/orders', body: {} },
    { method: 'GET', path: '/api/admin' },
  ]
  const send = (client: TestClient, call: ReturnType<typeof calls>[number]) =>
    call.method === 'GET' ? client.get(call.path) : client.post(call.path, call.body)

  describe('access', () => {
    it('answers a guest 401 on every admin call, and changes nothing', async () => {
      const before = await snapshot()
      const guest = s.store.client(nextAddress())
      for (const call of calls()) {
        const res = await send(guest, call)
        expect(res.status, `${call.method} ${call.path}`).toBe(401)
        expect(await res.json()).toEqual(NOT_SIGNED_IN)
      }
      expect(await snapshot()).toEqual(before)
    })

    it('answers a signed-in customer 403 on every admin call, the order’s owner too, and changes nothing', async () => {
      const before = await snapshot()
      for (const client of [customer, owner.client]) {
        for (const call of calls()) {
          const res = await send(client, call)
          expect(res.status, `${call.method} ${call.path}`).toBe(403)
          expect(await res.json()).toEqual(NOT_ADMIN)
        }
      }
      expect(await snapshot()).toEqual(before)
    })

    it('answers 401 to a dead session, and refuses an admin whose session has ended', async () => {
      const { client } = await s.admin('Short Lived')
      expect((await client.get('/api/admin/dashboard')).status).toBe(200)
      expect((await client.post('/api/auth/logout')).status).toBe(200)
      expect((await client.get('/api/admin/dashboard')).status).toBe(401)
      const forged = await s.store.fetch('/api/admin/dashboard', { headers: { cookie: 'kapra_session=forged' } })
      expect(forged.status).toBe(401)
    })

    it("keeps the API's protections for an admin's writes: same origin, JSON only, a bounded body", async () => {
      const before = await snapshot()
      const path = `/api/admin/orders/${order._id}/status`
      const crossSite = await admin.post(path, { to: 'Confirmed' }, { 'sec-fetch-site': 'cross-site' })
      expect(crossSite.status).toBe(403)
      expect(await crossSite.json()).toEqual({ message: 'Cross-site requests are not allowed' })
      const otherOrigin = await admin.post(path, { to: 'Confirmed' }, { origin: 'https://evil.example' })
      expect(otherOrigin.status).toBe(403)
      const form = await admin.post(path, 'to=Confirmed', { 'content-type': 'application/x-www-form-urlencoded' })
      expect(form.status).toBe(415)
      const huge = await admin.post(path, { to: 'Confirmed', note: 'x'.repeat(70 * 1024) })
      expect(huge.status).toBe(413)
      const broken = await admin.post(path, '{"to": "Confirmed"', { 'content-type': 'application/json' })
      expect(broken.status).toBe(400)
      expect(await broken.json()).toEqual({ message: 'The request body is not valid JSON' })
      expect(await snapshot()).toEqual(before)
    })
  })

  describe('POST /api/admin/orders/:id/status', () => {
    const move = (body: unknown, id = order._id) => admin.post(`/api/admin/orders/${id}/status`, body)

    it('moves the order along the table as the store, writing who moved it from what to what', async () => {
      const res = await move({ to: 'Confirmed' })
      const body = await json<{ message: string; order: AdminOrderDetail }>(res)
      expect(body.message).toBe('The order is now Confirmed')
      expect(body.order.order.status).toBe('Confirmed')
      expect(body.order.nextStatuses).toEqual(['Packing', 'Cancelled'])
      expect(body.order.order.events.at(-1)).toStrictEqual({
        at: NOW,
        from: 'Order Placed',
        to: 'Confirmed',
        by: 'store',
        note: null,
      })
      expect(body.order.audit).toStrictEqual([
        {
          id: expect.any(String) as string,
          at: NOW,
          actor: { id: adminUser._id, name: 'Sana Malik' },
          entity: 'order',
          entityId: order._id,
          action: 'status',
          before: { status: 'Order Placed' },
          after: { status: 'Confirmed' },
        },
      ])
      // The console's GET answers the same.
      expect(await json<AdminOrderDetail>(await admin.get(`/api/admin/orders/${order._id}`))).toEqual(body.order)
    })

    it('answers 409 to a move the table does not allow, and changes nothing', async () => {
      const before = await snapshot()
      for (const to of ['Delivered', 'Shipped', 'Order Placed', 'Confirmed', 'Returned']) {
        const res = await move({ to })
        expect(res.status, to).toBe(409)
        expect(await res.json()).toEqual({ message: `An order that is Confirmed cannot become ${to}` })
      }
      expect(await snapshot()).toEqual(before)
    })

    it('packs with a note', async () => {
      const body = await json<{ order: AdminOrderDetail }>(await move({ to: 'Packing', note: '  Packed by Ali  ' }))
      expect(body.order.order.events.at(-1)).toMatchObject({
        from: 'Confirmed',
        to: 'Packing',
        by: 'store',
        note: 'Packed by Ali',
      })
      expect(body.order.audit.at(-1)).toMatchObject({
        before: { status: 'Confirmed' },
        after: { status: 'Packing', note: 'Packed by Ali' },
      })
    })

    it('answers 400 to Shipped without the courier or the tracking number, and changes nothing', async () => {
      const before = await snapshot()
      const none = await move({ to: 'Shipped' })
      expect(none.status).toBe(400)
      expect(await none.json()).toEqual({
        message: 'Shipping needs the courier and the tracking number',
        fields: { courier: 'Courier is required', trackingNumber: 'Tracking number is required' },
      })
      const courierOnly = await move({ to: 'Shipped', courier: 'TCS' })
      expect(courierOnly.status).toBe(400)
      expect(await courierOnly.json()).toEqual({
        message: 'Shipping needs the courier and the tracking number',
        fields: { trackingNumber: 'Tracking number is required' },
      })
      const blank = await move({ to: 'Shipped', courier: '   ', trackingNumber: 'TCS-1' })
      expect(blank.status).toBe(400)
      expect(((await blank.json()) as { message: string }).message).toBe('courier must not be empty')
      expect(await snapshot()).toEqual(before)
    })

    it('ships with the courier and tracking number, then delivers; a final order moves no more', async () => {
      const shippedRes = await json<{ order: AdminOrderDetail }>(
        await move({ to: 'Shipped', courier: 'TCS', trackingNumber: 'TCS-7781234', note: 'Two parcels' }),
      )
      expect(shippedRes.order.order).toMatchObject({ status: 'Shipped', courier: 'TCS', trackingNumber: 'TCS-7781234' })
      expect(shippedRes.order.audit.at(-1)).toMatchObject({
        before: { status: 'Packing' },
        after: { status: 'Shipped', courier: 'TCS', trackingNumber: 'TCS-7781234', note: 'Two parcels' },
      })
      await json(await move({ to: 'Out for delivery' }))
      const delivered = await json<{ order: AdminOrderDetail }>(await move({ to: 'Delivered' }))
      expect(delivered.order.order).toMatchObject({ status: 'Delivered', payment: true })
      expect(delivered.order.nextStatuses).toEqual([])

      const before = await snapshot()
      for (const to of ['Returned', 'Cancelled']) {
        const res = await move({ to })
        expect(res.status).toBe(409)
        expect(await res.json()).toEqual({ message: `An order that is Delivered cannot become ${to}` })
      }
      expect(await snapshot()).toEqual(before)
    })

    it("keeps every move in the order's audit, oldest first, even within one millisecond", async () => {
      const detail = await json<AdminOrderDetail>(await admin.get(`/api/admin/orders/${order._id}`))
      expect(detail.audit.map((a) => [a.before, a.after])).toEqual([
        [{ status: 'Order Placed' }, { status: 'Confirmed' }],
        [{ status: 'Confirmed' }, { status: 'Packing', note: 'Packed by Ali' }],
        [
          { status: 'Packing' },
          { status: 'Shipped', courier: 'TCS', trackingNumber: 'TCS-7781234', note: 'Two parcels' },
        ],
        [{ status: 'Shipped' }, { status: 'Out for delivery' }],
        [{ status: 'Out for delivery' }, { status: 'Delivered' }],
      ])
      expect(new Set(detail.audit.map((a) => a.at))).toEqual(new Set([NOW]))
      expect(detail.audit.every((a) => a.actor.id === adminUser._id && a.entityId === order._id)).toBe(true)
      // The shopper's timeline shows the same moves, made by the store.
      const mine = (await json<Order[]>(await owner.client.post('/api/order/userorder'))).find(
        (m) => m._id === order._id,
      )!
      expect(mine.events.map((e) => [e.to, e.by])).toEqual([
        ['Order Placed', 'shopper'],
        ['Confirmed', 'store'],
        ['Packing', 'store'],
        ['Shipped', 'store'],
        ['Out for delivery', 'store'],
        ['Delivered', 'store'],
      ])
    })

    it('cancels with the stock put back, as the store', async () => {
      s.clock.t = NOW + 60_000
      const second = await s.place(owner.client, [{ _id: 'oxford-shirt', size: 'M', quantity: 3 }], NOW + 60_000)
      const stockBefore = (await s.store.services.catalog.get('oxford-shirt'))!.stock
      const body = await json<{ order: AdminOrderDetail }>(
        await move({ to: 'Cancelled', note: 'Customer did not answer' }, second._id),
      )
      expect(body.order.order.status).toBe('Cancelled')
      expect((await s.store.services.catalog.get('oxford-shirt'))!.stock).toEqual({
        ...stockBefore,
        M: stockBefore.M! + 3,
      })
      expect(body.order.audit).toHaveLength(1)
      expect(body.order.audit[0]).toMatchObject({
        at: NOW + 60_000,
        before: { status: 'Order Placed' },
        after: { status: 'Cancelled', note: 'Customer did not answer' },
      })
    })

    it('answers 400 naming what is wrong with the body, and 404 for an unknown order', async () => {
      const before = await snapshot()
      const cases: [unknown, string][] = [
        [{}, 'to must be one of'],
        [{ to: 'Lost' }, 'to must be one of'],
        [{ to: 'confirmed' }, 'to must be one of'],
        [{ to: 'Shipped', courier: 5, trackingNumber: 'T' }, 'courier must be text'],
        [
          { to: 'Shipped', courier: 'TCS', trackingNumber: 'x'.repeat(61) },
          'trackingNumber must be at most 60 characters',
        ],
        [{ to: 'Cancelled', note: 'x'.repeat(501) }, 'note must be at most 500 characters'],
        [[], 'expected object'],
      ]
      for (const [body, message] of cases) {
        const res = await move(body)
        expect(res.status, JSON.stringify(body)).toBe(400)
        expect(((await res.json()) as { message: string }).message).toContain(message)
      }
      const unknown = await move({ to: 'Confirmed' }, 'no-such-order')
      expect(unknown.status).toBe(404)
      expect(await unknown.json()).toEqual({ message: 'Order not found' })
      expect(await snapshot()).toEqual(before)
    })

    it('writes the audit entry in the move’s transaction: one that cannot be written undoes the move', async () => {
      const third = await s.place(owner.client, [{ _id: 'oxford-shirt', size: 'S', quantity: 1 }], NOW + 120_000)
      const before = await snapshot(third._id)
      await expect(
        s.store.services.orders.advance(third._id, 'Confirmed', {}, 'store', () =>
          Promise.reject(new Error('audit down')),
        ),
      ).rejects.toThrow('audit down')
      expect(await snapshot(third._id)).toEqual(before)
    })
  })
})

describe.each(databases)('the console: the dashboard (%s)', (kind) => {
  // Wednesday 24 November 2026, noon in Karachi.
  const NOW = pkt('2026-11-24', '12:00')
  const catalog = [
    ...defaultCatalog,
    makeProduct({
      id: 'waist-trouser',
      name: 'Waist Trouser',
      price: 2000,
      sizes: Array.from({ length: 24 }, (_, i) => String(26 + i)),
      sizeChart: null,
    }),
  ]
  let s: Awaited<ReturnType<typeof storeWithClock>>
  let admin: TestClient

  const dashboard = async () => json<AdminDashboard>(await admin.get('/api/admin/dashboard'))

  beforeAll(async () => {
    s = await storeWithClock(kind, pkt('2026-10-01', '09:00'), catalog)
    admin = (await s.admin()).client
  })
  afterAll(() => s.store.close())

  async function setStock(productId: string, stock: Record<string, number>) {
    for (const [size, n] of Object.entries(stock))
      await s.store.connection.db
        .updateTable('product_sizes')
        .set({ stock: n })
        .where('product_id', '=', productId)
        .where('size', '=', size)
        .execute()
  }

  it('answers zeros, no return rate and no low sizes for a store without orders', async () => {
    s.clock.t = NOW
    expect(await dashboard()).toStrictEqual({
      ordersToday: 0,
      ordersLast7Days: 0,
      awaitingConfirmation: 0,
      placedValue: 0,
      collectedValue: 0,
      returnRate30d: null,
      lowStock: [],
    })
  })

  it('counts Karachi days and the last 30 of them from a hand-built set of orders', async () => {
    const shopper = (await s.customer('Dashboard Shopper')).client
    const shirt = (quantity: number): Line[] => [{ _id: 'oxford-shirt', size: 'M', quantity }] // 2499 each
    const jeans = (quantity: number): Line[] => [{ _id: 'denim-jeans', size: 'L', quantity }] // 3499 each
    const amount = (lines: Line[]) => lines.reduce((sum, l) => sum + s.priceOf(l._id) * l.quantity, 0) + FEE

    // Placed: today, in the morning and just after midnight (cancelled).
    const a = await s.place(shopper, shirt(1), pkt('2026-11-24', '09:00'))
    const b = await s.place(shopper, shirt(2), pkt('2026-11-24', '00:10'))
    await s.moveTo(b._id, ['Cancelled'], pkt('2026-11-24', '00:20'))
    // 23:50 yesterday in Karachi: the same UTC date as today, not today.
    const c = await s.place(shopper, jeans(1), pkt('2026-11-23', '23:50'))
    // Six days ago (in the 7), delivered on the 20th.
    const d = await s.place(shopper, jeans(2), pkt('2026-11-18', '10:00'))
    await s.moveTo(d._id, [...shipped, 'Delivered'], pkt('2026-11-20', '15:00'))
    // Seven days ago (not in the 7), returned on the 21st.
    const e = await s.place(shopper, shirt(3), pkt('2026-11-17', '10:00'))
    await s.moveTo(e._id, [...shipped, 'Returned'], pkt('2026-11-21', '15:00'))
    // 29 days ago, the first of the 30; delivered on the 1st.
    const f = await s.place(shopper, jeans(3), pkt('2026-10-26', '00:00'))
    await s.moveTo(f._id, [...shipped, 'Delivered'], pkt('2026-11-01', '15:00'))
    // 30 days ago, the last minute before them; delivered before them too.
    const g = await s.place(shopper, shirt(4), pkt('2026-10-25', '23:59'))
    await s.moveTo(g._id, [...shipped, 'Delivered'], pkt('2026-10-25', '23:59'))
    // Placed long ago, settled inside the 30 days: returned on the 10th, delivered yesterday.
    const h = await s.place(shopper, shirt(5), pkt('2026-10-10', '10:00'))
    await s.moveTo(h._id, [...shipped, 'Returned'], pkt('2026-11-10', '10:00'))
    const i = await s.place(shopper, jeans(4), pkt('2026-10-11', '10:00'))
    await s.moveTo(i._id, [...shipped, 'Delivered'], pkt('2026-11-23', '10:00'))
    // Placed long ago, still waiting: awaiting confirmation counts it, nothing else.
    await s.place(shopper, shirt(6), pkt('2026-10-02', '10:00'))

    s.clock.t = NOW
    const figures = await dashboard()
    expect(figures).toStrictEqual({
      ordersToday: 2,
      ordersLast7Days: 4,
      awaitingConfirmation: 3,
      placedValue: amount(shirt(1)) + amount(jeans(1)) + amount(jeans(2)) + amount(shirt(3)) + amount(jeans(3)),
      collectedValue: amount(jeans(2)) + amount(jeans(3)) + amount(jeans(4)),
      returnRate30d: 2 / 5,
      lowStock: [],
    })
    expect([a, c].every((o) => o.status === 'Order Placed')).toBe(true)

    // A day later the windows move: d leaves the 7 days, f's placing leaves the 30.
    s.clock.t = NOW + DAY
    expect(await dashboard()).toStrictEqual({
      ...figures,
      ordersToday: 0,
      ordersLast7Days: 3,
      placedValue: amount(shirt(1)) + amount(jeans(1)) + amount(jeans(2)) + amount(shirt(3)),
    })
    // A week later f's delivery (1 November) has left the 30 days too; e and h are still in.
    s.clock.t = pkt('2026-12-01', '12:00')
    expect(await dashboard()).toMatchObject({
      ordersToday: 0,
      collectedValue: amount(jeans(2)) + amount(jeans(4)),
      returnRate30d: 2 / 4,
    })
    // Just before midnight in Karachi it is still the 24th.
    s.clock.t = pkt('2026-11-24', '23:59')
    expect((await dashboard()).ordersToday).toBe(2)
    s.clock.t = NOW
  })

  it('lists the sizes with 3 or fewer pieces, fewest first, at most 20', async () => {
    await setStock('oxford-shirt', { S: 0, M: 3, L: 4 })
    await setStock('kids-hoodie', { '6-7Y': 1 })
    const trouser: Record<string, number> = {}
    for (let k = 0; k < 24; k++) trouser[String(26 + k)] = k < 20 ? 2 : 3
    await setStock('waist-trouser', trouser)

    const { lowStock } = await dashboard()
    expect(lowStock).toHaveLength(20)
    expect(lowStock.slice(0, 3)).toStrictEqual([
      { productId: 'oxford-shirt', name: 'Men Oxford Shirt', size: 'S', stock: 0 },
      { productId: 'kids-hoodie', name: 'Kids Hoodie', size: '6-7Y', stock: 1 },
      { productId: 'waist-trouser', name: 'Waist Trouser', size: '26', stock: 2 },
    ])
    expect(lowStock.slice(2).map((l) => l.size)).toEqual(Array.from({ length: 18 }, (_, k) => String(26 + k)))
    expect(lowStock.every((l) => l.stock <= 3)).toBe(true)

    // Fewer low sizes: all of them, L (4 pieces) never.
    await setStock('waist-trouser', Object.fromEntries(Object.keys(trouser).map((size) => [size, 10])))
    expect((await dashboard()).lowStock).toStrictEqual([
      { productId: 'oxford-shirt', name: 'Men Oxford Shirt', size: 'S', stock: 0 },
      { productId: 'kids-hoodie', name: 'Kids Hoodie', size: '6-7Y', stock: 1 },
      { productId: 'oxford-shirt', name: 'Men Oxford Shirt', size: 'M', stock: 3 },
    ])
  })
})

describe.each(databases)('the console: customers (%s)', (kind) => {
  let s: Awaited<ReturnType<typeof storeWithClock>>
  let admin: TestClient
  const people: Record<string, { id: string; email: string; client: TestClient }> = {}

  const customers = async (search = '') => json<AdminCustomerPage>(await admin.get(`/api/admin/customers${search}`))

  beforeAll(async () => {
    s = await storeWithClock(kind, pkt('2026-11-01', '09:00'))
    const made = await s.admin('Owner Admin')
    admin = made.client
    for (const name of ['Zara Sheikh', 'Amna Tariq', 'Bushra Noor', 'Yasir Ali']) people[name] = await s.customer(name)
    const zara = people['Zara Sheikh']!.client
    const line: Line[] = [{ _id: 'oxford-shirt', size: 'M', quantity: 1 }]
    const d = await s.place(zara, line, pkt('2026-11-02', '10:00'), { ...testAddress, phone: '0345-0000001' })
    await s.moveTo(d._id, [...shipped, 'Delivered'], pkt('2026-11-05', '10:00'))
    const r = await s.place(zara, line, pkt('2026-11-03', '10:00'), { ...testAddress, phone: '0345-0000001' })
    await s.moveTo(r._id, [...shipped, 'Returned'], pkt('2026-11-06', '10:00'))
    await s.place(zara, line, pkt('2026-11-04', '10:00'), { ...testAddress, phone: '+92 345 0000002' })
    await s.place(people['Bushra Noor']!.client, line, pkt('2026-11-07', '10:00'), {
      ...testAddress,
      phone: '03001112223',
    })
    // An admin who shops is not a customer of the list.
    await s.place(made.client, line, pkt('2026-11-08', '10:00'))
    s.clock.t = pkt('2026-11-10', '10:00')
  })
  afterAll(() => s.store.close())

  it('lists customers, latest order first then by name, with what became of their orders', async () => {
    const page = await customers()
    expect(page).toStrictEqual({
      items: [
        {
          id: people['Bushra Noor']!.id,
          name: 'Bushra Noor',
          email: people['Bushra Noor']!.email,
          lastPhone: '03001112223',
          orders: 1,
          delivered: 0,
          returned: 0,
        },
        {
          id: people['Zara Sheikh']!.id,
          name: 'Zara Sheikh',
          email: people['Zara Sheikh']!.email,
          lastPhone: '+923450000002',
          orders: 3,
          delivered: 1,
          returned: 1,
        },
        {
          id: people['Amna Tariq']!.id,
          name: 'Amna Tariq',
          email: people['Amna Tariq']!.email,
          lastPhone: null,
          orders: 0,
          delivered: 0,
          returned: 0,
        },
        {
          id: people['Yasir Ali']!.id,
          name: 'Yasir Ali',
          email: people['Yasir Ali']!.email,
          lastPhone: null,
          orders: 0,
          delivered: 0,
          returned: 0,
        },
      ],
      total: 4,
      page: 1,
      pageSize: 20,
    })
  })

  it('searches names and emails, in any case', async () => {
    expect((await customers('?q=zara')).items.map((c) => c.name)).toEqual(['Zara Sheikh'])
    expect((await customers('?q=NOOR')).items.map((c) => c.name)).toEqual(['Bushra Noor'])
    const byEmail = await customers(`?q=${encodeURIComponent(people['Yasir Ali']!.email.toUpperCase())}`)
    expect(byEmail).toMatchObject({ total: 1, items: [{ name: 'Yasir Ali' }] })
    // The admin is not a customer, by any name.
    expect(await customers('?q=Owner%20Admin')).toMatchObject({ items: [], total: 0 })
    expect(await customers('?q=%25')).toMatchObject({ items: [], total: 0 })
  })

  it('answers 20 a page', async () => {
    for (let k = 1; k <= 21; k++) await s.customer(`Paged ${String(k).padStart(2, '0')}`)
    const first = await customers('?q=paged')
    expect(first.total).toBe(21)
    expect(first.items.map((c) => c.name)).toEqual(
      Array.from({ length: 20 }, (_, k) => `Paged ${String(k + 1).padStart(2, '0')}`),
    )
    const second = await customers('?q=paged&page=2')
    expect(second).toMatchObject({ total: 21, page: 2, items: [{ name: 'Paged 21' }] })
    expect((await customers()).total).toBe(25)
    expect((await customers('?page=2')).items).toHaveLength(5)
  })

  it.each([
    ['page=0', 'page must be a whole number from 1'],
    ['page=x', 'page must be a whole number from 1'],
    [`q=${'y'.repeat(101)}`, 'q must be at most 100 characters'],
  ])('answers 400 naming the parameter for ?%s', async (search, message) => {
    const res = await admin.get(`/api/admin/customers?${search}`)
    expect(res.status).toBe(400)
    expect(((await res.json()) as { message: string }).message).toBe(message)
  })
})

describe.each(databases)('migrating a store to the console (%s)', (kind) => {
  const before = (dialect: Connection['dialect']): Record<string, Migration> => ({
    '2026-11-22T0900-initial': initial,
    '2026-11-22T1400-cart-line-order': cartLineOrder,
    '2026-11-24T0100-catalog-queries': catalogQueries(dialect),
    '2026-11-24T0300-stock-and-order-life': stockAndOrderLife,
  })

  it('makes every existing account a customer, and the database refuses any other role', async () => {
    const { connection, drop } = await freshDatabase(kind)
    try {
      const { db } = connection
      const migrator = new Migrator({
        db,
        provider: { getMigrations: () => Promise.resolve(before(connection.dialect)) },
        ...(connection.schema ? { migrationTableSchema: connection.schema } : {}),
      })
      expect((await migrator.migrateToLatest()).error).toBeUndefined()
      await sql`insert into users (id, name, email, email_normalized, password_hash, google_sub, created_at)
        values ('old-user', 'Ayesha Khan', 'ayesha@example.com', 'ayesha@example.com', null, null, 1)`.execute(db)

      await migrateToLatest(connection)

      expect(await db.selectFrom('users').select(['id', 'role']).execute()).toEqual([
        { id: 'old-user', role: 'customer' },
      ])
      expect(await db.selectFrom('audit_log').selectAll().execute()).toEqual([])
      await expect(
        db.updateTable('users').set({ role: 'owner' }).where('id', '=', 'old-user').execute(),
      ).rejects.toThrow()
      await expect(
        db
          .insertInto('audit_log')
          .values({
            id: 'a',
            at: 1,
            actor_id: 'x',
            actor_name: 'X',
            entity: 'user',
            entity_id: 'y',
            action: 'z',
            before: null,
            after: null,
          })
          .execute(),
      ).rejects.toThrow()
    } finally {
      await connection.close()
      await drop()
    }
  })
})

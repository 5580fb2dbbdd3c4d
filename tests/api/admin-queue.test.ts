import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminOrderDetail, AdminOrderPage, AdminOrderRow } from '#contracts/admin.ts'
import { orderNumber, type Order } from '#contracts/orders.ts'
import { databases, type TestClient } from '#tests/api/harness.ts'
import { testAddress } from '#tests/support/factories.ts'
import { FEE, pkt, zeroCounts, countsOf, storeWithClock, shipped, json } from '#tests/api/admin-console.ts'

// The store owner's console API (docs/spec/rulings.md #25): the queue of orders, its
// searches and pages, and one order with what the store needs to call the customer, on
// each database.

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
        attention: [],
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

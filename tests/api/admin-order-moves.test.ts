import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminOrderDetail } from '#contracts/admin.ts'
import type { Order } from '#contracts/orders.ts'
import { databases, type TestClient } from '#tests/api/harness.ts'
import { NOT_SIGNED_IN, NOT_ADMIN, pkt, nextAddress, storeWithClock, json } from '#tests/api/admin-console.ts'

// The store owner's console API (docs/spec/rulings.md #25, #15, #24): one guard in front
// of every call, and status moves with their audit entries, on each database.

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
        request: null,
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

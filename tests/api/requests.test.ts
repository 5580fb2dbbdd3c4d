import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { DELIVERY_FEE } from '#contracts/pricing.ts'
import { orderNumber, type Order } from '#contracts/orders.ts'
import type { AdminRequest, AdminRequestPage, OrderRequest } from '#contracts/requests.ts'
import {
  databases,
  signedInAdmin,
  signedInClient,
  useMailStore,
  type TestClient,
  type TestStore,
} from '#tests/api/harness.ts'
import { makeProduct, testAddress } from '#tests/support/factories.ts'
import { recipientOf } from '#tests/support/smtp-server.ts'

// Exchanges and returns (server/orders/requests.ts, request-decisions.ts; docs/decisions/036):
// within RETURN_DAYS of the move to Delivered, to the minute on the fake clock; one request
// at a time an order; an approved exchange takes its new size off the shelf in the
// decision's transaction (two racing for the last piece: one wins, stock never below 0) and
// makes an order with no delivery fee that collects only the difference; the pieces come
// back on the shelf when received; a return's refund is recorded; the shopper is emailed at
// each step; the dashboard's return-to-origin rate does not count any of it. On each database.

const DAY = 24 * 60 * 60_000
const shirt = makeProduct({ id: 'swap-shirt', name: 'Men Swap Shirt', price: 2000, stock: { S: 50, M: 50, L: 50 } })
// One piece of L: what two exchanges race for.
const kurta = makeProduct({ id: 'swap-kurta', name: 'Lawn Kurta', price: 3000, stock: { S: 20, M: 20, L: 1 } })

async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text()
  expect(res.status, text).toBe(status)
  return JSON.parse(text) as T
}

let addresses = 0
const nextAddress = () => `10.91.${Math.floor(addresses / 200)}.${(addresses++ % 200) + 1}`

describe.each(databases)('exchanges and returns (%s)', (kind) => {
  let clock = Date.UTC(2026, 10, 1, 9, 0, 0)
  const s = useMailStore(kind, { catalog: [shirt, kurta], now: () => clock, clearOutbox: true })
  const store = (): TestStore => s.store
  let admin: TestClient | undefined
  const console_ = async () => (admin ??= (await signedInAdmin(store(), '10.91.250.1')).client)

  const db = () => store().connection.db
  const stockOf = async (productId: string, size: string) =>
    (
      await db()
        .selectFrom('product_sizes')
        .select('stock')
        .where('product_id', '=', productId)
        .where('size', '=', size)
        .executeTakeFirstOrThrow()
    ).stock

  async function place(client: TestClient, lines: { _id: string; size: string; quantity: number }[]): Promise<Order> {
    let total = DELIVERY_FEE
    for (const l of lines) {
      await json(await client.post('/api/cart/update', { itemId: l._id, size: l.size, quantity: l.quantity }))
      total += (l._id === shirt.id ? shirt.price : kurta.price) * l.quantity
    }
    const res = await client.post('/api/order/placeorder', { address: testAddress, items: lines, amount: total })
    return (await json<{ order: Order }>(res, 201)).order
  }

  async function deliver(orderId: string, from: 'Order Placed' | 'Confirmed' = 'Order Placed') {
    const road = ['Confirmed', 'Packing', 'Shipped', 'Delivered'] as const
    for (const to of from === 'Confirmed' ? road.slice(1) : road)
      await store().services.orders.advance(
        orderId,
        to,
        to === 'Shipped' ? { courier: 'TCS', trackingNumber: 'T-1' } : {},
      )
  }

  /** A shopper with a Delivered order of these lines, delivered at the clock's time now. */
  async function delivered(lines = [{ _id: shirt.id, size: 'M', quantity: 2 }]) {
    const shopper = await signedInClient(store(), nextAddress())
    const order = await place(shopper.client, lines)
    await deliver(order._id)
    return { ...shopper, order }
  }

  const ask = (client: TestClient, body: object) => client.post('/api/order/request', body)
  const exchange = (orderId: string, over: object = {}) => ({
    orderId,
    kind: 'exchange',
    items: [{ _id: shirt.id, size: 'M', quantity: 1, newSize: 'L' }],
    reason: 'size',
    note: 'Too tight across the shoulders',
    ...over,
  })
  const decide = async (id: string, body: object, status = 200) =>
    (
      await json<{ request: AdminRequest }>(
        await (await console_()).post(`/api/admin/requests/${id}/decision`, body),
        status,
      )
    ).request
  const userOrders = async (client: TestClient) => json<Order[]>(await client.post('/api/order/userorder'))

  it('is taken up to RETURN_DAYS after the move to Delivered, to the millisecond, and refused just past it', async () => {
    const start = clock
    const onTime = await delivered()
    const late = await delivered()
    clock = start + 7 * DAY
    const request = (await json<{ request: OrderRequest }>(await ask(onTime.client, exchange(onTime.order._id)), 201))
      .request
    expect(request).toMatchObject({ orderId: onTime.order._id, kind: 'exchange', status: 'open', reason: 'size' })
    expect(request.items).toEqual([
      expect.objectContaining({ _id: shirt.id, size: 'M', newSize: 'L', quantity: 1, price: 2000 }),
    ])
    clock = start + 7 * DAY + 1
    expect(await json(await ask(late.client, exchange(late.order._id)), 422)).toEqual({
      message: 'The time to exchange or return this order has passed',
    })
    expect(
      await db().selectFrom('order_requests').select('order_id').where('order_id', '=', late.order._id).execute(),
    ).toEqual([])
    clock += DAY
  })

  it('is for the shopper’s own Delivered order only, and refuses bad pieces, storing nothing', async () => {
    const { client, order } = await delivered([
      { _id: shirt.id, size: 'M', quantity: 2 },
      { _id: kurta.id, size: 'S', quantity: 1 },
    ])
    const stranger = await signedInClient(store(), nextAddress())
    expect((await ask(stranger.client, exchange(order._id))).status).toBe(404)
    expect((await ask(client, exchange('no-such-order'))).status).toBe(404)
    expect((await store().client().post('/api/order/request', exchange(order._id))).status).toBe(401)
    const placed = await place(client, [{ _id: shirt.id, size: 'S', quantity: 1 }])
    expect(
      await json(
        await ask(client, exchange(placed._id, { items: [{ _id: shirt.id, size: 'S', quantity: 1, newSize: 'M' }] })),
        422,
      ),
    ).toEqual({
      message: 'Only a delivered order can be exchanged or returned',
    })
    const refusals: [object, number, string][] = [
      [
        { items: [{ _id: shirt.id, size: 'S', quantity: 1, newSize: 'L' }] },
        422,
        'A piece you chose is not on this order',
      ],
      [
        { items: [{ _id: 'swap-jeans', size: 'M', quantity: 1, newSize: 'L' }] },
        422,
        'A piece you chose is not on this order',
      ],
      [
        { items: [{ _id: shirt.id, size: 'M', quantity: 3, newSize: 'L' }] },
        422,
        'You chose more pieces than you received',
      ],
      [
        { items: [{ _id: shirt.id, size: 'M', quantity: 1, newSize: 'XXL' }] },
        422,
        'The size you want is not made for this piece',
      ],
      [{ items: [{ _id: shirt.id, size: 'M', quantity: 1 }] }, 400, 'Choose the size you want instead'],
      [
        { items: [{ _id: shirt.id, size: 'M', quantity: 1, newSize: 'M' }] },
        400,
        'Choose a size other than the one you have',
      ],
      [
        { kind: 'return', items: [{ _id: shirt.id, size: 'M', quantity: 1, newSize: 'L' }] },
        400,
        'newSize is only for an exchange',
      ],
      [{ items: [] }, 400, 'Choose at least one piece'],
      [{ reason: 'bored' }, 400, 'Choose a reason'],
      [{ kind: 'swap' }, 400, 'kind must be exchange or return'],
    ]
    for (const [over, status, message] of refusals) {
      const answer = await json<{ message: string }>(await ask(client, exchange(order._id, over)), status)
      expect(answer.message).toContain(message)
    }
    // A size out of stock now: 422, naming the field.
    await db()
      .updateTable('product_sizes')
      .set({ stock: 0 })
      .where('product_id', '=', kurta.id)
      .where('size', '=', 'M')
      .execute()
    const out = await json<{ message: string; fields: Record<string, string> }>(
      await ask(client, exchange(order._id, { items: [{ _id: kurta.id, size: 'S', quantity: 1, newSize: 'M' }] })),
      422,
    )
    expect(out).toEqual({ message: 'The size you want is out of stock now', fields: { 'items.0.newSize': '0 left' } })
    await db()
      .updateTable('product_sizes')
      .set({ stock: 20 })
      .where('product_id', '=', kurta.id)
      .where('size', '=', 'M')
      .execute()
    expect(
      await db().selectFrom('order_requests').select('id').where('order_id', 'in', [order._id, placed._id]).execute(),
    ).toEqual([])
  })

  it('takes one request at a time an order (409), and another once it is declined', async () => {
    const { client, order } = await delivered()
    const first = (await json<{ request: OrderRequest }>(await ask(client, exchange(order._id)), 201)).request
    expect(
      await json(
        await ask(client, exchange(order._id, { kind: 'return', items: [{ _id: shirt.id, size: 'M', quantity: 1 }] })),
        409,
      ),
    ).toEqual({
      message: 'This order already has a request waiting: you can ask again once it is settled',
    })
    // Two at once: the order's lock and the index let one through.
    const declined = await decide(first.id, { approve: false, note: 'Worn and washed' })
    expect(declined).toMatchObject({ status: 'declined', decisionNote: 'Worn and washed' })
    // The shopper is told, with the store's note.
    const told = await db()
      .selectFrom('mail_outbox')
      .select(['kind', 'text_body'])
      .where('kind', '=', 'request-declined')
      .execute()
    expect(told).toHaveLength(1)
    expect(told[0]!.text_body).toContain('Worn and washed')
    await decide(first.id, { approve: true }, 409)
    const racing = await Promise.all([ask(client, exchange(order._id)), ask(client, exchange(order._id))])
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409])
    const active = await db()
      .selectFrom('order_requests')
      .select('status')
      .where('order_id', '=', order._id)
      .where('status', '=', 'open')
      .execute()
    expect(active).toHaveLength(1)
  })

  it('lets exactly one of two exchanges racing for the last piece win: stock never below 0, the loser unchanged', async () => {
    const a = await delivered([{ _id: kurta.id, size: 'M', quantity: 1 }])
    const b = await delivered([{ _id: kurta.id, size: 'M', quantity: 1 }])
    const body = (orderId: string) =>
      exchange(orderId, { items: [{ _id: kurta.id, size: 'M', quantity: 1, newSize: 'L' }] })
    const ra = (await json<{ request: OrderRequest }>(await ask(a.client, body(a.order._id)), 201)).request
    const rb = (await json<{ request: OrderRequest }>(await ask(b.client, body(b.order._id)), 201)).request
    expect(await stockOf(kurta.id, 'L')).toBe(1)
    const ordersBefore = await db().selectFrom('orders').select('id').execute()
    const consoleClient = await console_()
    const answers = await Promise.all(
      [ra, rb].map((r) => consoleClient.post(`/api/admin/requests/${r.id}/decision`, { approve: true, note: '' })),
    )
    const statuses = answers.map((r) => r.status).sort()
    expect(statuses).toEqual([200, 409])
    const loser = answers.find((r) => r.status === 409)!
    expect(((await loser.json()) as { message: string }).message).toBe(
      'Lawn Kurta in size L is no longer in stock: decline the request, or ask the shopper for another size',
    )
    expect(await stockOf(kurta.id, 'L')).toBe(0)
    const rows = await db()
      .selectFrom('order_requests')
      .select(['id', 'status', 'exchange_order_id'])
      .where('id', 'in', [ra.id, rb.id])
      .execute()
    expect(rows.map((r) => r.status).sort()).toEqual(['approved', 'open'])
    expect(rows.find((r) => r.status === 'open')!.exchange_order_id).toBeNull()
    // One exchange order was made, no more.
    const ordersAfter = await db().selectFrom('orders').select(['id', 'exchange_for']).execute()
    expect(ordersAfter.length).toBe(ordersBefore.length + 1)
    expect(ordersAfter.filter((o) => o.exchange_for !== null).map((o) => o.exchange_for)).toContain(
      rows.find((r) => r.status === 'approved') &&
        (rows.find((r) => r.status === 'approved')!.id === ra.id ? a.order._id : b.order._id),
    )
    await db()
      .updateTable('product_sizes')
      .set({ stock: 20 })
      .where('product_id', '=', kurta.id)
      .where('size', '=', 'L')
      .execute()
  })

  it('makes the exchange order: no delivery fee, the difference to collect, or nothing when the new piece costs less', async () => {
    const { client, order } = await delivered()
    const request = (await json<{ request: OrderRequest }>(await ask(client, exchange(order._id)), 201)).request
    // The shirt costs more now: the courier collects the 500 more.
    await db().updateTable('products').set({ list_price: 2500 }).where('id', '=', shirt.id).execute()
    const before = { L: await stockOf(shirt.id, 'L'), M: await stockOf(shirt.id, 'M') }
    const approved = await decide(request.id, { approve: true, note: 'Sending L' })
    expect(approved.status).toBe('approved')
    expect(await stockOf(shirt.id, 'L')).toBe(before.L - 1)
    expect(await stockOf(shirt.id, 'M')).toBe(before.M)
    const orders = await userOrders(client)
    const made = orders.find((o) => o._id === approved.exchangeOrderId)!
    expect(made).toMatchObject({
      status: 'Confirmed',
      exchangeFor: order._id,
      deliveryFee: 0,
      subtotal: 2500,
      discount: 2000,
      discountCode: null,
      amount: 500,
      request: null,
    })
    expect(made.items).toEqual([expect.objectContaining({ _id: shirt.id, size: 'L', quantity: 1, price: 2500 })])
    expect(made.events.map((e) => [e.from, e.to, e.by, e.note])).toEqual([
      [null, 'Order Placed', 'store', `Exchange for ${orderNumber(order._id)}`],
      ['Order Placed', 'Confirmed', 'store', null],
    ])
    const original = orders.find((o) => o._id === order._id)!
    expect(original.status).toBe('Delivered')
    expect(original.exchangeFor).toBeNull()
    expect(original.request).toMatchObject({ id: request.id, status: 'approved', exchangeOrderId: made._id })
    // The console's audit of the order names who approved it.
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'before', 'after', 'actor_name'])
      .where('entity_id', '=', order._id)
      .execute()
    expect(audit.map((a) => [a.action, JSON.parse(a.before!) as unknown, JSON.parse(a.after!) as unknown])).toEqual([
      ['request', { request: 'open' }, { request: 'approved', note: 'Sending L' }],
    ])
    expect(original.events.filter((e) => e.request).map((e) => [e.request, e.from, e.to, e.by])).toEqual([
      ['exchange-requested', 'Delivered', 'Delivered', 'shopper'],
      ['approved', 'Delivered', 'Delivered', 'store'],
    ])
    // The exchange order follows the normal statuses.
    await deliver(made._id, 'Confirmed')
    expect((await userOrders(client)).find((o) => o._id === made._id)!.status).toBe('Delivered')

    // Cheaper now: nothing to collect.
    await db().updateTable('products').set({ list_price: 1500 }).where('id', '=', shirt.id).execute()
    const second = await delivered()
    await db().updateTable('products').set({ list_price: 2000 }).where('id', '=', shirt.id).execute()
    const asked = (await json<{ request: OrderRequest }>(await ask(second.client, exchange(second.order._id)), 201))
      .request
    await db().updateTable('products').set({ list_price: 1500 }).where('id', '=', shirt.id).execute()
    const cheaper = await decide(asked.id, { approve: true, note: '' })
    const cheap = (await userOrders(second.client)).find((o) => o._id === cheaper.exchangeOrderId)!
    expect(cheap).toMatchObject({ subtotal: 1500, discount: 1500, amount: 0, deliveryFee: 0 })
    await db().updateTable('products').set({ list_price: 2000 }).where('id', '=', shirt.id).execute()
  })

  it('puts the old pieces back on the shelf when received, and records a return’s refund; the RTO rate stays', async () => {
    const dashboard = async () => {
      const d = await json<{
        returnRate30d: number | null
        collectedValue: number
        returnsByDay: { delivered: number; returned: number }[]
      }>(await (await console_()).get('/api/admin/dashboard'))
      return {
        rate: d.returnRate30d,
        collected: d.collectedValue,
        delivered: d.returnsByDay.reduce((n, day) => n + day.delivered, 0),
        returned: d.returnsByDay.reduce((n, day) => n + day.returned, 0),
      }
    }
    // A parcel that never reached its shopper, so the rate is more than 0 and moves with any delivery counted.
    const refused = await place((await signedInClient(store(), nextAddress())).client, [
      { _id: shirt.id, size: 'S', quantity: 1 },
    ])
    for (const to of ['Confirmed', 'Packing', 'Shipped', 'Returned'] as const)
      await store().services.orders.advance(
        refused._id,
        to,
        to === 'Shipped' ? { courier: 'TCS', trackingNumber: 'T-2' } : {},
      )
    const { client, order } = await delivered()
    const rateBefore = await dashboard()
    expect(rateBefore.rate).toBeGreaterThan(0)
    expect(rateBefore.returned).toBeGreaterThan(0)
    const request = (
      await json<{ request: OrderRequest }>(
        await ask(client, {
          orderId: order._id,
          kind: 'return',
          items: [{ _id: shirt.id, size: 'M', quantity: 2 }],
          reason: 'damaged',
          note: '',
        }),
        201,
      )
    ).request
    const received = (id: string, body: object, status = 200) =>
      console_().then(async (c) =>
        json<{ request: AdminRequest }>(await c.post(`/api/admin/requests/${id}/received`, body), status),
      )
    await received(request.id, { refundMethod: 'easypaisa', reference: 'EP-1' }, 409)
    await decide(request.id, { approve: true, note: 'Send them back' })
    const m = await stockOf(shirt.id, 'M')
    const missing = await received(request.id, { refundMethod: 'easypaisa' }, 400)
    expect(missing).toMatchObject({ fields: { reference: 'Reference is required' } })
    expect(await stockOf(shirt.id, 'M')).toBe(m)
    const done = (await received(request.id, { refundMethod: 'easypaisa', reference: 'EP-778812' })).request
    expect(done).toMatchObject({
      status: 'received',
      refundMethod: 'easypaisa',
      refundReference: 'EP-778812',
      refundAmount: 4000,
    })
    expect(await stockOf(shirt.id, 'M')).toBe(m + 2)
    await received(request.id, { refundMethod: 'easypaisa', reference: 'EP-1' }, 409)
    const after = (await userOrders(client)).find((o) => o._id === order._id)!
    expect(after.status).toBe('Delivered')
    expect(after.request).toMatchObject({ status: 'received', kind: 'return' })
    expect(after.events.at(-1)).toMatchObject({
      request: 'received',
      by: 'store',
      note: 'Men Swap Shirt · M × 2 (easypaisa EP-778812)',
    })
    // Every piece of the order is back: nothing more to ask for.
    expect(
      await json(
        await ask(client, {
          orderId: order._id,
          kind: 'return',
          items: [{ _id: shirt.id, size: 'M', quantity: 1 }],
          reason: 'other',
        }),
        422,
      ),
    ).toMatchObject({
      message: 'You chose more pieces than you received',
      fields: { 'items.0.quantity': 'At most 0' },
    })
    expect(await dashboard()).toEqual(rateBefore)

    // An exchange's old piece comes back on the shelf too; it takes no refund.
    const swap = await delivered()
    const asked = (await json<{ request: OrderRequest }>(await ask(swap.client, exchange(swap.order._id)), 201)).request
    await decide(asked.id, { approve: true, note: '' })
    const mBefore = await stockOf(shirt.id, 'M')
    const back = (await received(asked.id, {})).request
    expect(back).toMatchObject({ status: 'received', refundMethod: null, refundReference: null })
    expect(await stockOf(shirt.id, 'M')).toBe(mBefore + 1)
  })

  it('lists requests by status in the console, paged, with the count of open ones', async () => {
    const { client, order } = await delivered()
    await json(await ask(client, exchange(order._id)), 201)
    const page = await json<AdminRequestPage>(await (await console_()).get('/api/admin/requests?status=open'))
    expect(page.open).toBe(page.total)
    expect(page.items.every((r) => r.status === 'open')).toBe(true)
    expect(page.items.find((r) => r.orderId === order._id)).toMatchObject({ customer: 'Ayesha Khan', kind: 'exchange' })
    expect((await (await console_()).get('/api/admin/requests?status=lost')).status).toBe(400)
    expect((await client.get('/api/admin/requests')).status).toBe(403)
  })

  it('takes photos as multipart, through the photo pipeline', async () => {
    const { client, order } = await delivered()
    const photo = await sharp({ create: { width: 400, height: 500, channels: 3, background: '#88aacc' } })
      .jpeg()
      .toBuffer()
    const form = new FormData()
    form.set('request', JSON.stringify(exchange(order._id)))
    form.set('photo1', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'a.jpg')
    const res = await store().fetch('/api/order/request', {
      method: 'POST',
      body: form,
      headers: { cookie: client.cookie! },
    })
    const request = (await json<{ request: OrderRequest }>(res, 201)).request
    expect(request.photos).toHaveLength(1)
    expect((await store().fetch(request.photos[0]!)).status).toBe(200)
    // A piece not on the order, with a photo: refused as in JSON, nothing kept.
    const { client: other, order: second } = await delivered()
    const bad = new FormData()
    bad.set(
      'request',
      JSON.stringify(exchange(second._id, { items: [{ _id: 'Not a product', size: 'M', quantity: 1, newSize: 'L' }] })),
    )
    bad.set('photo1', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'a.jpg')
    const refused = await store().fetch('/api/order/request', {
      method: 'POST',
      body: bad,
      headers: { cookie: other.cookie! },
    })
    expect(await json(refused, 422)).toMatchObject({ message: 'A piece you chose is not on this order' })
    const notJson = new FormData()
    notJson.set('request', '{')
    expect(
      await json(
        await store().fetch('/api/order/request', {
          method: 'POST',
          body: notJson,
          headers: { cookie: other.cookie! },
        }),
        400,
      ),
    ).toEqual({ message: 'request is not valid JSON', fields: { request: 'Not valid JSON' } })
  })

  it('stays with the anonymised order when the account is deleted, naming no one', async () => {
    const { client, order, account } = await delivered()
    const request = (await json<{ request: OrderRequest }>(await ask(client, exchange(order._id)), 201)).request
    await json(await client.post('/api/user/delete', { password: account.password }))
    const row = await db()
      .selectFrom('order_requests')
      .select(['user_id', 'order_id', 'status'])
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ user_id: null, order_id: order._id, status: 'open' })
  })

  it('emails the shopper at each step, in their language', async () => {
    const { client, order, user } = await delivered()
    await store().services.auth.setLanguage(user._id, 'ur')
    await s.deliver()
    s.smtp.received.length = 0
    const request = (await json<{ request: OrderRequest }>(await ask(client, exchange(order._id)), 201)).request
    await decide(request.id, { approve: true, note: 'L bhej rahe hain' })
    await (await console_()).post(`/api/admin/requests/${request.id}/received`, {})
    const mail = (await s.deliver()).filter((m) => recipientOf(m) === testAddress.email)
    const subjects = mail.map((m) => m.subject).sort()
    const number = orderNumber(order._id)
    expect(subjects).toEqual(
      [
        `آرڈر \u200e${number} کے بارے میں آپ کی درخواست ہمیں مل گئی`,
        `آرڈر \u200e${number} کے لیے آپ کی درخواست منظور ہو گئی`,
        `آرڈر \u200e${number} کی چیزیں ہمیں واپس مل گئیں`,
      ].sort(),
    )
    expect(mail.find((m) => m.subject?.includes('منظور'))!.text).toContain('L bhej rahe hain')
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminOrderDetail, AdminOrderPage } from '#contracts/admin.ts'
import type { BlockedPhone, BlocklistPage } from '#contracts/blocklist.ts'
import type { Order } from '#contracts/orders.ts'
import { createTestStore, databases, signedInAdmin, type TestClient, type TestStore } from '#tests/api/harness.ts'
import { newAccount, testAddress } from '#tests/support/factories.ts'

// Fewer failed deliveries (README, "Orders that need attention"): a new cash-on-delivery
// order from a blocked phone, from a customer with earlier Returned orders, or over
// COD_REVIEW_OVER is placed, not refused, and waits in the console's "Needs attention" tab
// with its reasons until the owner packs or cancels it. The blocklist takes a phone in any
// form. On each database.

const FEE = 50
const SHIRT = 2499
let addresses = 0
const nextAddress = () => `10.91.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`

async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text()
  expect(res.status, text).toBe(status)
  return JSON.parse(text) as T
}

describe.each(databases)('orders that need attention (%s)', (kind) => {
  let store: TestStore
  let admin: TestClient
  let shopper: TestClient

  beforeAll(async () => {
    store = await createTestStore(kind, { env: { COD_REVIEW_OVER: '5000' } })
    admin = (await signedInAdmin(store, nextAddress())).client
    shopper = store.client(nextAddress())
    const account = newAccount()
    await json(await shopper.post('/api/auth/registration', account), 201)
    await json(await shopper.post('/api/auth/login', { email: account.email, password: account.password }))
  })
  afterAll(() => store.close())

  async function place(phone: string | number, quantity = 1): Promise<Order> {
    await json(await shopper.post('/api/cart/update', { itemId: 'oxford-shirt', size: 'M', quantity }))
    const res = await shopper.post('/api/order/placeorder', {
      address: { ...testAddress, phone },
      items: [{ _id: 'oxford-shirt', size: 'M', quantity }],
      amount: SHIRT * quantity + FEE,
    })
    return (await json<{ order: Order }>(res, 201)).order
  }
  const detail = async (id: string) => json<AdminOrderDetail>(await admin.get(`/api/admin/orders/${id}`))
  const tab = async () => json<AdminOrderPage>(await admin.get('/api/admin/orders?attention=1'))

  it('places an ordinary order with nothing to look at', async () => {
    const order = await place('0345 0000001')
    expect((await detail(order._id)).attention).toEqual([])
    expect((await tab()).items.map((o) => o.id)).not.toContain(order._id)
  })

  it('blocks a phone in any form; its new order is placed and waits in Needs attention with the reason', async () => {
    const blocked = await json<BlockedPhone>(
      await admin.post('/api/admin/blocklist', { phone: '0300-7654321', reason: 'Refused two parcels' }),
      201,
    )
    expect(blocked).toMatchObject({ phoneKey: '923007654321', phone: '0300-7654321', reason: 'Refused two parcels' })
    const list = await json<BlocklistPage>(await admin.get('/api/admin/blocklist'))
    expect(list).toMatchObject({ total: 1, page: 1, items: [{ phoneKey: '923007654321' }] })

    const order = await place(3007654321)
    expect((await detail(order._id)).attention).toEqual(['Blocked phone: Refused two parcels'])
    const page = await tab()
    expect(page.items.find((o) => o.id === order._id)?.attention).toEqual(['Blocked phone: Refused two parcels'])
    expect(page.attentionCount).toBe(page.total)
    // It is in that tab alone: its status's tab neither lists nor counts it, and every
    // tab's count is the length of the list it opens.
    const placed = await json<AdminOrderPage>(await admin.get('/api/admin/orders?status=Order%20Placed'))
    expect(placed.items.map((o) => o.id)).not.toContain(order._id)
    expect(placed.counts['Order Placed']).toBe(placed.total)
    expect(placed.items.every((o) => o.attention.length === 0)).toBe(true)
    const everyTab = await Promise.all(
      (['Order Placed', 'Confirmed', 'Packing'] as const).map(async (status) => {
        const p = await json<AdminOrderPage>(await admin.get(`/api/admin/orders?status=${encodeURIComponent(status)}`))
        return [p.counts[status], p.total, p.items.length]
      }),
    )
    for (const [count, total, listed] of everyTab) expect([count, total]).toEqual([listed, listed])
    // The store's metrics still count it by its status.
    const totals = await store.services.admin.statusTotals()
    expect(totals['Order Placed']).toBe(placed.counts['Order Placed'] + page.attentionCount)
    // The shopper sees nothing of it.
    const mine = await json<Order[]>(await shopper.post('/api/order/userorder'))
    expect(JSON.stringify(mine.find((o) => o._id === order._id))).not.toContain('Refused')

    // Confirmed, it still waits there; packed, it has had its look: out of the tab, into Packing's.
    await json(await admin.post(`/api/admin/orders/${order._id}/status`, { to: 'Confirmed' }))
    const confirmed = await json<AdminOrderPage>(await admin.get('/api/admin/orders?status=Confirmed'))
    expect(confirmed.items.map((o) => o.id)).not.toContain(order._id)
    expect((await tab()).items.map((o) => o.id)).toContain(order._id)
    await json(await admin.post(`/api/admin/orders/${order._id}/status`, { to: 'Packing' }))
    expect((await tab()).items.map((o) => o.id)).not.toContain(order._id)
    const packing = await json<AdminOrderPage>(await admin.get('/api/admin/orders?status=Packing'))
    expect(packing.items.map((o) => o.id)).toContain(order._id)
    expect(packing.counts.Packing).toBe(packing.total)
  })

  it('marks a new order from a customer whose earlier order came back Returned, and one over COD_REVIEW_OVER', async () => {
    const first = await place('0333 5550001')
    for (const to of ['Confirmed', 'Packing'])
      await json(await admin.post(`/api/admin/orders/${first._id}/status`, { to }))
    await json(
      await admin.post(`/api/admin/orders/${first._id}/status`, {
        to: 'Shipped',
        courier: 'TCS',
        trackingNumber: 'T-9',
      }),
    )
    await json(await admin.post(`/api/admin/orders/${first._id}/status`, { to: 'Returned' }))
    const again = await place('+92 333 5550001')
    expect((await detail(again._id)).attention).toContain('1 earlier order returned undelivered')

    const big = await place('0345 0000002', 3)
    expect((await detail(big._id)).attention).toEqual(['Over Rs 5,000 to collect'])
  })

  it('takes a phone off the list: its next order is not marked; a second removal is 404', async () => {
    await json(await admin.post('/api/admin/blocklist', { phone: '0321 1112223', reason: 'Fake address' }), 201)
    // Listed again, the reason is replaced.
    await json(await admin.post('/api/admin/blocklist', { phone: '+923211112223', reason: 'Fake address twice' }), 201)
    expect((await detail((await place('03211112223'))._id)).attention).toEqual(['Blocked phone: Fake address twice'])
    await json(await admin.post('/api/admin/blocklist/remove', { phone: '0321-1112223' }))
    expect(await json(await admin.post('/api/admin/blocklist/remove', { phone: '0321-1112223' }), 404)).toEqual({
      message: 'This phone is not on the blocklist',
    })
    expect((await detail((await place('03211112223'))._id)).attention).toEqual([])
  })

  it('answers 400 for a phone that is none or no reason, and 403 to a shopper', async () => {
    for (const [body, message] of [
      [{ phone: 'call me', reason: 'x' }, 'phone must be a phone number'],
      [{ phone: '12', reason: 'x' }, 'phone must be a phone number'],
      [{ phone: '03001234567', reason: '  ' }, 'reason is required'],
      [{ reason: 'x' }, 'phone is required'],
    ] as const)
      expect((await json<{ message: string }>(await admin.post('/api/admin/blocklist', body), 400)).message).toBe(
        message,
      )
    expect((await shopper.get('/api/admin/blocklist')).status).toBe(403)
    expect((await shopper.post('/api/admin/blocklist', { phone: '03001234567', reason: 'x' })).status).toBe(403)
  })
})

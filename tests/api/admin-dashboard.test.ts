import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminDashboard } from '#contracts/admin.ts'
import { databases, defaultCatalog, type TestClient } from '#tests/api/harness.ts'
import { makeProduct } from '#tests/support/factories.ts'
import { FEE, type Line, pkt, DAY, storeWithClock, shipped, json } from '#tests/api/admin-console.ts'

// The store owner's console API (docs/spec/rulings.md #25): the dashboard's figures, on
// each database.

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

  /** 30 days from `first`, each with [delivered, returned] as given, else none. */
  function settled(first: string, on: Record<string, [number, number]>) {
    return Array.from({ length: 30 }, (_, i) => {
      const day = new Date(Date.parse(`${first}T00:00:00Z`) + i * DAY).toISOString().slice(0, 10)
      const [delivered, returned] = on[day] ?? [0, 0]
      return { day, delivered, returned }
    })
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
      discountsGiven30d: 0,
      topCodes: [],
      returnsByDay: settled('2026-10-26', {}),
      topReturnReasons: [],
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
      discountsGiven30d: 0,
      topCodes: [],
      // The 30 Karachi days, oldest first, each with what was delivered and returned on it.
      returnsByDay: settled('2026-10-26', {
        '2026-11-01': [1, 0],
        '2026-11-10': [0, 1],
        '2026-11-20': [1, 0],
        '2026-11-21': [0, 1],
        '2026-11-23': [1, 0],
      }),
      // Moved without a note: no reason given.
      topReturnReasons: [{ reason: '', count: 2 }],
    })
    expect([a, c].every((o) => o.status === 'Order Placed')).toBe(true)

    // A day later the windows move: d leaves the 7 days, f's placing leaves the 30.
    s.clock.t = NOW + DAY
    expect(await dashboard()).toStrictEqual({
      ...figures,
      returnsByDay: [...figures.returnsByDay.slice(1), { day: '2026-11-25', delivered: 0, returned: 0 }],
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

  it('lists why the last 30 days’ parcels came back, most first, from the Returned moves’ notes', async () => {
    const shopper = (await s.customer('Returns Shopper')).client
    for (const note of ['Refused at the door', 'Customer not reachable', 'Refused at the door']) {
      const o = await s.place(shopper, [{ _id: 'denim-jeans', size: 'S', quantity: 1 }], NOW - DAY)
      await s.moveTo(o._id, shipped, NOW - DAY)
      await s.store.services.orders.advance(o._id, 'Returned', { note })
    }
    s.clock.t = NOW
    // The earlier test's two returns were moved without a note.
    expect((await dashboard()).topReturnReasons).toEqual([
      { reason: '', count: 2 },
      { reason: 'Refused at the door', count: 2 },
      { reason: 'Customer not reachable', count: 1 },
    ])
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

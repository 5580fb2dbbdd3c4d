import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderNumber, type Order } from '#contracts/orders.ts'
import { databases, type TestClient } from '#tests/api/harness.ts'
import { testAddress } from '#tests/support/factories.ts'
import { FEE, pkt, storeWithClock } from '#tests/api/admin-console.ts'

// The accountant's CSV of orders (README, "Orders export"): the orders placed between two
// Karachi dates, of one status or all, one row an item and a summary row an order; a cell
// a spreadsheet would run as a formula is written as text; the console's admins only.

type Row = Record<string, string>

describe.each(databases)('the orders export (%s)', (kind) => {
  let s: Awaited<ReturnType<typeof storeWithClock>>
  let admin: TestClient
  const o: Record<string, Order> = {}

  beforeAll(async () => {
    s = await storeWithClock(kind, pkt('2026-11-01', '09:00'))
    admin = (await s.admin()).client
    const ayesha = await s.customer('Ayesha Account')
    const mischief = await s.customer('Mischief Account')
    o.before = await s.place(
      ayesha.client,
      [{ _id: 'oxford-shirt', size: 'M', quantity: 1 }],
      pkt('2026-11-11', '23:59'),
    )
    o.two = await s.place(
      ayesha.client,
      [
        { _id: 'oxford-shirt', size: 'L', quantity: 2 },
        { _id: 'denim-jeans', size: 'S', quantity: 1 },
      ],
      pkt('2026-11-12', '00:00'),
    )
    o.formula = await s.place(
      mischief.client,
      [{ _id: 'kids-hoodie', size: '4-5Y', quantity: 1 }],
      pkt('2026-11-12', '23:30'),
      { ...testAddress, firstName: '=HYPERLINK("http://evil.example")', city: 'Karachi, "Saddar"' },
    )
    o.after = await s.place(ayesha.client, [{ _id: 'denim-jeans', size: 'M', quantity: 1 }], pkt('2026-11-13', '00:00'))
    await s.moveTo(
      o.two._id,
      ['Confirmed', 'Packing', 'Shipped', 'Out for delivery', 'Delivered'],
      pkt('2026-11-14', '10:00'),
    )
  })
  afterAll(() => s.store.close())

  const download = async (query: string, who: TestClient = admin) => {
    const res = await who.get(`/api/admin/orders/export${query}`)
    return { res, text: await res.text() }
  }
  const rowsOf = (text: string) => parse<Row>(text, { columns: true })

  it('lists the orders of the dates chosen, in Karachi days, each item a row and each order a summary', async () => {
    const { res, text } = await download('?from=2026-11-12&to=2026-11-12')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="kapra-orders-from-2026-11-12-to-2026-11-12.csv"',
    )
    expect(text.split('\n')[0]).toBe(
      'order,placed,status,row,product_id,product,size,quantity,unit_price,line_total,subtotal,delivery,discount_code,discount,total,customer,phone,email,city,state,courier,tracking_number',
    )
    const rows = rowsOf(text)
    expect([...new Set(rows.map((r) => r.order))]).toEqual([orderNumber(o.two!._id), orderNumber(o.formula!._id)])

    const two = rows.filter((r) => r.order === orderNumber(o.two!._id))
    // The order's items in the order's own order, then its summary.
    expect(two.map((r) => r.row)).toEqual(['item', 'item', 'order'])
    expect(two.slice(0, 2).map((r) => [r.product_id, r.size, r.quantity, r.unit_price, r.line_total])).toEqual(
      o.two!.items.map((i) => [i._id, i.size, String(i.quantity), String(i.price), String(i.price * i.quantity)]),
    )
    expect(two.map((r) => r.line_total).toSorted()).toEqual(['', String(2 * 2499), '3499'].toSorted())
    expect(two[2]!.quantity).toBe('3')
    expect(two.at(-1)).toMatchObject({
      placed: '2026-11-12 00:00',
      status: 'Delivered',
      subtotal: String(2 * 2499 + 3499),
      delivery: String(FEE),
      discount: '0',
      total: String(o.two!.amount),
      courier: 'TCS',
      customer: `${testAddress.firstName} ${testAddress.lastName}`,
    })
  })

  it('writes what a spreadsheet would run as a formula as text, and keeps commas and quotes in their cell', async () => {
    const row = rowsOf((await download('?from=2026-11-12&to=2026-11-12')).text).find(
      (r) => r.order === orderNumber(o.formula!._id) && r.row === 'order',
    )!
    expect(row.customer).toBe(`'=HYPERLINK("http://evil.example") ${testAddress.lastName}`)
    expect(row.city).toBe('Karachi, "Saddar"')
    expect(row.placed).toBe('2026-11-12 23:30')
  })

  it('takes one status, or every status and every date when none is given', async () => {
    const delivered = rowsOf((await download('?status=Delivered')).text)
    expect([...new Set(delivered.map((r) => r.order))]).toEqual([orderNumber(o.two!._id)])
    const all = rowsOf((await download('')).text).filter((r) => r.row === 'order')
    expect(all.map((r) => r.order)).toEqual(
      [o.before, o.two, o.formula, o.after].map((order) => orderNumber(order!._id)),
    )
  })

  it('refuses a bad date, a bad status and anyone but an admin', async () => {
    expect((await download('?from=2026-11-31')).res.status).toBe(400)
    expect((await download('?from=2026-11-13&to=2026-11-12')).res.status).toBe(400)
    expect((await download('?status=Lost')).res.status).toBe(400)
    expect((await download('', s.store.client('10.44.0.1'))).res.status).toBe(401)
    expect((await download('', (await s.customer()).client)).res.status).toBe(403)
  })
})

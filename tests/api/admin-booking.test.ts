import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderNumber, type Order } from '#contracts/orders.ts'
import type { AdminBulkShipResult } from '#contracts/shipping.ts'
import type { User } from '#contracts/auth.ts'
import { databases, type TestClient } from '#tests/api/harness.ts'
import { testAddress } from '#tests/support/factories.ts'
import { FEE, json, pkt, storeWithClock } from '#tests/api/admin-console.ts'
import { readShipmentList } from '#server/admin/shipping.ts'

// Booking with a courier (README, "Booking with a courier"): the Packing orders as a courier
// portal's bulk-booking CSV (PostEx's and Leopards' columns), read back by a CSV parser, and
// the portal's answer (order number, tracking number) pasted back to mark them Shipped, all
// or nothing when a line is wrong. On each database.

type Row = Record<string, string>
const rowsOf = (text: string) => parse<Row>(text, { columns: true })

describe('a pasted or uploaded list of order and tracking numbers', () => {
  it('reads commas, tabs and semicolons, skips a header and empty lines, and keeps the line numbers', () => {
    expect(
      readShipmentList('Order,Tracking number\n#1A2B3C4D, LE-1\n\n1a2b3c4e\tLE-2\n"#1A2B3C4F";"LE 3";ignored\n'),
    ).toEqual([
      { line: 2, order: '#1A2B3C4D', trackingNumber: 'LE-1' },
      { line: 4, order: '1a2b3c4e', trackingNumber: 'LE-2' },
      { line: 5, order: '#1A2B3C4F', trackingNumber: 'LE 3' },
    ])
    expect(readShipmentList('')).toEqual([])
    // A file's header after a pasted list is a header still; a mistyped number is kept, to be refused.
    expect(readShipmentList('#1A2B3C4D,LE-1\nOrder Reference,CN\n#1A2B3C4,LE-2')).toEqual([
      { line: 1, order: '#1A2B3C4D', trackingNumber: 'LE-1' },
      { line: 3, order: '#1A2B3C4', trackingNumber: 'LE-2' },
    ])
  })
})

describe.each(databases)('booking with a courier (%s)', (kind) => {
  let s: Awaited<ReturnType<typeof storeWithClock>>
  let admin: TestClient
  let adminUser: User
  const o: Record<string, Order> = {}

  beforeAll(async () => {
    s = await storeWithClock(kind, pkt('2026-11-20', '09:00'))
    ;({ client: admin, user: adminUser } = await s.admin())
    const ayesha = await s.customer('Ayesha Account')
    o.two = await s.place(
      ayesha.client,
      [
        { _id: 'oxford-shirt', size: 'L', quantity: 2 },
        { _id: 'denim-jeans', size: 'S', quantity: 1 },
      ],
      pkt('2026-11-21', '10:00'),
      { ...testAddress, phone: '+92 300 1234567', firstName: '=cmd', city: 'Lahore, "Gulberg"' },
    )
    o.one = await s.place(
      ayesha.client,
      [{ _id: 'kids-hoodie', size: '4-5Y', quantity: 1 }],
      pkt('2026-11-21', '11:00'),
      { ...testAddress, phone: 3001234567 },
    )
    o.third = await s.place(
      ayesha.client,
      [{ _id: 'oxford-shirt', size: 'M', quantity: 1 }],
      pkt('2026-11-21', '12:00'),
    )
    o.placed = await s.place(
      ayesha.client,
      [{ _id: 'oxford-shirt', size: 'S', quantity: 1 }],
      pkt('2026-11-21', '13:00'),
    )
    for (const k of ['two', 'one', 'third'])
      await s.moveTo(o[k]!._id, ['Confirmed', 'Packing'], pkt('2026-11-22', '09:00'))
  })
  afterAll(() => s.store.close())

  const download = async (query: string) => {
    const res = await admin.get(`/api/admin/orders/export${query}`)
    return { res, text: await res.text() }
  }

  it('writes the Packing orders in PostEx’s columns, one row an order, the phone as the courier writes it', async () => {
    const { res, text } = await download('?status=Packing&layout=postex')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="kapra-postex-booking.csv"')
    const rows = rowsOf(text)
    expect(Object.keys(rows[0]!)).toEqual([
      'Order Reference',
      'Order Type',
      'Customer Name',
      'Customer Phone',
      'Delivery Address',
      'City',
      'Invoice Payment',
      'Items',
      'Order Detail',
      'Transaction Notes',
    ])
    expect(rows.map((r) => r['Order Reference'])).toEqual([o.two, o.one, o.third].map((x) => orderNumber(x!._id)))
    expect(rows[0]).toEqual({
      'Order Reference': orderNumber(o.two!._id),
      'Order Type': 'Normal',
      // A cell a spreadsheet would run as a formula stays text.
      'Customer Name': "'=cmd Khan",
      'Customer Phone': '03001234567',
      'Delivery Address': '12 Zamzama Boulevard, Lahore, "Gulberg", Sindh 75600',
      City: 'Lahore, "Gulberg"',
      'Invoice Payment': String(2 * 2499 + 3499 + FEE),
      Items: '3',
      // The order's lines, in its own order.
      'Order Detail': o.two!.items.map((i) => `${i.name} (${i.size}) x${i.quantity}`).join('; '),
      'Transaction Notes': '',
    })
    // The JSON number the spec's clients send is the same phone.
    expect(rows[1]!['Customer Phone']).toBe('03001234567')
  })

  it('writes the chosen orders only in Leopards’ columns, the weight left for the owner', async () => {
    const { res, text } = await download(`?status=Packing&layout=leopards&order=${o.one!._id}&order=${o.third!._id}`)
    expect(res.status).toBe(200)
    const rows = rowsOf(text)
    expect(Object.keys(rows[0]!)).toEqual([
      'Order ID',
      'Consignee Name',
      'Consignee Phone',
      'Consignee Email',
      'Consignee Address',
      'Destination City',
      'Pieces',
      'Weight (grams)',
      'Collect Amount',
      'Special Instructions',
    ])
    expect(rows).toEqual([
      {
        'Order ID': orderNumber(o.one!._id),
        'Consignee Name': 'Ayesha Khan',
        'Consignee Phone': '03001234567',
        'Consignee Email': 'ayesha@example.com',
        'Consignee Address': '12 Zamzama Boulevard, Karachi, Sindh 75600',
        'Destination City': 'Karachi',
        Pieces: '1',
        'Weight (grams)': '',
        'Collect Amount': String(1799 + FEE),
        'Special Instructions': 'Kids Hoodie (4-5Y) x1',
      },
      expect.objectContaining({ 'Order ID': orderNumber(o.third!._id), Pieces: '1' }) as Row,
    ])
  })

  it('answers 400 for a layout it does not know, or a chosen order that is no id', async () => {
    expect((await download('?status=Packing&layout=dhl')).res.status).toBe(400)
    expect((await download('?layout=postex&order=nope')).res.status).toBe(400)
  })

  it('refuses a list naming an order not in Packing with 422, naming it, and ships nothing', async () => {
    const res = await admin.post('/api/admin/orders/ship', {
      courier: 'Leopards',
      shipments: [
        { order: orderNumber(o.one!._id), trackingNumber: 'LE-1' },
        { order: orderNumber(o.placed!._id), trackingNumber: 'LE-2' },
      ],
    })
    const body = await json<{ message: string; fields: Record<string, string> }>(res, 422)
    expect(body.fields).toEqual({ 'shipments.1.order': `${orderNumber(o.placed!._id)} is not an order in Packing` })
    const one = await json<{ order: Order }>(await admin.get(`/api/admin/orders/${o.one!._id}`))
    expect(one.order.status).toBe('Packing')
  })

  it('answers 400 for a courier outside the list, an order twice or an empty list', async () => {
    const ship = (body: unknown) => admin.post('/api/admin/orders/ship', body)
    const n = orderNumber(o.one!._id)
    for (const [body, message] of [
      [{ courier: 'DHL', shipments: [{ order: n, trackingNumber: 'X' }] }, /^courier must be one of/],
      [{ courier: 'TCS', shipments: [] }, /^shipments must name at least one order$/],
      [
        {
          courier: 'TCS',
          shipments: [
            { order: n, trackingNumber: 'A' },
            { order: n.slice(1).toLowerCase(), trackingNumber: 'B' },
          ],
        },
        /^shipments names an order twice$/,
      ],
      [{ courier: 'TCS', shipments: [{ order: '#XYZ', trackingNumber: 'A' }] }, /order number such as #1A2B3C4D/],
    ] as const)
      expect((await json<{ message: string }>(await ship(body), 400)).message).toMatch(message)
  })

  it('marks the listed Packing orders Shipped with the courier and each one’s tracking number, audited', async () => {
    const result = await json<AdminBulkShipResult>(
      await admin.post('/api/admin/orders/ship', {
        courier: 'Leopards',
        shipments: [
          { order: orderNumber(o.two!._id), trackingNumber: 'LE-100' },
          { order: orderNumber(o.one!._id).slice(1).toLowerCase(), trackingNumber: 'LE-101' },
        ],
      }),
    )
    expect(result).toEqual({
      shipped: [
        {
          id: o.two!._id,
          number: orderNumber(o.two!._id),
          trackingNumber: 'LE-100',
          trackingUrl: 'https://www.leopardscourier.com/tracking?cn=LE-100',
        },
        {
          id: o.one!._id,
          number: orderNumber(o.one!._id),
          trackingNumber: 'LE-101',
          trackingUrl: 'https://www.leopardscourier.com/tracking?cn=LE-101',
        },
      ],
      failed: [],
    })
    const detail = await json<{ order: Order; audit: { after: unknown }[] }>(
      await admin.get(`/api/admin/orders/${o.two!._id}`),
    )
    expect(detail.order).toMatchObject({ status: 'Shipped', courier: 'Leopards', trackingNumber: 'LE-100' })
    expect(detail.audit.at(-1)?.after ?? detail.audit[0]?.after).toMatchObject({ status: 'Shipped' })
    // What is left in Packing is what the next booking file holds.
    expect(rowsOf((await download('?status=Packing&layout=postex')).text).map((r) => r['Order Reference'])).toEqual([
      orderNumber(o.third!._id),
    ])
  })

  it('reads the console’s pasted list, naming a wrong line by its number, and ships it once right', async () => {
    const n = orderNumber(o.third!._id)
    const shipList = (list: string) => s.store.services.admin.shipList('TCS', list, adminUser)
    await expect(shipList(`Order,CN\n${n}\t`)).rejects.toMatchObject({
      status: 400,
      message: 'Line 2: trackingNumber must not be empty',
    })
    await expect(shipList('\n\n')).rejects.toMatchObject({ status: 400 })
    const result = await shipList(`Order,CN\n${n}\tTCS-9`)
    expect(result.shipped).toEqual([
      expect.objectContaining({
        number: n,
        trackingNumber: 'TCS-9',
        trackingUrl: expect.stringContaining('TCS-9') as string,
      }),
    ])
  })

  it('is the console’s: a shopper gets 403', async () => {
    const shopper = await s.customer()
    expect((await shopper.client.post('/api/admin/orders/ship', { courier: 'TCS', shipments: [] })).status).toBe(403)
    expect((await shopper.client.get('/api/admin/orders/export?layout=postex')).status).toBe(403)
  })
})

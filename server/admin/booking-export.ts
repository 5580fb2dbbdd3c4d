import { stringify } from 'csv-stringify/sync'
import type { AdminOrdersExport } from '#contracts/admin.ts'
import type { BookingLayout } from '#contracts/shipping.ts'
import { orderNumber } from '#contracts/orders.ts'
import { nationalPhone } from '#contracts/phone.ts'
import { DAY_MS, karachiDayStart } from '#contracts/store-days.ts'
import type { Db } from '#server/db/database.ts'
import * as repo from '#server/admin/export-repository.ts'
import { cell } from '#server/admin/orders-export.ts'

// The courier portals' bulk booking (README, "Booking with a courier"): one row an order,
// in the columns each courier's upload asks for, oldest first, 500 orders at a time. What
// every layout holds: the name, the phone as the courier writes it (03001234567), the
// address, the city, the cash to collect, the pieces, and the order's number as reference.

const BATCH = 500

type Row = Awaited<ReturnType<typeof repo.ordersForExport>>[number]
type Item = Awaited<ReturnType<typeof repo.itemsOf>>[number]

interface Booking {
  number: string
  name: string
  phone: string
  email: string
  address: string
  city: string
  collect: number
  pieces: number
  detail: string
}

/** Each layout: its header, and an order's row in it. */
const LAYOUTS: Record<BookingLayout, { header: string[]; row: (b: Booking) => (string | number | null)[] }> = {
  // PostEx's order upload: its merchant API's fields (orderRefNumber, orderType, customerName,
  // customerPhone, deliveryAddress, cityName, invoicePayment, items, orderDetail, transactionNotes).
  postex: {
    header: [
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
    ],
    row: (b) => [b.number, 'Normal', b.name, b.phone, b.address, b.city, b.collect, b.pieces, b.detail, null],
  },
  // Leopards' bulk booking: its booking API's fields (booked_packet_order_id, consignment_name_eng,
  // consignment_phone, consignment_email, consignment_address, destination_city,
  // booked_packet_no_piece, booked_packet_weight, booked_packet_collect_amount, special_instructions).
  // The weight is left for the owner: the store does not know what a parcel weighs.
  leopards: {
    header: [
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
    ],
    row: (b) => [b.number, b.name, b.phone, b.email, b.address, b.city, b.pieces, null, b.collect, b.detail],
  },
}

function booking(o: Row, items: Item[]): Booking {
  return {
    number: orderNumber(o.id),
    name: `${o.first_name} ${o.last_name}`,
    phone: nationalPhone(o.phone),
    email: o.email,
    address: `${o.street}, ${o.city}, ${o.state} ${o.pin_code}`,
    city: o.city,
    // Cash on delivery: the courier collects the order's total (0 once paid).
    collect: o.amount,
    pieces: items.reduce((n, i) => n + i.quantity, 0),
    detail: items.map((i) => `${i.name} (${i.size}) x${i.quantity}`).join('; '),
  }
}

/** The booking file, header first, a batch of rows at a time. */
export async function* bookingCsv(
  db: Db,
  query: AdminOrdersExport & { layout: BookingLayout },
): AsyncGenerator<string> {
  const layout = LAYOUTS[query.layout]
  const from = query.from === undefined ? undefined : karachiDayStart(query.from)
  const before = query.to === undefined ? undefined : karachiDayStart(query.to)! + DAY_MS
  yield stringify([layout.header])
  let after: { createdAt: number; id: string } | null = null
  for (;;) {
    const orders = await repo.ordersForExport(
      db,
      { from, before, status: query.status, ids: query.order },
      after,
      BATCH,
    )
    if (orders.length === 0) return
    const items = new Map<string, Item[]>()
    for (const item of await repo.itemsOf(
      db,
      orders.map((o) => o.id),
    ))
      items.set(item.order_id, [...(items.get(item.order_id) ?? []), item])
    yield stringify(orders.map((o) => layout.row(booking(o, items.get(o.id) ?? [])).map(cell)))
    const last = orders.at(-1)!
    after = { createdAt: last.created_at, id: last.id }
  }
}

import { stringify } from 'csv-stringify/sync'
import type { AdminOrdersExport } from '#contracts/admin.ts'
import { orderNumber } from '#contracts/orders.ts'
import { DAY_MS, karachiDayStart } from '#contracts/store-days.ts'
import type { Db } from '#server/db/database.ts'
import * as repo from '#server/admin/export-repository.ts'

// The accountant's CSV of orders (README, "Orders export"): one row for every item and one
// summary row for every order, oldest first, read and written 500 orders at a time.

const BATCH = 500

export const ORDER_EXPORT_COLUMNS = [
  'order',
  'placed',
  'status',
  'row',
  'product_id',
  'product',
  'size',
  'quantity',
  'unit_price',
  'line_total',
  'subtotal',
  'delivery',
  'discount_code',
  'discount',
  'total',
  'customer',
  'phone',
  'email',
  'city',
  'state',
  'courier',
  'tracking_number',
] as const

/** When an order was placed, as a Karachi wall clock reads it (YYYY-MM-DD HH:MM), which spreadsheets take as a date. */
export const karachiTime = (at: number) => new Date(at + 5 * 60 * 60_000).toISOString().slice(0, 16).replace('T', ' ')

/**
 * A cell a spreadsheet would read as a formula (a name typed as "=HYPERLINK(…)") starts with
 * an apostrophe instead, as OWASP advises against CSV injection; the text stays readable.
 */
export function cell(value: string | number | null): string | number {
  if (value === null) return ''
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(value)) return `'${value}`
  return value
}

/** The export, header first, a batch of rows at a time: the caller writes each out before the next is read. */
export async function* ordersCsv(db: Db, query: AdminOrdersExport): AsyncGenerator<string> {
  const from = query.from === undefined ? undefined : karachiDayStart(query.from)
  const before = query.to === undefined ? undefined : karachiDayStart(query.to)! + DAY_MS
  yield stringify([[...ORDER_EXPORT_COLUMNS]])
  let after: { createdAt: number; id: string } | null = null
  for (;;) {
    const orders = await repo.ordersForExport(
      db,
      { from, before, status: query.status, ids: query.order },
      after,
      BATCH,
    )
    if (orders.length === 0) return
    const items = new Map<string, Awaited<ReturnType<typeof repo.itemsOf>>>()
    for (const item of await repo.itemsOf(
      db,
      orders.map((o) => o.id),
    ))
      items.set(item.order_id, [...(items.get(item.order_id) ?? []), item])
    const rows: (string | number | null)[][] = []
    for (const o of orders) {
      const lines = items.get(o.id) ?? []
      const shared = (row: 'item' | 'order') => [orderNumber(o.id), karachiTime(o.created_at), o.status, row]
      const customer = [
        `${o.first_name} ${o.last_name}`,
        o.phone,
        o.email,
        o.city,
        o.state,
        o.courier,
        o.tracking_number,
      ]
      for (const i of lines)
        rows.push([
          ...shared('item'),
          i.product_id,
          i.name,
          i.size,
          i.quantity,
          i.price,
          i.price * i.quantity,
          null,
          null,
          null,
          null,
          null,
          ...customer,
        ])
      rows.push([
        ...shared('order'),
        null,
        null,
        null,
        lines.reduce((n, i) => n + i.quantity, 0),
        null,
        null,
        o.subtotal,
        o.delivery_fee,
        o.discount_code,
        o.discount,
        o.amount,
        ...customer,
      ])
    }
    yield stringify(rows.map((r) => r.map(cell)))
    const last = orders.at(-1)!
    after = { createdAt: last.created_at, id: last.id }
  }
}

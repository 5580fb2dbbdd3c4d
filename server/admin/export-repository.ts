// The orders' files the console writes (the accountant's CSV, a courier's booking file):
// orders read a page at a time by keyset, and their items, never the whole table.
import type { Executor } from '#server/db/database.ts'

/** Orders placed in a range, of one status or all, oldest first, after the given one (keyset paging): the CSV export. */
export function ordersForExport(
  db: Executor,
  filter: {
    from: number | undefined
    before: number | undefined
    status: string | undefined
    /** Only these orders (a courier's booking file of the chosen ones). */
    ids?: string[] | undefined
  },
  after: { createdAt: number; id: string } | null,
  limit: number,
) {
  let query = db
    .selectFrom('orders as o')
    .select([
      'o.id',
      'o.created_at',
      'o.status',
      'o.first_name',
      'o.last_name',
      'o.phone',
      'o.email',
      'o.street',
      'o.city',
      'o.state',
      'o.pin_code',
      'o.courier',
      'o.tracking_number',
      'o.subtotal',
      'o.delivery_fee',
      'o.discount_code',
      'o.discount',
      'o.amount',
    ])
  if (filter.from !== undefined) query = query.where('o.created_at', '>=', filter.from)
  if (filter.before !== undefined) query = query.where('o.created_at', '<', filter.before)
  if (filter.status !== undefined) query = query.where('o.status', '=', filter.status)
  if (filter.ids !== undefined) query = query.where('o.id', 'in', filter.ids.length > 0 ? filter.ids : [''])
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('o.created_at', '>', after.createdAt),
        eb.and([eb('o.created_at', '=', after.createdAt), eb('o.id', '>', after.id)]),
      ]),
    )
  return query.orderBy('o.created_at').orderBy('o.id').limit(limit).execute()
}

/** The items of these orders, in each order's own order. */
export function itemsOf(db: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('order_items')
    .select(['order_id', 'product_id', 'name', 'size', 'quantity', 'price'])
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('position')
    .execute()
}

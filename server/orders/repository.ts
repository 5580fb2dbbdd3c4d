import { sql } from 'kysely'
import type { Executor } from '#server/db/database.ts'
import { compiledOnce } from '#server/db/compiled.ts'
import type {
  IdempotencyKeysTable,
  OrderEventsTable,
  OrderItemsTable,
  OrdersTable,
  PhoneBlocklistTable,
} from '#server/orders/tables.ts'

export async function insertOrder(
  db: Executor,
  order: OrdersTable,
  items: OrderItemsTable[],
  event: OrderEventsTable,
): Promise<void> {
  await db.insertInto('orders').values(order).execute()
  await db.insertInto('order_items').values(items).execute()
  await db.insertInto('order_events').values(event).execute()
}

// My Orders reads these three on every visit: their SQL is built once (server/db/compiled.ts).
const ordersOf = compiledOnce((db, args: { userId: string }) =>
  db.selectFrom('orders').selectAll().where('user_id', '=', args.userId).orderBy('created_at').orderBy('id'),
)
const itemsOf = compiledOnce((db, args: { userId: string }) =>
  db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', 'in', (eb) => eb.selectFrom('orders').select('id').where('user_id', '=', args.userId))
    .orderBy('order_id')
    .orderBy('position'),
)
const eventsOf = compiledOnce((db, args: { userId: string }) =>
  db
    .selectFrom('order_events')
    .selectAll()
    .where('order_id', 'in', (eb) => eb.selectFrom('orders').select('id').where('user_id', '=', args.userId))
    .orderBy('order_id')
    .orderBy('position'),
)

export async function ordersOfUser(db: Executor, userId: string) {
  const orders = await ordersOf(db, { userId })
  if (orders.length === 0) return { orders, items: [], events: [] }
  const [items, events] = await Promise.all([itemsOf(db, { userId }), eventsOf(db, { userId })])
  return { orders, items, events }
}

/** One order with its lines and events; on PostgreSQL its row is locked for the caller's transaction. */
export async function orderForUpdate(db: Executor, orderId: string, options: { lock: boolean }) {
  let query = db.selectFrom('orders').selectAll().where('id', '=', orderId)
  if (options.lock) query = query.forUpdate()
  const order = await query.executeTakeFirst()
  if (!order) return undefined
  const [items, events] = await Promise.all([
    db.selectFrom('order_items').selectAll().where('order_id', '=', orderId).orderBy('position').execute(),
    db.selectFrom('order_events').selectAll().where('order_id', '=', orderId).orderBy('position').execute(),
  ])
  return { order, items, events }
}

/**
 * The id of the order placed with this phone (its key: contracts/phone.ts) whose number is
 * `prefix` (the id's first 8 hex digits, as #1A2B3C4D shows them), newest first: by the
 * phone's index, then the few orders of that phone.
 */
export async function orderIdByNumber(db: Executor, prefix: string, phoneKey: string) {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('phone_key', '=', phoneKey)
    .where('id', 'like', `${prefix}%`)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row?.id
}

/** Moves the order only if it is still in `from`: false when another move came first. */
export async function moveOrder(
  db: Executor,
  orderId: string,
  from: string,
  change: Pick<OrdersTable, 'status' | 'payment'> & Partial<Pick<OrdersTable, 'courier' | 'tracking_number'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set(change)
    .where('id', '=', orderId)
    .where('status', '=', from)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function addEvent(db: Executor, event: Omit<OrderEventsTable, 'position'>): Promise<void> {
  const last = await db
    .selectFrom('order_events')
    .select((eb) => eb.fn.max<number>('position').as('last'))
    .where('order_id', '=', event.order_id)
    .executeTakeFirst()
  const position = last?.last === null || last?.last === undefined ? 0 : Number(last.last) + 1
  await db
    .insertInto('order_events')
    .values({ ...event, position })
    .execute()
}

/** How many of a customer's orders came back Returned, by account or by phone. */
export async function returnedCount(
  db: Executor,
  customer: { userId: string | null; phoneKey: string },
): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'Returned')
    .where((eb) =>
      eb.or([
        ...(customer.userId !== null ? [eb('user_id', '=', customer.userId)] : []),
        ...(customer.phoneKey ? [eb('phone_key', '=', customer.phoneKey)] : []),
      ]),
    )
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** How many of the account's orders are in one of these statuses. */
export async function countOrdersOf(db: Executor, userId: string, statuses: readonly string[]): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', 'in', statuses)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * Cuts the account's orders loose from it and replaces what names or reaches the person
 * (docs/decisions/012); lines, totals, events and stock history stay as they were.
 */
export async function anonymiseOrdersOf(
  db: Executor,
  userId: string,
  replacement: Pick<OrdersTable, 'first_name' | 'last_name' | 'email' | 'street' | 'pin_code' | 'phone' | 'phone_key'>,
): Promise<number> {
  const result = await db
    .updateTable('orders')
    .set({ ...replacement, user_id: null })
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** The answer kept for a shopper's Idempotency-Key, if it is younger than `since`. */
export async function idempotentAnswer(db: Executor, userId: string, key: string, since: number) {
  return db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status', 'response'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('created_at', '>=', since)
    .executeTakeFirst()
}

/** Keeps the first answer to a key; an expired answer under the same key gives way. */
export async function keepIdempotentAnswer(db: Executor, row: IdempotencyKeysTable): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', row.user_id)
    .where('key', '=', row.key)
    .where('created_at', '<', row.created_at - IDEMPOTENCY_TTL_MS)
    .execute()
  await db.insertInto('idempotency_keys').values(row).execute()
}

/** Removes answers older than `before`, through the created_at index. */
export async function deleteIdempotentAnswers(db: Executor, before: number): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** How long a placeorder answer is kept for its Idempotency-Key. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000

/**
 * Serialises the placements of one account and of one phone number for the caller's
 * transaction (PostgreSQL): the account's row, then an advisory lock on the phone's
 * key, always in that order, so two placements never wait on each other in a circle.
 * SQLite has one writer: its transactions are serial already.
 */
export async function lockCustomer(db: Executor, customer: { userId: string; phoneKey: string }): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', customer.userId).forUpdate().execute()
  await sql`select pg_advisory_xact_lock(${PHONE_LOCKS}, hashtext(${customer.phoneKey}))`.execute(db)
}

/** The advisory locks' namespace for phone numbers (its first key): 'KP' + 1. */
const PHONE_LOCKS = 0x4b5001

/**
 * Whether the account or the phone has an earlier order that was not cancelled: a code
 * for a first order only is refused then (docs/decisions/026). A null phone asks of the account only.
 */
export async function hasEarlierOrder(
  db: Executor,
  customer: { userId: string; phoneKey: string | null },
): Promise<boolean> {
  const found = await db
    .selectFrom('orders')
    .select('id')
    .where('status', '<>', 'Cancelled')
    .where((eb) =>
      customer.phoneKey === null
        ? eb('user_id', '=', customer.userId)
        : eb.or([eb('user_id', '=', customer.userId), eb('phone_key', '=', customer.phoneKey)]),
    )
    .limit(1)
    .executeTakeFirst()
  return found !== undefined
}

/** Orders in `status` of the account and of the phone number, each counted. */
export async function countsByCustomer(
  db: Executor,
  customer: { userId: string; phoneKey: string },
  status: string,
): Promise<{ account: number; phone: number }> {
  const count = (column: 'user_id' | 'phone_key', value: string) =>
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(column, '=', value)
      .where('status', '=', status)
      .executeTakeFirstOrThrow()
  const account = await count('user_id', customer.userId)
  const phone = await count('phone_key', customer.phoneKey)
  return { account: Number(account.n), phone: Number(phone.n) }
}

/**
 * One page of the orders in `status` placed at or before `placedBy`, oldest first,
 * after the last one of the page before (created_at, id): through the status and
 * created_at index, never the whole table.
 */
export async function placedBefore(
  db: Executor,
  status: string,
  placedBy: number,
  after: { createdAt: number; id: string } | null,
  limit: number,
) {
  let query = db
    .selectFrom('orders')
    .select(['id', 'created_at'])
    .where('status', '=', status)
    .where('created_at', '<=', placedBy)
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '>', after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('id', '>', after.id)]),
      ]),
    )
  return query.orderBy('created_at').orderBy('id').limit(limit).execute()
}

/** The blocklist's entry for this phone key, if any. */
export function blockedPhone(db: Executor, phoneKey: string) {
  return db.selectFrom('phone_blocklist').selectAll().where('phone_key', '=', phoneKey).executeTakeFirst()
}

/** A page of the blocklist, newest first, and how many there are. */
export async function blocklistPage(db: Executor, page: { limit: number; offset: number }) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('phone_blocklist')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('phone_key')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('phone_blocklist')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(total.n) }
}

/** Adds a phone, or gives a listed one its new reason. */
export async function upsertBlockedPhone(db: Executor, row: PhoneBlocklistTable): Promise<void> {
  await db
    .insertInto('phone_blocklist')
    .values(row)
    .onConflict((oc) =>
      oc.column('phone_key').doUpdateSet({
        phone: row.phone,
        reason: row.reason,
        created_at: row.created_at,
        created_by: row.created_by,
      }),
    )
    .execute()
}

/** Removes a phone: false when it was not listed. */
export async function deleteBlockedPhone(db: Executor, phoneKey: string): Promise<boolean> {
  const result = await db.deleteFrom('phone_blocklist').where('phone_key', '=', phoneKey).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/**
 * The shopper's latest Delivered order holding this product, with the size bought (the
 * first such line of it), or undefined: who may review a product.
 */
export async function deliveredLine(db: Executor, userId: string, productId: string) {
  const [line] = await deliveredLines(db, { userId, productId })
  return line
}

/** A signed-in shopper's product page asks it every time: its SQL is built once. */
const deliveredLines = compiledOnce((db, args: { userId: string; productId: string }) =>
  db
    .selectFrom('orders')
    .innerJoin('order_items', 'order_items.order_id', 'orders.id')
    .select(['orders.id as orderId', 'order_items.size as size'])
    .where('orders.user_id', '=', args.userId)
    .where('orders.status', '=', 'Delivered')
    .where('order_items.product_id', '=', args.productId)
    .orderBy('orders.created_at', 'desc')
    .orderBy('order_items.position')
    .limit(1),
)

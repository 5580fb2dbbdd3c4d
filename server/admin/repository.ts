// The console's reads: pages, counts and sums the database computes, never whole
// tables brought into the process. Every write to an order goes through the orders
// service; the audit log is this domain's own table.
import { sql, type ExpressionBuilder, type SqlBool } from 'kysely'
import type { Executor } from '#server/db/database.ts'
import type { Database } from '#server/db/schema.ts'
import type { AuditLogTable } from '#server/admin/tables.ts'

/** What the queue's search matched against, prepared by the service. */
export interface OrderSearch {
  /** A LIKE pattern (lower case, wildcards escaped with \) for names and emails. */
  like: string
  /** The hex digits of an order number, lower case, when the text can be one. */
  numberPrefix: string | null
  /** The phone's international digits (contracts/phone.ts), when the text can be a phone. */
  phoneKey: string | null
}

export interface OrderFilter {
  search: OrderSearch | null
  /** Placed at or after. */
  from: number | undefined
  /** Placed before. */
  before: number | undefined
}

type OrdersEb = ExpressionBuilder<Database & { o: Database['orders'] }, 'o'>

function matching(eb: OrdersEb, filter: OrderFilter) {
  const all = []
  if (filter.from !== undefined) all.push(eb('o.created_at', '>=', filter.from))
  if (filter.before !== undefined) all.push(eb('o.created_at', '<', filter.before))
  const s = filter.search
  if (s) {
    const any = [
      sql<SqlBool>`lower(o.first_name || ' ' || o.last_name) like ${s.like} escape '\\'`,
      sql<SqlBool>`lower(o.email) like ${s.like} escape '\\'`,
      // The account behind the order: its name and address (stored in lower case).
      eb.exists(
        eb
          .selectFrom('users as u')
          .select('u.id')
          .whereRef('u.id', '=', 'o.user_id')
          .where(
            sql<SqlBool>`(lower(u.name) like ${s.like} escape '\\' or u.email_normalized like ${s.like} escape '\\')`,
          ),
      ),
    ]
    if (s.numberPrefix) any.push(eb('o.id', 'like', `${s.numberPrefix}%`))
    if (s.phoneKey) any.push(eb('o.phone_key', 'like', `%${s.phoneKey}%`))
    all.push(eb.or(any))
  }
  return eb.and(all)
}

/** The "Needs attention" tab: orders marked at placing that are not yet packing (README, "Orders that need attention"). */
export const ATTENTION_STATUSES = ['Order Placed', 'Confirmed']

/** Marked and not yet packing or cancelled: the order is in "Needs attention" and no other tab. */
function needsAttention(eb: OrdersEb) {
  return eb.and([eb('o.attention', 'is not', null), eb('o.status', 'in', ATTENTION_STATUSES)])
}

/** `tab`: a status (without the orders needing attention, which have their own tab), or 'attention'. */
function inTab(eb: OrdersEb, tab: string) {
  return tab === 'attention' ? needsAttention(eb) : eb.and([eb('o.status', '=', tab), eb.not(needsAttention(eb))])
}

/** One page of the queue: orders of one status (or needing attention), newest first, with the pieces in each. */
export function orderPage(db: Executor, tab: string, filter: OrderFilter, page: { limit: number; offset: number }) {
  return db
    .selectFrom('orders as o')
    .select([
      'o.id',
      'o.status',
      'o.created_at',
      'o.first_name',
      'o.last_name',
      'o.phone',
      'o.city',
      'o.amount',
      'o.attention',
    ])
    .select((eb) =>
      eb
        .selectFrom('order_items as i')
        .select((ib) => ib.fn.sum<number>('i.quantity').as('n'))
        .whereRef('i.order_id', '=', 'o.id')
        .as('item_count'),
    )
    .where((eb) => inTab(eb, tab))
    .where((eb) => matching(eb, filter))
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
}

/** Orders of each status matching the filter: as the queue's tabs list them (`tabs`), or all (the metrics). */
export function statusCounts(db: Executor, filter: OrderFilter, options: { tabs?: boolean } = {}) {
  return db
    .selectFrom('orders as o')
    .select((eb) => ['o.status', eb.fn.countAll<number>().as('n')])
    .where((eb) => matching(eb, filter))
    .$if(options.tabs === true, (q) => q.where((eb) => eb.not(needsAttention(eb))))
    .groupBy('o.status')
    .execute()
}

/** How many orders need attention (the tab's count) among those matching the filter. */
export async function attentionCount(db: Executor, filter: OrderFilter): Promise<number> {
  const row = await db
    .selectFrom('orders as o')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => inTab(eb, 'attention'))
    .where((eb) => matching(eb, filter))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** A customer's orders other than one, newest first. */
export function otherOrdersOf(db: Executor, userId: string, exceptId: string, limit: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'created_at', 'status', 'amount'])
    .where('user_id', '=', userId)
    .where('id', '<>', exceptId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}

export async function insertAudit(db: Executor, entry: AuditLogTable): Promise<void> {
  await db.insertInto('audit_log').values(entry).execute()
}

/** An entity's audit entries, oldest first (ids grow within a millisecond: server/admin/context.ts). */
export function auditOf(db: Executor, entity: string, entityId: string) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', entity)
    .where('entity_id', '=', entityId)
    .orderBy('at')
    .orderBy('id')
    .execute()
}

/**
 * The rupees discount codes took off the orders placed since `since` that were not
 * cancelled, and the codes those orders used most (docs/decisions/026): aggregates over
 * the created_at range.
 */
export async function discountFigures(
  db: Executor,
  since: number,
  top: number,
): Promise<{ given: number; top: { code: string; orders: number; discount: number }[] }> {
  const recent = db
    .selectFrom('orders')
    .where('created_at', '>=', since)
    .where('status', '<>', 'Cancelled')
    .where('discount_code', 'is not', null)
  const [given, codes] = await Promise.all([
    recent.select(sql<number>`coalesce(sum(discount), 0)`.as('given')).executeTakeFirstOrThrow(),
    recent
      .select([
        'discount_code',
        (eb) => eb.fn.countAll<number>().as('n'),
        sql<number>`coalesce(sum(discount), 0)`.as('off'),
      ])
      .groupBy('discount_code')
      .orderBy('n', 'desc')
      .orderBy('discount_code')
      .limit(top)
      .execute(),
  ])
  return {
    given: Number(given.given),
    top: codes.map((c) => ({ code: c.discount_code!, orders: Number(c.n), discount: Number(c.off) })),
  }
}

/** The dashboard's order figures, each one aggregate over an index range. */
export async function dashboardFigures(
  db: Executor,
  at: { today: number; week: number; month: number },
): Promise<{
  today: number
  week: number
  placedValue: number
  awaiting: number
  delivered: number
  collectedValue: number
  returned: number
}> {
  const [placed, awaiting, moves] = await Promise.all([
    db
      .selectFrom('orders')
      .select([
        sql<number>`coalesce(sum(case when created_at >= ${at.today} then 1 else 0 end), 0)`.as('today'),
        sql<number>`coalesce(sum(case when created_at >= ${at.week} then 1 else 0 end), 0)`.as('week'),
        sql<number>`coalesce(sum(case when status <> 'Cancelled' then amount else 0 end), 0)`.as('value'),
      ])
      .where('created_at', '>=', at.month)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'Order Placed')
      .executeTakeFirstOrThrow(),
    // Delivered and Returned are final, so an order reaches at most one of them, once; a
    // request's steps on a Delivered order (request_step) are no move (docs/decisions/036).
    db
      .selectFrom('order_events as e')
      .innerJoin('orders as o', 'o.id', 'e.order_id')
      .select([
        sql<number>`coalesce(sum(case when e.to_status = 'Delivered' then 1 else 0 end), 0)`.as('delivered'),
        sql<number>`coalesce(sum(case when e.to_status = 'Delivered' then o.amount else 0 end), 0)`.as('collected'),
        sql<number>`coalesce(sum(case when e.to_status = 'Returned' then 1 else 0 end), 0)`.as('returned'),
      ])
      .where('e.to_status', 'in', ['Delivered', 'Returned'])
      .where('e.request_step', 'is', null)
      .where('e.at', '>=', at.month)
      .executeTakeFirstOrThrow(),
  ])
  return {
    today: Number(placed.today),
    week: Number(placed.week),
    placedValue: Number(placed.value),
    awaiting: Number(awaiting.n),
    delivered: Number(moves.delivered),
    collectedValue: Number(moves.collected),
    returned: Number(moves.returned),
  }
}

/** Sizes with `atMost` pieces or fewer, fewest first. */
export function lowStock(db: Executor, atMost: number, limit: number) {
  return db
    .selectFrom('product_sizes as s')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .select(['s.product_id', 'p.name', 's.size', 's.stock'])
    .where('s.stock', '<=', atMost)
    .orderBy('s.stock')
    .orderBy('p.name')
    .orderBy('s.product_id')
    .orderBy('s.position')
    .limit(limit)
    .execute()
}

function customerMatching(eb: ExpressionBuilder<Database & { u: Database['users'] }, 'u'>, like: string | null) {
  return eb.and([
    eb('u.role', '=', 'customer'),
    ...(like
      ? [sql<SqlBool>`(lower(u.name) like ${like} escape '\\' or u.email_normalized like ${like} escape '\\')`]
      : []),
  ])
}

/**
 * One page of customers with their order counts, latest order first: one statement.
 * The counts are grouped in an inner query that is paged first, so the phone of the
 * latest order is looked up for the page's rows only.
 */
export function customerPage(db: Executor, like: string | null, page: { limit: number; offset: number }) {
  const counted = db
    .selectFrom('users as u')
    .leftJoin('orders as o', 'o.user_id', 'u.id')
    .select(['u.id', 'u.name', 'u.email'])
    .select((eb) => [
      eb.fn.count<number>('o.id').as('orders'),
      sql<number>`coalesce(sum(case when o.status = 'Delivered' then 1 else 0 end), 0)`.as('delivered'),
      sql<number>`coalesce(sum(case when o.status = 'Returned' then 1 else 0 end), 0)`.as('returned'),
      eb.fn.max('o.created_at').as('last_at'),
    ])
    .where((eb) => customerMatching(eb, like))
    .groupBy(['u.id', 'u.name', 'u.email'])
    .orderBy('last_at', (ob) => ob.desc().nullsLast())
    .orderBy('u.name')
    .orderBy('u.id')
    .limit(page.limit)
    .offset(page.offset)
  return db
    .selectFrom(counted.as('c'))
    .selectAll('c')
    .select((eb) =>
      eb
        .selectFrom('orders as lo')
        .select('lo.phone')
        .whereRef('lo.user_id', '=', 'c.id')
        .orderBy('lo.created_at', 'desc')
        .orderBy('lo.id', 'desc')
        .limit(1)
        .as('last_phone'),
    )
    .orderBy('c.last_at', (ob) => ob.desc().nullsLast())
    .orderBy('c.name')
    .orderBy('c.id')
    .execute()
}

export async function customerCount(db: Executor, like: string | null): Promise<number> {
  const row = await db
    .selectFrom('users as u')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => customerMatching(eb, like))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** The console's product list: every product, archived ones too, newest first. */
export async function productPage(db: Executor, like: string | null, page: { limit: number; offset: number }) {
  let query = db
    .selectFrom('products')
    .select(['id', 'name', 'category', 'sub_category', 'price', 'best_seller', 'archived', 'image1', 'created_at'])
  if (like) query = query.where(sql<SqlBool>`name_search like ${like} escape '\\'`)
  return query.orderBy('created_at', 'desc').orderBy('id').limit(page.limit).offset(page.offset).execute()
}

export async function productCount(db: Executor, like: string | null): Promise<number> {
  let query = db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n'))
  if (like) query = query.where(sql<SqlBool>`name_search like ${like} escape '\\'`)
  return Number((await query.executeTakeFirstOrThrow()).n)
}

/** The sizes of these products with their stock, in each product's order. */
export async function sizesOf(db: Executor, productIds: string[]) {
  if (productIds.length === 0) return []
  return db
    .selectFrom('product_sizes')
    .select(['product_id', 'size', 'stock'])
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('position')
    .execute()
}

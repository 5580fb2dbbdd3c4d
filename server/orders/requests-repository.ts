import type { Executor } from '#server/db/database.ts'
import { compiledOnce } from '#server/db/compiled.ts'
import type { OrderRequestsTable } from '#server/orders/tables.ts'

// The SQL of exchange and return requests (server/orders/requests.ts, docs/decisions/036).

export async function insertRequest(db: Executor, row: OrderRequestsTable): Promise<void> {
  await db.insertInto('order_requests').values(row).execute()
}

/** One request; on PostgreSQL its row is locked for the caller's transaction. */
export async function requestForUpdate(db: Executor, id: string, options: { lock: boolean }) {
  let query = db.selectFrom('order_requests').selectAll().where('id', '=', id)
  if (options.lock) query = query.forUpdate()
  return query.executeTakeFirst()
}

/** Every request of one order, oldest first (a handful at most). */
export function requestsOfOrder(db: Executor, orderId: string) {
  return db
    .selectFrom('order_requests')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

/** The requests of the account's orders, oldest first: My Orders shows each order's latest. */
export function requestsOfUser(db: Executor, userId: string) {
  return requestsOf(db, { userId })
}

const requestsOf = compiledOnce((db, args: { userId: string }) =>
  db
    .selectFrom('order_requests')
    .selectAll()
    .where('order_id', 'in', (eb) => eb.selectFrom('orders').select('id').where('user_id', '=', args.userId))
    .orderBy('order_id')
    .orderBy('created_at')
    .orderBy('id'),
)

/** Changes a request only if it is still in `from`: false when another decision came first. */
export async function moveRequest(
  db: Executor,
  id: string,
  from: string,
  change: Partial<Omit<OrderRequestsTable, 'id' | 'order_id' | 'user_id' | 'created_at'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('order_requests')
    .set(change)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** The columns of the console's rows: the request and who placed its order. */
function withCustomer(db: Executor) {
  return db
    .selectFrom('order_requests as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .selectAll('r')
    .select(['o.first_name', 'o.last_name', 'o.email', 'o.phone'])
}

/** A page of the requests in `status`, oldest first (through the status and created_at index). */
export function requestPage(db: Executor, status: string, page: { offset: number; limit: number }) {
  return withCustomer(db)
    .where('r.status', '=', status)
    .orderBy('r.created_at')
    .orderBy('r.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
}

/** One request as the console shows it. */
export function requestRow(db: Executor, id: string) {
  return withCustomer(db).where('r.id', '=', id).executeTakeFirst()
}

export async function countRequests(db: Executor, status: string): Promise<number> {
  const row = await db
    .selectFrom('order_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', status)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** A deleted account's requests stay with its anonymised orders, cut loose from it. */
export async function forgetRequestsOf(db: Executor, userId: string): Promise<void> {
  await db.updateTable('order_requests').set({ user_id: null }).where('user_id', '=', userId).execute()
}

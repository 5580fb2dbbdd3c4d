import type { Executor } from '#server/db/database.ts'
import type { DiscountCodesTable } from '#server/discounts/tables.ts'

// All the SQL of discount codes and their uses (docs/decisions/026).

export type DiscountRow = DiscountCodesTable

/** A code by its upper-cased text; `lock` holds its row until the transaction ends (PostgreSQL). */
export function findByCode(db: Executor, code: string, options: { lock: boolean }) {
  const query = db.selectFrom('discount_codes').selectAll().where('code', '=', code)
  return (options.lock ? query.forUpdate() : query).executeTakeFirst()
}

export function findById(db: Executor, id: string) {
  return db.selectFrom('discount_codes').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Whether another code (not `exceptId`) already has this text. */
export async function codeTaken(db: Executor, code: string, exceptId: string | null): Promise<boolean> {
  let query = db.selectFrom('discount_codes').select('id').where('code', '=', code)
  if (exceptId !== null) query = query.where('id', '<>', exceptId)
  return (await query.executeTakeFirst()) !== undefined
}

/** The customer's uses of a code now held by orders: by the account, or by the phone. */
export async function usesByCustomer(
  db: Executor,
  discountId: string,
  customer: { userId: string; phoneKey: string | null },
): Promise<number> {
  const row = await db
    .selectFrom('discount_redemptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('discount_id', '=', discountId)
    .where((eb) =>
      customer.phoneKey === null
        ? eb('user_id', '=', customer.userId)
        : eb.or([eb('user_id', '=', customer.userId), eb('phone_key', '=', customer.phoneKey)]),
    )
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * Takes one use of the code, only while fewer than max_uses are held: the row count says
 * whether it was taken (false: used up by orders that committed first).
 */
export async function takeUse(db: Executor, id: string): Promise<boolean> {
  const result = await db
    .updateTable('discount_codes')
    .set((eb) => ({ used: eb('used', '+', 1) }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('used', '<', eb.ref('max_uses'))]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function insertRedemption(
  db: Executor,
  row: { order_id: string; discount_id: string; user_id: string; phone_key: string; created_at: number },
) {
  await db.insertInto('discount_redemptions').values(row).execute()
}

/** Gives an order's use back: its redemption goes, and the code's count with it. False when it held none. */
export async function giveBack(db: Executor, orderId: string): Promise<boolean> {
  const held = await db
    .selectFrom('discount_redemptions')
    .select('discount_id')
    .where('order_id', '=', orderId)
    .executeTakeFirst()
  if (!held) return false
  const deleted = await db.deleteFrom('discount_redemptions').where('order_id', '=', orderId).executeTakeFirst()
  if (Number(deleted.numDeletedRows) !== 1) return false
  await db
    .updateTable('discount_codes')
    .set((eb) => ({ used: eb('used', '-', 1) }))
    .where('id', '=', held.discount_id)
    .where('used', '>', 0)
    .execute()
  return true
}

export async function insertCode(db: Executor, row: DiscountRow) {
  await db.insertInto('discount_codes').values(row).execute()
}

/** A code only if no code has its text yet (the newsletter's, minted again on a second confirmation). */
export async function insertCodeIfNew(db: Executor, row: DiscountRow) {
  await db
    .insertInto('discount_codes')
    .values(row)
    .onConflict((oc) => oc.column('code').doNothing())
    .execute()
}

export async function updateCode(db: Executor, id: string, values: Partial<Omit<DiscountRow, 'id' | 'used'>>) {
  await db.updateTable('discount_codes').set(values).where('id', '=', id).execute()
}

/** A page of the owner's codes, newest first, and how many there are. */
export async function listCodes(db: Executor, page: { limit: number; offset: number }) {
  const rows = await db
    .selectFrom('discount_codes')
    .selectAll()
    .where('origin', '=', 'owner')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
  const total = await db
    .selectFrom('discount_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('origin', '=', 'owner')
    .executeTakeFirstOrThrow()
  return { rows, total: Number(total.n) }
}

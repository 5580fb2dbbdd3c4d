import type { Executor } from '#server/db/database.ts'

/** The products a shopper keeps, newest first. */
export async function idsOf(db: Executor, userId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('wishlist_items')
    .select('product_id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('product_id')
    .limit(limit)
    .execute()
  return rows.map((r) => r.product_id)
}

export async function countOf(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('wishlist_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function insertItems(
  db: Executor,
  rows: { user_id: string; product_id: string; created_at: number }[],
): Promise<void> {
  if (!rows.length) return
  await db
    .insertInto('wishlist_items')
    .values(rows)
    .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
    .execute()
}

export async function deleteItem(db: Executor, userId: string, productId: string): Promise<void> {
  await db.deleteFrom('wishlist_items').where('user_id', '=', userId).where('product_id', '=', productId).execute()
}

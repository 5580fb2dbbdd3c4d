import { sql } from 'kysely'
import type { Executor } from '#server/db/database.ts'
import { compiledOnce } from '#server/db/compiled.ts'

/** The products a shopper keeps, newest first: every signed-in page reads them, so the SQL is built once. */
const kept = compiledOnce((db, args: { userId: string; limit: number }) =>
  db
    .selectFrom('wishlist_items')
    .select('product_id')
    .where('user_id', '=', args.userId)
    .orderBy('created_at', 'desc')
    .orderBy('product_id')
    .limit(args.limit),
)

export async function idsOf(db: Executor, userId: string, limit: number): Promise<string[]> {
  return (await kept(db, { userId, limit })).map((r) => r.product_id)
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
  rows: { user_id: string; product_id: string; created_at: number; sale_mailed_until: number | null }[],
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

/** The sizes of a kept product to mail about when they are back (sold out when it was kept). */
export async function insertWaits(db: Executor, userId: string, productId: string, sizes: string[]): Promise<void> {
  if (!sizes.length) return
  await db
    .insertInto('wishlist_waits')
    .values(sizes.map((size) => ({ user_id: userId, product_id: productId, size })))
    .onConflict((oc) => oc.columns(['user_id', 'product_id', 'size']).doNothing())
    .execute()
}

/**
 * Sizes of a product that have just sold out, awaited by each of its keepers who gets the
 * emails: one insert a size, straight from the product's keepers (wishlist_items_product_idx)
 * into the sizes awaited, in the sell-out's transaction; none is read back into memory.
 */
export async function awaitForKeepers(db: Executor, productId: string, sizes: string[]): Promise<void> {
  for (const size of sizes)
    await db
      .insertInto('wishlist_waits')
      .columns(['user_id', 'product_id', 'size'])
      .expression((eb) =>
        eb
          .selectFrom('wishlist_items')
          .leftJoin('wishlist_optouts', 'wishlist_optouts.user_id', 'wishlist_items.user_id')
          .select([
            'wishlist_items.user_id',
            'wishlist_items.product_id',
            sql<string>`cast(${size} as text)`.as('size'),
          ])
          .where('wishlist_items.product_id', '=', productId)
          .where('wishlist_optouts.user_id', 'is', null),
      )
      .onConflict((oc) => oc.columns(['user_id', 'product_id', 'size']).doNothing())
      .execute()
}

export async function deleteWaits(db: Executor, userId: string, productId: string): Promise<void> {
  await db.deleteFrom('wishlist_waits').where('user_id', '=', userId).where('product_id', '=', productId).execute()
}

/**
 * The sizes awaited of one product that are on the shelf again, with the keeper's name,
 * address and language, for those who did not turn the emails off (the oldest `limit`).
 * It joins the catalog's sizes and products and auth's users, as the back-in-stock
 * requests do (server/alerts/repository.ts, dueFor), inside the restock's transaction.
 */
export async function backFor(db: Executor, productId: string, limit: number) {
  return db
    .selectFrom('wishlist_waits')
    .innerJoin('product_sizes', (j) =>
      j
        .onRef('product_sizes.product_id', '=', 'wishlist_waits.product_id')
        .onRef('product_sizes.size', '=', 'wishlist_waits.size'),
    )
    .innerJoin('products', 'products.id', 'wishlist_waits.product_id')
    .innerJoin('users', 'users.id', 'wishlist_waits.user_id')
    .leftJoin('wishlist_optouts', 'wishlist_optouts.user_id', 'wishlist_waits.user_id')
    .select([
      'wishlist_waits.user_id as userId',
      'wishlist_waits.size as size',
      'users.name as userName',
      'users.email as email',
      'users.language as language',
      'products.name as productName',
    ])
    .where('wishlist_waits.product_id', '=', productId)
    .where('product_sizes.stock', '>', 0)
    .where('products.archived', '=', 0)
    .where('wishlist_optouts.user_id', 'is', null)
    .orderBy('wishlist_waits.user_id')
    .orderBy('product_sizes.position')
    .limit(limit)
    .execute()
}

/** Lets a page of one product's awaited sizes go, in one statement. */
export async function deleteWaitsOf(
  db: Executor,
  productId: string,
  waits: readonly { userId: string; size: string }[],
): Promise<void> {
  if (!waits.length) return
  await db
    .deleteFrom('wishlist_waits')
    .where('product_id', '=', productId)
    .where((eb) => eb.or(waits.map((w) => eb.and([eb('user_id', '=', w.userId), eb('size', '=', w.size)]))))
    .execute()
}

/**
 * Kept products on sale now whose sale nobody has mailed this keeper about, for those who
 * did not turn the emails off: a page of them, through the products on sale (their index)
 * and each one's keepers (wishlist_items_product_idx).
 */
export async function saleDue(db: Executor, limit: number) {
  return db
    .selectFrom('products')
    .innerJoin('wishlist_items', 'wishlist_items.product_id', 'products.id')
    .innerJoin('users', 'users.id', 'wishlist_items.user_id')
    .leftJoin('wishlist_optouts', 'wishlist_optouts.user_id', 'wishlist_items.user_id')
    .select([
      'wishlist_items.user_id as userId',
      'products.id as productId',
      'products.name as productName',
      'products.price as price',
      'products.compare_at as was',
      'products.sale_until as until',
      'users.name as userName',
      'users.email as email',
      'users.language as language',
    ])
    .where('products.archived', '=', 0)
    .where('products.compare_at', 'is not', null)
    .where('products.sale_until', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('wishlist_items.sale_mailed_until', 'is', null),
        eb('wishlist_items.sale_mailed_until', '!=', eb.ref('products.sale_until')),
      ]),
    )
    .where('wishlist_optouts.user_id', 'is', null)
    .orderBy('products.id')
    .orderBy('wishlist_items.user_id')
    .limit(limit)
    .execute()
}

/** Marks one keeper's sale mailed, only if nobody has yet (another instance): true when this one did. */
export async function markSaleMailed(
  db: Executor,
  row: { userId: string; productId: string; until: number },
): Promise<boolean> {
  const result = await db
    .updateTable('wishlist_items')
    .set({ sale_mailed_until: row.until })
    .where('user_id', '=', row.userId)
    .where('product_id', '=', row.productId)
    .where((eb) => eb.or([eb('sale_mailed_until', 'is', null), eb('sale_mailed_until', '!=', row.until)]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

export async function isOptedOut(db: Executor, userId: string): Promise<boolean> {
  const row = await db.selectFrom('wishlist_optouts').select('user_id').where('user_id', '=', userId).executeTakeFirst()
  return row !== undefined
}

export async function setOptedOut(db: Executor, userId: string, out: boolean, at: number): Promise<void> {
  if (!out) {
    await db.deleteFrom('wishlist_optouts').where('user_id', '=', userId).execute()
    return
  }
  await db
    .insertInto('wishlist_optouts')
    .values({ user_id: userId, created_at: at })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute()
}

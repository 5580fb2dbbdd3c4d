import type { Executor } from '#server/db/database.ts'
import { compiledOnce } from '#server/db/compiled.ts'

export async function insertAlert(
  db: Executor,
  alert: { user_id: string; product_id: string; size: string; created_at: number },
): Promise<void> {
  await db
    .insertInto('stock_alerts')
    .values(alert)
    .onConflict((oc) => oc.columns(['user_id', 'product_id', 'size']).doNothing())
    .execute()
}

export async function deleteAlert(db: Executor, userId: string, productId: string, size: string): Promise<void> {
  await db
    .deleteFrom('stock_alerts')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .where('size', '=', size)
    .execute()
}

/** Lets a page of one product's requests go, in one statement. */
export async function deleteAlerts(
  db: Executor,
  productId: string,
  alerts: readonly { userId: string; size: string }[],
): Promise<void> {
  if (!alerts.length) return
  await db
    .deleteFrom('stock_alerts')
    .where('product_id', '=', productId)
    .where((eb) => eb.or(alerts.map((a) => eb.and([eb('user_id', '=', a.userId), eb('size', '=', a.size)]))))
    .execute()
}

export async function countOf(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('stock_alerts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** The sizes of one product a shopper is waiting for. */
export async function sizesOf(db: Executor, userId: string, productId: string): Promise<string[]> {
  return (await awaited(db, { userId, productId })).map((r) => r.size)
}

/** A signed-in shopper's product page asks it every time: its SQL is built once (server/db/compiled.ts). */
const awaited = compiledOnce((db, args: { userId: string; productId: string }) =>
  db
    .selectFrom('stock_alerts')
    .select('size')
    .where('user_id', '=', args.userId)
    .where('product_id', '=', args.productId)
    .orderBy('size'),
)

/**
 * The oldest `limit` requests of one product whose size is now on the shelf and on
 * sale, with the shopper's name, address and language: who gets an email, and in what words.
 */
export async function dueFor(db: Executor, productId: string, limit: number) {
  return db
    .selectFrom('stock_alerts')
    .innerJoin('product_sizes', (j) =>
      j
        .onRef('product_sizes.product_id', '=', 'stock_alerts.product_id')
        .onRef('product_sizes.size', '=', 'stock_alerts.size'),
    )
    .innerJoin('products', 'products.id', 'stock_alerts.product_id')
    .innerJoin('users', 'users.id', 'stock_alerts.user_id')
    .select([
      'stock_alerts.user_id as userId',
      'stock_alerts.size as size',
      'users.name as userName',
      'users.email as email',
      'users.language as language',
      'products.name as productName',
    ])
    .where('stock_alerts.product_id', '=', productId)
    .where('product_sizes.stock', '>', 0)
    .where('products.archived', '=', 0)
    .orderBy('stock_alerts.created_at')
    .orderBy('stock_alerts.user_id')
    .orderBy('stock_alerts.size')
    .limit(limit)
    .execute()
}

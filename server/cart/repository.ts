import type { Dialect, Executor } from '#server/db/database.ts'
import { compiledOnce } from '#server/db/compiled.ts'

/**
 * A cart's lines in the order they were added, each with its product's name and whether the
 * console has archived it: what every signed-in page reads, in one query built once.
 */
const linesWithProducts = compiledOnce((db, args: { userId: string }) =>
  db
    .selectFrom('cart_items')
    .innerJoin('products', 'products.id', 'cart_items.product_id')
    .select(['cart_items.product_id', 'cart_items.size', 'cart_items.quantity', 'products.archived', 'products.name'])
    .where('cart_items.user_id', '=', args.userId)
    .orderBy('cart_items.added_at')
    .orderBy('cart_items.product_id')
    .orderBy('cart_items.size'),
)

export function cartLinesWithProducts(db: Executor, userId: string) {
  return linesWithProducts(db, { userId })
}

/** A cart's lines in the order they were added, for the order that takes them. */
export function cartRows(db: Executor, userId: string, options: { lock?: Dialect } = {}) {
  return (
    db
      .selectFrom('cart_items')
      .select(['product_id', 'size', 'quantity'])
      .where('user_id', '=', userId)
      .orderBy('added_at')
      .orderBy('product_id')
      .orderBy('size')
      // PostgreSQL: a second checkout of the same cart waits here, then finds it emptied.
      // SQLite runs one write transaction at a time, so it needs no lock.
      .$if(options.lock === 'postgres', (q) => q.forUpdate())
      .execute()
  )
}

export function cartLine(db: Executor, userId: string, productId: string, size: string) {
  return db
    .selectFrom('cart_items')
    .select('quantity')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .where('size', '=', size)
    .executeTakeFirst()
}

export async function setLine(
  db: Executor,
  line: { userId: string; productId: string; size: string; quantity: number; now: number },
): Promise<void> {
  await db
    .insertInto('cart_items')
    .values({
      user_id: line.userId,
      product_id: line.productId,
      size: line.size,
      quantity: line.quantity,
      added_at: line.now,
      updated_at: line.now,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'product_id', 'size']).doUpdateSet({ quantity: line.quantity, updated_at: line.now }),
    )
    .execute()
}

export async function deleteLine(db: Executor, userId: string, productId: string, size: string): Promise<void> {
  await db
    .deleteFrom('cart_items')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .where('size', '=', size)
    .execute()
}

/** Removes exactly these lines: one added meanwhile (another tab) stays in the cart. */
export async function deleteLines(
  db: Executor,
  userId: string,
  lines: { product_id: string; size: string }[],
): Promise<void> {
  for (const line of lines) await deleteLine(db, userId, line.product_id, line.size)
}

export async function deleteCartOf(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('cart_items').where('user_id', '=', userId).execute()
}

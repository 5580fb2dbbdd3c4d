import { sql } from 'kysely'
import type { Dialect, Executor } from '#server/db/database.ts'

// Pieces on the shelf (docs/decisions/010, 017): each change one conditional statement
// on a size row, never below zero, and the product marked changed (the list's ETag).

export async function stockOf(db: Executor, productIds: string[]) {
  if (productIds.length === 0) return []
  return db
    .selectFrom('product_sizes')
    .select(['product_id', 'size', 'stock'])
    .where('product_id', 'in', productIds)
    .execute()
}

/** Takes `quantity` pieces only if that many are left: the pieces left after, or null when too few. */
export async function takeStock(
  db: Executor,
  dialect: Dialect,
  line: { productId: string; size: string; quantity: number },
  now: number,
): Promise<number | null> {
  const row = await db
    .updateTable('product_sizes')
    .set((eb) => ({ stock: eb('stock', '-', line.quantity) }))
    .where('product_id', '=', line.productId)
    .where('size', '=', line.size)
    .where('stock', '>=', line.quantity)
    .returning('stock')
    .executeTakeFirst()
  if (!row) return null
  await touch(db, dialect, line.productId, now)
  return row.stock
}

/** Puts pieces back: the pieces left after. */
export async function returnStock(
  db: Executor,
  dialect: Dialect,
  line: { productId: string; size: string; quantity: number },
  now: number,
): Promise<number> {
  const row = await db
    .updateTable('product_sizes')
    .set((eb) => ({ stock: eb('stock', '+', line.quantity) }))
    .where('product_id', '=', line.productId)
    .where('size', '=', line.size)
    .returning('stock')
    .executeTakeFirst()
  await touch(db, dialect, line.productId, now)
  return row?.stock ?? 0
}

/** Marks a product changed, always later than any change before (the list's ETag moves). */
export async function touch(db: Executor, dialect: Dialect, productId: string, now: number) {
  const later =
    dialect === 'postgres' ? sql<number>`greatest(updated_at + 1, ${now})` : sql<number>`max(updated_at + 1, ${now})`
  await db.updateTable('products').set({ updated_at: later }).where('id', '=', productId).execute()
}

/** A product's sizes and their stock now, in no particular order. */
export function sizesNow(db: Executor, productId: string) {
  return db.selectFrom('product_sizes').select(['size', 'stock']).where('product_id', '=', productId).execute()
}

/**
 * Locks one size row for the caller's transaction (PostgreSQL) and answers its stock
 * now, or undefined when the size is gone.
 */
export async function lockSize(db: Executor, productId: string, size: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('product_sizes')
    .select('stock')
    .where('product_id', '=', productId)
    .where('size', '=', size)
    .forUpdate()
    .executeTakeFirst()
  return row?.stock
}

/** Sets one size's pieces on the shelf: false when the product has no such size. */
export async function setStock(
  db: Executor,
  dialect: Dialect,
  line: { productId: string; size: string; stock: number },
  now: number,
): Promise<boolean> {
  const row = await db
    .updateTable('product_sizes')
    .set({ stock: line.stock })
    .where('product_id', '=', line.productId)
    .where('size', '=', line.size)
    .returning('stock')
    .executeTakeFirst()
  if (!row) return false
  await touch(db, dialect, line.productId, now)
  return true
}

/**
 * Sets one size's pieces on the shelf only if it still holds `opened` (what the owner
 * saw): 'set', or 'changed' when an order (or another save) moved it meanwhile, or
 * 'missing' when the product has no such size. One conditional statement, so nothing
 * between the check and the write.
 */
export async function setStockIf(
  db: Executor,
  dialect: Dialect,
  line: { productId: string; size: string; stock: number; opened: number },
  now: number,
): Promise<'set' | 'changed' | 'missing'> {
  const row = await db
    .updateTable('product_sizes')
    .set({ stock: line.stock })
    .where('product_id', '=', line.productId)
    .where('size', '=', line.size)
    .where('stock', '=', line.opened)
    .returning('stock')
    .executeTakeFirst()
  if (!row) {
    const exists = await db
      .selectFrom('product_sizes')
      .select('stock')
      .where('product_id', '=', line.productId)
      .where('size', '=', line.size)
      .executeTakeFirst()
    return exists ? 'changed' : 'missing'
  }
  await touch(db, dialect, line.productId, now)
  return 'set'
}

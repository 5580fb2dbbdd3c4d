import type { Db, Dialect, Executor } from '#server/db/database.ts'
import type { SizeStock } from '#contracts/catalog.ts'
import { STOCK_CHANGED_MESSAGE } from '#contracts/admin.ts'
import { AppError } from '#server/http/errors.ts'
import * as repo from '#server/catalog/stock-repository.ts'

/** One product size, as a map key. */
export const stockKey = (productId: string, size: string) => JSON.stringify([productId, size])

/**
 * Pieces on the shelf (docs/decisions/010, 017): taken by an order inside its
 * transaction, never below zero; put back by a cancelled or returned one; set by the
 * console only where the shelf still holds what the owner opened. Whatever may put
 * pieces back runs the restock listener in the same transaction.
 */
export function createStock(db: Db, dialect: Dialect, now: () => number) {
  const restockListeners: ((trx: Executor, productId: string) => Promise<unknown>)[] = []
  const restocked = async (trx: Executor, productId: string) => {
    for (const listener of restockListeners) await listener(trx, productId)
  }
  const soldOutListeners: ((trx: Executor, productId: string, sizes: string[]) => Promise<unknown>)[] = []
  const soldOut = async (trx: Executor, productId: string, sizes: string[]) => {
    if (sizes.length) for (const listener of soldOutListeners) await listener(trx, productId, sizes)
  }

  return {
    /** Runs the restock listener for a product that may have pieces back (the console's edits too). */
    restocked,

    /** Runs the sold-out listener for sizes of a product that have just been left with no pieces (the console's edits too). */
    soldOut,

    /**
     * What runs inside any transaction that left sizes of a product with no pieces (an order
     * taking the last one, the console setting a size to 0 or adding one without stock): the
     * wishlist's keepers then await those sizes (server/wishlist), wired by server/services.ts.
     */
    onSoldOut(listener: (trx: Executor, productId: string, sizes: string[]) => Promise<unknown>): void {
      soldOutListeners.push(listener)
    },

    /** Sets the pieces of one size on the shelf, inside the caller's transaction; false when no such size. */
    async setStock(trx: Executor, line: { productId: string; size: string; stock: number }): Promise<boolean> {
      const done = await repo.setStock(trx, dialect, line, now())
      if (done && line.stock > 0) await restocked(trx, line.productId)
      if (done && line.stock <= 0) await soldOut(trx, line.productId, [line.size])
      return done
    },

    /**
     * The console's change of one size's stock, inside the caller's transaction: set only
     * if the shelf still holds `opened`, what the owner saw (docs/decisions/017). 'same'
     * writes nothing (the owner changed nothing); 'changed' is the caller's 409.
     */
    async setStockIf(
      trx: Executor,
      line: { productId: string; size: string; stock: number; opened: number },
    ): Promise<'set' | 'same' | 'changed' | 'missing'> {
      if (line.stock === line.opened) {
        const now = (await repo.stockOf(trx, [line.productId])).find((r) => r.size === line.size)
        return now ? 'same' : 'missing'
      }
      const done = await repo.setStockIf(trx, dialect, line, now())
      if (done === 'set' && line.stock > 0) await restocked(trx, line.productId)
      if (done === 'set' && line.stock <= 0) await soldOut(trx, line.productId, [line.size])
      return done
    },

    /**
     * What runs inside any transaction that may have put pieces of a product back on the
     * shelf (stock set, a product edited or back on sale, an order's pieces returned):
     * the back-in-stock requests (server/alerts) and the wishlist's sizes awaited, wired by
     * server/services.ts; each in turn.
     */
    onRestock(listener: (trx: Executor, productId: string) => Promise<unknown>): void {
      restockListeners.push(listener)
    },

    /** Pieces left of each of these product sizes now, by stockKey (absent: no such size). */
    async stockOf(lines: { productId: string; size: string }[], exec: Executor = db): Promise<Map<string, number>> {
      const rows = await repo.stockOf(exec, [...new Set(lines.map((l) => l.productId))])
      return new Map(rows.map((r) => [stockKey(r.product_id, r.size), r.stock]))
    },

    /**
     * Takes the pieces of an order off the shelf inside its transaction, each with a
     * conditional update that never goes below zero. The first line short of stock is
     * answered (the caller's transaction then undoes the lines already taken), and
     * the products a size of which sold out, which changes what the collection counts
     * and those products' pages.
     */
    async takeStock(
      trx: Executor,
      lines: { productId: string; size: string; quantity: number }[],
    ): Promise<{ short: { productId: string; size: string; left: number } | null; soldOutIn: string[] }> {
      // A fixed order (product, size) so two orders never wait on each other's rows.
      const sorted = lines.toSorted((a, b) =>
        stockKey(a.productId, a.size).localeCompare(stockKey(b.productId, b.size)),
      )
      const soldOutIn = new Set<string>()
      for (const line of sorted) {
        const left = await repo.takeStock(trx, dialect, line, now())
        if (left === null) {
          const remaining = (await repo.stockOf(trx, [line.productId])).find((r) => r.size === line.size)?.stock ?? 0
          return { short: { productId: line.productId, size: line.size, left: remaining }, soldOutIn: [...soldOutIn] }
        }
        if (left === 0) {
          soldOutIn.add(line.productId)
          await soldOut(trx, line.productId, [line.size])
        }
      }
      return { short: null, soldOutIn: [...soldOutIn] }
    },

    /** Puts pieces back on the shelf (a cancelled order, a returned parcel); answers the products a sold-out size of which is back. */
    async returnStock(
      trx: Executor,
      lines: { productId: string; size: string; quantity: number }[],
    ): Promise<{ backIn: string[] }> {
      const backIn = new Set<string>()
      for (const line of lines)
        if ((await repo.returnStock(trx, dialect, line, now())) === line.quantity) backIn.add(line.productId)
      for (const productId of new Set(lines.map((l) => l.productId))) await restocked(trx, productId)
      return { backIn: [...backIn] }
    },
  }
}

/**
 * A product's sizes and stock now. On PostgreSQL each row is locked for the caller's
 * transaction one at a time in the order an order takes them (stockKey), so a save
 * and an order wait for each other in turn, never in a circle; SQLite has one writer.
 */
export async function lockSizes(trx: Executor, dialect: Dialect, productId: string): Promise<SizeStock[]> {
  const sizes = await repo.sizesNow(trx, productId)
  if (dialect !== 'postgres') return sizes
  const locked: SizeStock[] = []
  for (const { size } of sizes.toSorted((a, b) =>
    stockKey(productId, a.size).localeCompare(stockKey(productId, b.size)),
  )) {
    const stock = await repo.lockSize(trx, productId, size)
    if (stock !== undefined) locked.push({ size, stock })
  }
  return locked
}

/**
 * What a console save does to each size (docs/decisions/017): a size whose count the
 * owner left as opened keeps whatever the shelf holds now (orders placed meanwhile stay
 * taken); a changed one is set only if the shelf still holds what was opened; a size
 * the owner added must not exist yet, and one they never saw is not theirs to drop.
 * Any of these met otherwise refuses the whole save (409), naming the sizes.
 */
export function stockPlan(
  current: SizeStock[],
  wanted: SizeStock[],
  opened: Record<string, number>,
): { rows: { size: string; position: number; stock?: number; added: boolean }[]; removed: string[] } {
  const now = new Map(current.map((s) => [s.size, s.stock]))
  const seen = (size: string) => (Object.hasOwn(opened, size) ? opened[size] : undefined)
  const moved: string[] = []
  const rows = wanted.map((s, position) => {
    const was = seen(s.size)
    const is = now.get(s.size)
    if (was === undefined) {
      if (is !== undefined) moved.push(s.size)
      return { size: s.size, position, stock: s.stock, added: true }
    }
    if (is === undefined) moved.push(s.size)
    else if (s.stock !== was && is !== was) moved.push(s.size)
    return { size: s.size, position, ...(s.stock === was ? {} : { stock: s.stock }), added: false }
  })
  const kept = new Set(wanted.map((s) => s.size))
  const removed = current.filter((s) => !kept.has(s.size)).map((s) => s.size)
  for (const size of removed) if (seen(size) === undefined) moved.push(size)
  if (moved.length)
    throw new AppError(409, STOCK_CHANGED_MESSAGE, {
      fields: Object.fromEntries(
        moved.map((size) => [`stock.${size}`, now.has(size) ? `Now ${now.get(size)} in stock` : 'Removed meanwhile']),
      ),
    })
  return { rows, removed }
}

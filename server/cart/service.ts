import type { Db, Dialect, Executor } from '#server/db/database.ts'
import type { CartAdd, CartUpdate } from '#contracts/cart.ts'
import { MAX_LINE_QUANTITY, type Cart } from '#contracts/cart-lines.ts'
import { stockNote } from '#contracts/catalog.ts'
import { AppError } from '#server/http/errors.ts'
import type { CatalogService } from '#server/catalog/service.ts'
import * as repo from '#server/cart/repository.ts'

export type CartService = ReturnType<typeof createCartService>

export function toCart(rows: { product_id: string; size: string; quantity: number }[]): Cart {
  const cart: Cart = {}
  for (const row of rows) {
    if (row.quantity <= 0) continue
    ;(cart[row.product_id] ??= {})[row.size] = row.quantity
  }
  return cart
}

/** A cart's stored lines, those of products on sale and of archived ones, and the archived products' names. */
export interface CartLines {
  onSale: StoredCartLine[]
  gone: StoredCartLine[]
  names: string[]
}

/** A cart line as it is stored, for the order that takes it. */
export interface StoredCartLine {
  product_id: string
  size: string
  quantity: number
}

/** "Only 2 left of Men Oxford Shirt in size M" or "Men Oxford Shirt in size M is sold out". */
export function shortMessage(name: string, size: string, left: number): string {
  return left <= 0 ? `${name} in size ${size} is sold out` : `Only ${left} left of ${name} in size ${size}`
}

/** 409 when a line would hold more than the shelf. */
function checkStock({ name, left }: { name: string; left: number }, size: string, quantity: number): void {
  if (quantity > left) throw new AppError(409, shortMessage(name, size, left), { fields: { size: stockNote(left) } })
}

export function createCartService(db: Db, dialect: Dialect, catalog: CatalogService, now: () => number = Date.now) {
  /**
   * A product that exists and a size it offers (or a 400 naming the field), with at
   * least `quantity` pieces on the shelf (or a 409 naming the size and what is left).
   * Answers the product's name and the pieces left, for a later check.
   */
  async function checkItem(itemId: string, size: string, quantity = 1): Promise<{ name: string; left: number }> {
    const product = await catalog.get(itemId)
    if (!product)
      throw new AppError(400, 'itemId does not match any product', { fields: { itemId: 'Unknown product' } })
    if (!product.sizes.includes(size)) {
      throw new AppError(400, `size ${size} is not available for ${product.name}`, {
        fields: { size: 'This size is not available' },
      })
    }
    const found = { name: product.name, left: product.stock[size] ?? 0 }
    checkStock(found, size, quantity)
    return found
  }

  /**
   * The stored lines, less those of products the console has archived: they are out of
   * the cart everywhere (header count, cart, checkout) and the cart and checkout pages
   * drop them with a notice (`dropArchived`). An order still meets them in the stored
   * lines and is refused as a changed cart until then. Answers the lines on sale, the
   * archived ones, and the archived products' names.
   */
  async function linesByArchived(exec: Executor, userId: string): Promise<CartLines> {
    const rows = await repo.cartLinesWithProducts(exec, userId)
    const line = (r: (typeof rows)[number]): StoredCartLine => ({
      product_id: r.product_id,
      size: r.size,
      quantity: r.quantity,
    })
    const gone = rows.filter((r) => r.archived === 1)
    return {
      onSale: rows.filter((r) => r.archived !== 1).map(line),
      gone: gone.map(line),
      // Each archived product's name once, however many of its sizes were in the cart.
      names: [...new Map(gone.map((r) => [r.product_id, r.name])).values()],
    }
  }

  async function read(exec: Executor, userId: string): Promise<Cart> {
    return toCart((await linesByArchived(exec, userId)).onSale)
  }

  /**
   * The cart once the lines of archived products are out, and those products' names. With
   * nothing archived, the usual case, that is one read and no transaction.
   */
  async function pageCart(
    userId: string,
    read: Promise<CartLines> = linesByArchived(db, userId),
  ): Promise<{ cart: Cart; removed: string[] }> {
    const lines = await read
    if (lines.gone.length === 0) return { cart: toCart(lines.onSale), removed: [] }
    return db.transaction().execute(async (trx) => {
      const { onSale, gone, names } = await linesByArchived(trx, userId)
      if (gone.length > 0) await repo.deleteLines(trx, userId, gone)
      return { cart: toCart(onSale), removed: names }
    })
  }

  return {
    /**
     * The stored lines, on sale and archived: what `get` and `pageCart` start from, read once
     * for a page whose loaders ask both side by side (app/lib/cart/page-cart-lines.server.ts).
     */
    lines: (userId: string): Promise<CartLines> => linesByArchived(db, userId),

    get: async (userId: string, lines?: Promise<CartLines>): Promise<Cart> =>
      lines ? toCart((await lines).onSale) : read(db, userId),

    /** What `add` checks, for a guest's line, which the browser keeps (docs/spec/rulings.md #12). */
    async check(input: CartAdd & { quantity?: number }): Promise<void> {
      await checkItem(input.itemId, input.size, input.quantity ?? 1)
    },

    /**
     * The lines an order is about to take, inside the order's transaction. On
     * PostgreSQL they are locked: a second checkout of the same cart waits, then finds
     * it emptied (docs/spec/rulings.md #14).
     */
    linesForOrder: (trx: Executor, userId: string): Promise<StoredCartLine[]> =>
      repo.cartRows(trx, userId, { lock: dialect }),

    /**
     * Removes the lines of products archived since they were added and answers their
     * names, once, for the cart page's notice.
     */
    async dropArchived(userId: string): Promise<string[]> {
      return (await pageCart(userId)).removed
    },

    /** The cart and checkout pages' cart: `dropArchived`, and the cart that is left. */
    pageCart,

    /** Removes exactly these lines: one added meanwhile from another tab stays. */
    removeLines: (trx: Executor, userId: string, lines: StoredCartLine[]): Promise<void> =>
      repo.deleteLines(trx, userId, lines),

    /** Empties the cart of an account being deleted, in the caller's transaction. */
    clearFor: (trx: Executor, userId: string): Promise<void> => repo.deleteCartOf(trx, userId),

    async add(userId: string, input: CartAdd): Promise<Cart> {
      const item = await checkItem(input.itemId, input.size)
      return db.transaction().execute(async (trx) => {
        const line = await repo.cartLine(trx, userId, input.itemId, input.size)
        const quantity = (line?.quantity ?? 0) + 1
        if (quantity > MAX_LINE_QUANTITY) {
          throw new AppError(400, `quantity must be at most ${MAX_LINE_QUANTITY}`)
        }
        checkStock(item, input.size, quantity)
        await repo.setLine(trx, { userId, productId: input.itemId, size: input.size, quantity, now: now() })
        return read(trx, userId)
      })
    },

    async update(userId: string, input: CartUpdate): Promise<Cart> {
      if (input.quantity === 0) {
        // Removing needs no catalog check: a line of a withdrawn product can still go.
        await repo.deleteLine(db, userId, input.itemId, input.size)
        return read(db, userId)
      }
      await checkItem(input.itemId, input.size, input.quantity)
      await repo.setLine(db, {
        userId,
        productId: input.itemId,
        size: input.size,
        quantity: input.quantity,
        now: now(),
      })
      return read(db, userId)
    },

    /**
     * A guest's browser cart joins the account's at sign-in: quantities add up per
     * product and size, capped at the line maximum (docs/spec/rulings.md #12). Lines of products
     * or sizes no longer sold are dropped; the server cart is the truth afterwards.
     */
    async merge(userId: string, guest: Cart): Promise<Cart> {
      const lines: { productId: string; size: string; quantity: number; left: number }[] = []
      for (const [productId, sizes] of Object.entries(guest)) {
        const product = await catalog.get(productId)
        if (!product) continue
        for (const [size, quantity] of Object.entries(sizes)) {
          const left = product.stock[size] ?? 0
          if (quantity > 0 && product.sizes.includes(size) && left > 0) lines.push({ productId, size, quantity, left })
        }
      }
      return db.transaction().execute(async (trx) => {
        const at = now()
        for (const { left, ...line } of lines) {
          const existing = await repo.cartLine(trx, userId, line.productId, line.size)
          // Never more than the shelf holds; a line already over it stays for the cart page to flag.
          const quantity = Math.max(
            existing?.quantity ?? 0,
            Math.min(MAX_LINE_QUANTITY, left, (existing?.quantity ?? 0) + line.quantity),
          )
          await repo.setLine(trx, { userId, ...line, quantity, now: at })
        }
        return read(trx, userId)
      })
    },
  }
}

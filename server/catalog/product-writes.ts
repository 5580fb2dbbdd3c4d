import type { Db, Dialect, Executor } from '#server/db/database.ts'
import type { ProductDetails, ProductImages, SizeStock } from '#contracts/catalog.ts'
import { productSearchText, productTerms } from '#server/catalog/search.ts'
import { lockSizes, stockPlan } from '#server/catalog/stock.ts'
import { anyProductRow } from '#server/catalog/repository.ts'
import * as repo from '#server/catalog/product-writes-repository.ts'

/** A product as the store adds it: images are keys in the image store, not URLs. */
export interface NewProduct extends ProductDetails {
  id: string
  /** In the order the size picker shows them. */
  sizes: string[]
  /** Pieces of each size; a size not named has none. */
  stock: Record<string, number>
  images: ProductImages
  createdAt: number
}

/**
 * The console's edit of a product: everything but the photos and the Urdu words is
 * replaced; only the photos given change, and the Urdu name and description only when
 * given (null clears them), so a client that knows nothing of them keeps them.
 */
export interface ProductEdit extends ProductDetails {
  sizes: SizeStock[]
  /** Each size's stock as the owner opened the product; a size not named is one they added. */
  openedStock: Record<string, number>
  images: Partial<Record<1 | 2 | 3 | 4, string>>
}

/**
 * Products added (the seed, in bulk) and changed (the console, inside its transaction
 * with its audit entry). `restocked` runs the restock listener for a product that may
 * have pieces back; `forget` drops what the service keeps after its own commit.
 */
export function createProductWrites(
  db: Db,
  dialect: Dialect,
  hooks: {
    now: () => number
    restocked: (trx: Executor, productId: string) => Promise<void>
    /** Runs the sold-out listener for sizes the owner left with no pieces. */
    soldOut: (trx: Executor, productId: string, sizes: string[]) => Promise<void>
    forget: () => void
    /** Brings products' prices to the sales running now (docs/decisions/025). */
    reprice: (trx: Executor, ids: string[]) => Promise<number>
    /** The same for products just added, at their list price with no sale of their own. */
    repriceNew: (trx: Executor, ids: string[]) => Promise<number>
  },
) {
  const { now, restocked, soldOut, forget, reprice, repriceNew } = hooks

  /** Adds products after the catalog's last, in the given order, inside the caller's transaction. */
  async function createMany(trx: Executor, products: NewProduct[]): Promise<void> {
    if (products.length === 0) return
    const start = (await repo.maxPosition(trx)) + 1
    const terms = [...new Set(products.flatMap(productTerms))]
    await repo.insertProducts(
      trx,
      products.map((p, i) => toRows(p, start + i, now())),
      terms,
    )
    await repriceNew(
      trx,
      products.map((p) => p.id),
    )
  }

  /**
   * Adds products after the catalog's last, in the given order, in one transaction;
   * with `onlyIfEmpty`, only into an empty catalog. Returns how many it added.
   */
  async function add(products: NewProduct[], options: { onlyIfEmpty?: boolean } = {}): Promise<number> {
    const added = await db.transaction().execute(async (trx) => {
      if (options.onlyIfEmpty && (await repo.countProducts(trx)) > 0) return 0
      await createMany(trx, products)
      return products.length
    })
    forget()
    return added
  }

  return {
    /**
     * Inside the reviews' transaction: the count and sum of stars of a product's approved
     * reviews, which its row keeps for the listings' "Top rated" and "4 stars and up". The
     * caller calls invalidate() after committing.
     */
    writeRating: (trx: Executor, productId: string, rating: { count: number; total: number }): Promise<void> =>
      repo.writeRating(trx, productId, rating),

    /**
     * Adds one product after the catalog's last inside the caller's transaction (the
     * console's, with its audit entry); its name's words reach search. The caller calls
     * invalidate() after committing.
     */
    async create(trx: Executor, product: NewProduct): Promise<void> {
      const start = (await repo.maxPosition(trx)) + 1
      await repo.insertProducts(trx, [toRows(product, start, now())], productTerms(product))
      await reprice(trx, [product.id])
    },

    /**
     * Adds products after the catalog's last, in the given order, inside the caller's
     * transaction (the catalog import's, with its audit entries): one multi-row insert a
     * chunk, priced only when a sale runs. The caller calls invalidate() after committing.
     */
    createMany,

    /**
     * Changes one product inside the caller's transaction: fields, sizes in their order,
     * the size chart replaced, the photos given swapped. Stock is written only for the
     * sizes whose count the owner changed from what they opened, and only if the shelf
     * still holds what they opened; otherwise 409 and nothing is written
     * (docs/decisions/017). False when there is no such product. The caller calls
     * invalidate() after committing.
     */
    async update(trx: Executor, id: string, edit: ProductEdit): Promise<boolean> {
      // The size rows first, in the order orders take them, then the product's row
      // (which an order touches after its sizes): the two never wait on each other in a circle.
      const current = await lockSizes(trx, dialect, id)
      const row = await anyProductRow(trx, id)
      if (!row) return false
      const nameUr = edit.nameUr === undefined ? row.name_ur : edit.nameUr
      const plan = stockPlan(current, edit.sizes, edit.openedStock)
      const images: Partial<Record<'image1' | 'image2' | 'image3' | 'image4', string>> = {}
      for (const [slot, key] of Object.entries(edit.images)) images[`image${slot as '1'}`] = key
      await repo.updateProduct(
        trx,
        dialect,
        id,
        {
          name: edit.name,
          name_ur: nameUr,
          name_search: productSearchText(edit.name, nameUr),
          description: edit.description,
          ...(edit.descriptionUr === undefined ? {} : { description_ur: edit.descriptionUr }),
          // The owner's price is the list price; what shoppers pay follows it below.
          list_price: edit.price,
          category: edit.category,
          sub_category: edit.subCategory,
          best_seller: edit.bestSeller ? 1 : 0,
          ...images,
        },
        { chart: edit.sizeChart.map((r, i) => ({ product_id: id, position: i, ...r })) },
        now(),
      )
      await repo.writeSizes(trx, id, plan.rows, plan.removed)
      await reprice(trx, [id])
      await repo.insertProducts(trx, [], productTerms({ name: edit.name, nameUr }))
      await restocked(trx, id)
      // Sizes the owner set to 0, or added without pieces: whoever keeps the product awaits them.
      await soldOut(
        trx,
        id,
        plan.rows.filter((r) => (r.added || r.stock !== undefined) && (r.stock ?? 0) <= 0).map((r) => r.size),
      )
      return true
    },

    /** Takes a product off sale or puts it back, inside the caller's transaction; false when unknown. */
    async setArchived(trx: Executor, id: string, archived: boolean): Promise<boolean> {
      await lockSizes(trx, dialect, id)
      if (!(await anyProductRow(trx, id))) return false
      await repo.updateProduct(trx, dialect, id, { archived: archived ? 1 : 0 }, {}, now())
      if (!archived) await restocked(trx, id)
      return true
    },

    add,

    /** Adds products in the given order, only into an empty catalog; returns how many it added. */
    addIfEmpty(products: NewProduct[]): Promise<number> {
      return add(products, { onlyIfEmpty: true })
    },
  }
}

function toRows(p: NewProduct, position: number, at: number) {
  const [image1, image2, image3, image4] = p.images
  return {
    product: {
      id: p.id,
      name: p.name,
      name_ur: p.nameUr ?? null,
      name_search: productSearchText(p.name, p.nameUr),
      description: p.description,
      description_ur: p.descriptionUr ?? null,
      price: p.price,
      list_price: p.price,
      sale_price: null,
      sale_starts_at: null,
      sale_ends_at: null,
      compare_at: null,
      sale_until: null,
      category: p.category,
      sub_category: p.subCategory,
      image1,
      image2,
      image3,
      image4,
      best_seller: p.bestSeller ? 1 : 0,
      archived: 0,
      position,
      created_at: p.createdAt,
      updated_at: at,
      // No approved reviews yet.
      rating_count: 0,
      rating_total: 0,
      rating: 0,
    },
    sizes: p.sizes.map((size, i) => ({ product_id: p.id, position: i, size, stock: p.stock[size] ?? 0 })),
    chart: p.sizeChart.map((r, i) => ({ product_id: p.id, position: i, ...r })),
  }
}

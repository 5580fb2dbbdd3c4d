import type { Db, Executor } from '#server/db/database.ts'
import type {
  Category,
  Product,
  ProductDetails,
  ProductImages,
  SizeChartRow,
  SizeStock,
  SubCategory,
} from '#contracts/catalog.ts'
import { productImageUrl } from '#server/catalog/images.ts'
import * as repo from '#server/catalog/repository.ts'
import type { ProductsTable } from '#server/catalog/tables.ts'

/** A product as the console sees it, on sale or archived: images are keys in the image store. */
export interface StoredProduct extends ProductDetails {
  id: string
  nameUr: string | null
  descriptionUr: string | null
  /** In the order the size picker shows them, with the pieces on the shelf. */
  sizes: SizeStock[]
  archived: boolean
  images: ProductImages
  createdAt: number
  /** The product form's own sale (docs/decisions/025); `price` is the list price. */
  ownSale: { price: number; startsAt: number; endsAt: number } | null
  /** What a shopper pays now, and the list price while on sale. */
  priceNow: number
  compareAtPrice: number | null
}

/**
 * Whole products, read for other domains and the console: the product list (every
 * product, a batch at a time), prices and archived products inside an order's or a
 * cart's transaction, a product as the console edits it.
 */
export function createProductReads(db: Db, now: () => number) {
  return {
    /** How many products are on sale (for the sitemap's index). */
    listedCount(): Promise<number> {
      return repo.listedCount(db)
    },

    /**
     * `count` products on sale by id from the `skip`-th, with when each last changed (ms), a
     * batch at a time: the sitemap's pages, written out as they are read.
     */
    async *listed(skip: number, count: number, batchSize = 5000): AsyncGenerator<{ id: string; updatedAt: number }[]> {
      let from: { after: string } | { skip: number } = { skip }
      for (let left = count; left > 0;) {
        const rows = await repo.listedIds(db, from, Math.min(batchSize, left))
        if (rows.length === 0) return
        yield rows.map((r) => ({ id: r.id, updatedAt: Number(r.updated_at) }))
        left -= rows.length
        from = { after: rows.at(-1)!.id }
      }
    },

    /** A product on sale or archived, as the console edits it (inside the caller's transaction when given). */
    async stored(id: string, exec: Executor = db): Promise<StoredProduct | undefined> {
      const row = await repo.anyProductRow(exec, id)
      return row ? (await storedOf(exec, [row]))[0] : undefined
    },

    /** These products, on sale or archived, as the console edits them; an unknown id is left out. */
    async storedMany(ids: string[], exec: Executor = db): Promise<StoredProduct[]> {
      return storedOf(exec, await repo.anyProductRows(exec, [...new Set(ids)]))
    },

    /**
     * Every product, archived too, in catalog order, `batchSize` at a time: the catalog
     * export (server/admin/catalog-export.ts) writes each batch out before the next is read.
     */
    async *everyStored(batchSize = 200): AsyncGenerator<StoredProduct[]> {
      let after: { position: number; id: string } | null = null
      for (;;) {
        const rows = await repo.anyProductsAfter(db, after, batchSize)
        if (rows.length === 0) return
        yield await storedOf(db, rows)
        const last = rows[rows.length - 1]!
        after = { position: last.position, id: last.id }
        if (rows.length < batchSize) return
      }
    },

    /** Ids of the products on sale, by id, `batchSize` at a time (inside the caller's transaction when given). */
    async *listedIds(exec: Executor = db, batchSize = 1000): AsyncGenerator<string[]> {
      let after: string | null = null
      for (;;) {
        const rows = await repo.listedIdsAfter(exec, after, batchSize)
        if (rows.length === 0) return
        yield rows.map((r) => r.id)
        after = rows[rows.length - 1]!.id
        if (rows.length < batchSize) return
      }
    },

    /** Each size with its earliest position, and the pairs of sizes that follow each other on some product. */
    sizeSequence: () => repo.sizeSequence(db),

    /**
     * Every product in catalog order, a batch at a time (docs/spec/store-spec.md §8's
     * list): the caller writes each batch out before the next is read. Batches of 200
     * rather than 500 kept the server at 264 MiB instead of 475 MiB while writing
     * 100,000 products: fewer objects outlive a young-generation collection.
     */
    all(batchSize?: number): AsyncGenerator<Product[]> {
      return allProducts(db, batchSize)
    },

    /** Changes whenever the catalog does: the list's ETag. */
    stamp: () => repo.catalogStamp(db),

    /**
     * Prices as they stand at this moment, read inside the caller's transaction (an order's,
     * a quote's): the sale price in force now, even before the boundary's repricing has run
     * (docs/decisions/025), with the list price as `compareAtPrice` while a sale brings it
     * lower: how a discount code tells a line on sale (contracts/pricing.ts, isOnSale; 026).
     */
    pricesOf: async (trx: Executor, ids: string[]) =>
      (await repo.pricesOf(trx, ids, now())).map(({ list_price, ...p }) => ({
        ...p,
        compareAtPrice: p.price < list_price ? list_price : null,
      })),
  }
}

/** Rows of products as the API answers them, with their sizes, stock and size charts. */
export async function toProducts(db: Executor, rows: ProductsTable[]): Promise<Product[]> {
  const { sizes, chart } = await repo.detailsOf(
    db,
    rows.map((r) => r.id),
  )
  const sizesBy = groupBy(sizes, (s) => s.product_id)
  const chartBy = groupBy(chart, (r) => r.product_id)
  return rows.map((p): Product => ({
    _id: p.id,
    name: p.name,
    nameUr: p.name_ur,
    price: p.price,
    compareAtPrice: p.compare_at,
    saleEndsAt: p.compare_at === null || p.sale_until === null ? null : new Date(Number(p.sale_until)).toISOString(),
    description: p.description,
    descriptionUr: p.description_ur,
    category: p.category as Category,
    subCategory: p.sub_category as SubCategory,
    sizes: (sizesBy.get(p.id) ?? []).map((s) => s.size),
    stock: Object.fromEntries((sizesBy.get(p.id) ?? []).map((s) => [s.size, s.stock])),
    image1: productImageUrl(p.image1),
    image2: productImageUrl(p.image2),
    image3: productImageUrl(p.image3),
    image4: productImageUrl(p.image4),
    sizeChart: (chartBy.get(p.id) ?? []).map(chartRow),
    bestSeller: p.best_seller === 1,
    date: p.created_at,
  }))
}

/**
 * Every product on sale in catalog order, a batch at a time (docs/spec/store-spec.md §8's
 * list), read through `db` (a transaction gives one snapshot): the caller writes each
 * batch out before the next is read. Batches of 200 rather than 500 kept the server at
 * 264 MiB instead of 475 MiB while writing 100,000 products.
 */
export async function* allProducts(db: Executor, batchSize = 200): AsyncGenerator<Product[]> {
  let after: { position: number; id: string } | null = null
  for (;;) {
    const rows = await repo.productsAfter(db, after, batchSize)
    if (rows.length === 0) return
    yield await toProducts(db, rows)
    const last = rows[rows.length - 1]!
    after = { position: last.position, id: last.id }
    if (rows.length < batchSize) return
  }
}

/** Rows of products as the console edits them, with their sizes and size charts, in the rows' order. */
async function storedOf(exec: Executor, rows: ProductsTable[]): Promise<StoredProduct[]> {
  const { sizes, chart } = await repo.detailsOf(
    exec,
    rows.map((r) => r.id),
  )
  const sizesBy = groupBy(sizes, (s) => s.product_id)
  const chartBy = groupBy(chart, (r) => r.product_id)
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    nameUr: row.name_ur,
    description: row.description,
    descriptionUr: row.description_ur,
    price: row.list_price,
    category: row.category as Category,
    subCategory: row.sub_category as SubCategory,
    sizes: (sizesBy.get(row.id) ?? []).map((s) => ({ size: s.size, stock: s.stock })),
    sizeChart: (chartBy.get(row.id) ?? []).map(chartRow),
    bestSeller: row.best_seller === 1,
    archived: row.archived === 1,
    images: [row.image1, row.image2, row.image3, row.image4],
    createdAt: row.created_at,
    ownSale:
      row.sale_price === null || row.sale_starts_at === null || row.sale_ends_at === null
        ? null
        : { price: row.sale_price, startsAt: Number(row.sale_starts_at), endsAt: Number(row.sale_ends_at) },
    priceNow: row.price,
    compareAtPrice: row.compare_at,
  }))
}

/** A size chart row as the API answers it: its own columns only. */
function chartRow(r: SizeChartRow): SizeChartRow {
  return { size: r.size, chest: r.chest, length: r.length, waist: r.waist, sleeves: r.sleeves }
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>()
  for (const item of items) {
    const k = key(item)
    const list = map.get(k)
    if (list) list.push(item)
    else map.set(k, [item])
  }
  return map
}

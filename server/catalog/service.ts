import type { Db, Executor } from '#server/db/database.ts'
import {
  toSummary,
  type Category,
  type Product,
  type ProductSummary,
  type SizeChartRow,
  type SubCategory,
} from '#contracts/catalog.ts'
import { PAGE_SIZE, type CatalogFilters, type CatalogPage } from '#contracts/catalog-filters.ts'
import { facetCounts, filterProducts, relatedProducts } from '#server/catalog/rules.ts'
import { productImageUrl } from '#server/catalog/images.ts'
import * as repo from '#server/catalog/repository.ts'

export type CatalogService = ReturnType<typeof createCatalogService>

/** A product as the store adds it: images are keys in the image store, not URLs. */
export interface NewProduct {
  id: string
  name: string
  description: string
  /** Whole rupees. */
  price: number
  category: Category
  subCategory: SubCategory
  /** In the order the size picker shows them. */
  sizes: string[]
  sizeChart: SizeChartRow[]
  bestSeller: boolean
  images: [string, string, string, string]
  createdAt: number
}

/**
 * The catalog is small and read on every page, so it is held in memory for a short
 * while (a price edited in the database shows within `maxAgeMs`) and reloaded at
 * once after the store's own writes (the seed). Prices for orders are always read
 * from the database inside the order's transaction, never from this copy.
 */
export function createCatalogService(db: Db, options: { maxAgeMs?: number; now?: () => number } = {}) {
  const maxAgeMs = options.maxAgeMs ?? 30_000
  const now = options.now ?? Date.now
  let cache: Promise<{ list: Product[]; byId: Map<string, Product> }> | undefined
  let loadedAt = 0

  async function load() {
    const { products, sizes, chart } = await repo.listProductRows(db)
    const sizesBy = groupBy(sizes, (s) => s.product_id)
    const chartBy = groupBy(chart, (r) => r.product_id)
    const list = products.map((p): Product => ({
      _id: p.id,
      name: p.name,
      price: p.price,
      description: p.description,
      category: p.category as Category,
      subCategory: p.sub_category as SubCategory,
      sizes: (sizesBy.get(p.id) ?? []).map((s) => s.size),
      image1: productImageUrl(p.image1),
      image2: productImageUrl(p.image2),
      image3: productImageUrl(p.image3),
      image4: productImageUrl(p.image4),
      sizeChart: (chartBy.get(p.id) ?? []).map((r): SizeChartRow => ({
        size: r.size,
        chest: r.chest,
        length: r.length,
        waist: r.waist,
        sleeves: r.sleeves,
      })),
      bestSeller: p.best_seller === 1,
      date: p.created_at,
    }))
    return { list, byId: new Map(list.map((p) => [p._id, p])) }
  }

  function current() {
    if (cache && now() - loadedAt > maxAgeMs) cache = undefined
    if (!cache) loadedAt = now()
    cache ??= load().catch((err: unknown) => {
      cache = undefined
      throw err
    })
    return cache
  }

  return {
    async list(): Promise<Product[]> {
      return (await current()).list
    },
    async get(id: string): Promise<Product | undefined> {
      return (await current()).byId.get(id)
    },

    /** The collection's view: one page of the matching products in order, the total and each filter's counts. */
    async browse(filters: CatalogFilters, pageSize = PAGE_SIZE): Promise<CatalogPage<ProductSummary>> {
      const all = (await current()).list
      const matches = filterProducts(all, filters)
      const start = (filters.page - 1) * pageSize
      return {
        items: matches.slice(start, start + pageSize).map(toSummary),
        total: matches.length,
        page: filters.page,
        pageSize,
        facets: facetCounts(all, filters),
      }
    },

    /** docs/spec/store-spec.md §9: the newest products first. */
    async latest(limit: number): Promise<ProductSummary[]> {
      return (await current()).list.slice(0, limit).map(toSummary)
    },

    async bestSellers(limit: number): Promise<ProductSummary[]> {
      return (await current()).list
        .filter((p) => p.bestSeller)
        .slice(0, limit)
        .map(toSummary)
    },

    /** docs/spec/store-spec.md §9: same category and sub-category, never the product itself. */
    async related(product: Pick<Product, '_id' | 'category' | 'subCategory'>, limit = 4): Promise<ProductSummary[]> {
      return relatedProducts((await current()).list, product, limit).map(toSummary)
    },

    /** The first product of a category and sub-category, for pictures on the store's own pages. */
    async firstOf(category: Category, subCategory: SubCategory): Promise<ProductSummary | undefined> {
      const found = (await current()).list.find((p) => p.category === category && p.subCategory === subCategory)
      return found && toSummary(found)
    },

    /** Prices as they stand now, read inside the caller's transaction (an order's), never from the copy. */
    pricesOf: (trx: Executor, ids: string[]) => repo.pricesOf(trx, ids),

    invalidate(): void {
      cache = undefined
    },

    /** Adds products in the given order, only into an empty catalog; returns how many it added. */
    async addIfEmpty(products: NewProduct[]): Promise<number> {
      const added = await db.transaction().execute(async (trx) => {
        if ((await repo.countProducts(trx)) > 0) return 0
        await repo.insertProducts(trx, products.map(toRows))
        return products.length
      })
      cache = undefined
      return added
    },
  }
}

function toRows(p: NewProduct, position: number) {
  const [image1, image2, image3, image4] = p.images
  return {
    product: {
      id: p.id,
      name: p.name,
      description: p.description,
      price: p.price,
      category: p.category,
      sub_category: p.subCategory,
      image1,
      image2,
      image3,
      image4,
      best_seller: p.bestSeller ? 1 : 0,
      position,
      created_at: p.createdAt,
    },
    sizes: p.sizes.map((size, i) => ({ product_id: p.id, position: i, size })),
    chart: p.sizeChart.map((r, i) => ({ product_id: p.id, position: i, ...r })),
  }
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

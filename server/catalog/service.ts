import type { Db } from '#server/db/database.ts'
import type { Category, Product, SizeChartRow, SubCategory } from '#contracts/catalog.ts'
import { productImageUrl } from '#server/catalog/images.ts'
import * as repo from '#server/catalog/repository.ts'

export type CatalogService = ReturnType<typeof createCatalogService>

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
    invalidate(): void {
      cache = undefined
    },
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

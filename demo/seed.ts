import type { Connection } from '#server/db/database.ts'
import type { DemoProduct } from '#demo/catalog-types.ts'
import { imageKey, imageViews } from '#server/catalog/images.ts'
import { createCatalogService, type NewProduct } from '#server/catalog/service.ts'

/** Demo records as the catalog takes them; the tests build their catalogs with the same factory. */
export function demoProducts(products: DemoProduct[], createdAt: number): NewProduct[] {
  return products.map((p, position) => ({
    id: p.id,
    name: p.name,
    nameUr: p.nameUr ?? null,
    description: p.description,
    descriptionUr: p.descriptionUr ?? null,
    price: p.price,
    category: p.category,
    subCategory: p.subCategory,
    sizes: p.sizes,
    stock: Object.fromEntries(
      p.sizes.map((size, i) => [size, p.stock?.[size] ?? demoStock(position, i, p.sizes.length)]),
    ),
    sizeChart: p.sizeChart ?? [],
    bestSeller: p.bestSeller,
    images: imageViews.map((view) => imageKey(p.id, view)) as NewProduct['images'],
    // The first product is the newest, as the home page's Latest Collection shows it.
    createdAt: createdAt - position * 60_000,
  }))
}

/**
 * A shop's shelf, the same on every run: most sizes have 12 to 40 pieces; the largest
 * size of every seventh product is sold out and the next-largest of every fifth runs
 * low (1 to 3), so the store shows both states from its first start.
 */
export function demoStock(productIndex: number, sizeIndex: number, sizeCount: number): number {
  const last = sizeIndex === sizeCount - 1
  if (sizeCount > 1 && last && productIndex % 7 === 3) return 0
  if (sizeCount > 2 && sizeIndex === sizeCount - 2 && productIndex % 5 === 2) return 1 + (productIndex % 3)
  return 12 + ((productIndex * 7 + sizeIndex * 11) % 29)
}

/** Seeds the catalog only into an empty store; returns how many products it added. */
export async function seedCatalog(
  { db, dialect }: Pick<Connection, 'db' | 'dialect'>,
  products: DemoProduct[],
  now = Date.now(),
): Promise<number> {
  return createCatalogService(db, dialect).addIfEmpty(demoProducts(products, now))
}

import type { Connection } from '#server/db/database.ts'
import type { DemoProduct } from '#demo/catalog-types.ts'
import { imageKey, imageViews } from '#server/catalog/images.ts'
import { createCatalogService, type NewProduct } from '#server/catalog/service.ts'

/** Demo records as the catalog takes them; the tests build their catalogs with the same factory. */
export function demoProducts(products: DemoProduct[], createdAt: number): NewProduct[] {
  return products.map((p, position) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    price: p.price,
    category: p.category,
    subCategory: p.subCategory,
    sizes: p.sizes,
    sizeChart: p.sizeChart ?? [],
    bestSeller: p.bestSeller,
    images: imageViews.map((view) => imageKey(p.id, view)) as NewProduct['images'],
    // The first product is the newest, as the home page's Latest Collection shows it.
    createdAt: createdAt - position * 60_000,
  }))
}

/** Seeds the catalog only into an empty store; returns how many products it added. */
export async function seedCatalog(
  { db, dialect }: Pick<Connection, 'db' | 'dialect'>,
  products: DemoProduct[],
  now = Date.now(),
): Promise<number> {
  return createCatalogService(db, dialect).addIfEmpty(demoProducts(products, now))
}

import type { Db } from '#server/db/database.ts'
import { imageViews, type DemoProduct } from '#server/catalog/demo-catalog-types.ts'
import { imageKey } from '#server/catalog/images.ts'
import * as repo from '#server/catalog/repository.ts'

/** Turns demo records into rows; the tests build their catalogs with the same factory. */
export function productRows(products: DemoProduct[], createdAt: number) {
  return products.map((p, position) => {
    const [image1, image2, image3, image4] = imageViews.map((view) => imageKey(p.id, view)) as [
      string,
      string,
      string,
      string,
    ]
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
        // The first product is the newest, as the home page's Latest Collection shows it.
        created_at: createdAt - position * 60_000,
      },
      sizes: p.sizes.map((size, i) => ({ product_id: p.id, position: i, size })),
      chart: (p.sizeChart ?? []).map((r, i) => ({ product_id: p.id, position: i, ...r })),
    }
  })
}

/** Seeds the catalog only into an empty store; returns how many products it added. */
export async function seedCatalog(db: Db, products: DemoProduct[], now = Date.now()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    if ((await repo.countProducts(trx)) > 0) return 0
    await repo.insertProducts(trx, productRows(products, now))
    return products.length
  })
}

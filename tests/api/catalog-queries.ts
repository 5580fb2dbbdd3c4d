import { expect } from 'vitest'
import type { Category, ProductSummary, SubCategory } from '#contracts/catalog.ts'
import type { CatalogPage } from '#contracts/catalog-filters.ts'
import { imageViews, imageWidths } from '#server/catalog/images.ts'
import type { DemoProduct } from '#demo/catalog-types.ts'
import type { TestStore } from '#tests/api/harness.ts'
import { makeProduct } from '#tests/support/factories.ts'

// What the catalog-*.test.ts files share: asking the catalog over HTTP, and what it
// should answer for a product of the test's own catalog.

export type Page = CatalogPage<ProductSummary>

const width = Math.max(...imageWidths)
export const ids = (list: { _id: string }[]) => list.map((p) => p._id)

export async function browse(store: TestStore, query = ''): Promise<Page> {
  const res = await store.fetch(`/api/products${query ? `?${query}` : ''}`)
  if (res.status !== 200) throw new Error(`GET /api/products?${query}: ${res.status} ${await res.text()}`)
  return (await res.json()) as Page
}

/** The ids of a view, checking that the page holds all of it. */
export async function idsOf(store: TestStore, query = ''): Promise<string[]> {
  const page = await browse(store, query)
  expect(page.items.length).toBe(page.total)
  return ids(page.items)
}

/** The summary a listing answers for a product of the catalog. */
export function summaryOf(p: DemoProduct): ProductSummary {
  return {
    _id: p.id,
    name: p.name,
    nameUr: p.nameUr ?? null,
    price: p.price,
    compareAtPrice: null,
    image1: `/images/products/${p.id}-${imageViews[0]}-${width}.webp`,
  }
}

/** The product as GET /api/product/list answers it (docs/spec/store-spec.md §3), except its date. */
export function productOf(p: DemoProduct) {
  const [image1, image2, image3, image4] = imageViews.map((view) => `/images/products/${p.id}-${view}-${width}.webp`)
  return {
    _id: p.id,
    name: p.name,
    nameUr: p.nameUr ?? null,
    price: p.price,
    compareAtPrice: null,
    saleEndsAt: null,
    description: p.description,
    descriptionUr: p.descriptionUr ?? null,
    category: p.category,
    subCategory: p.subCategory,
    sizes: p.sizes,
    image1,
    image2,
    image3,
    image4,
    sizeChart: p.sizeChart ?? [],
    bestSeller: p.bestSeller,
    date: expect.any(Number) as number,
    stock: Object.fromEntries(p.sizes.map((size) => [size, p.stock![size]!])),
  }
}

export function item(
  id: string,
  category: Category,
  subCategory: SubCategory,
  price: number,
  name: string,
  sizes: string[],
): DemoProduct {
  return makeProduct({ id, name, price, category, subCategory, sizes, sizeChart: null })
}

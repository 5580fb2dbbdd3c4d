import { categories, subCategories, type Category, type Product, type SubCategory } from '#contracts/catalog.ts'
import { compareSizes, DEFAULT_SORT, type CatalogFilters, type Facets } from '#contracts/catalog-filters.ts'

// The catalog's rules over the products the service holds: what a view shows and in
// which order, how many each filter would show, what is related.

/**
 * docs/spec/store-spec.md §2, Collection: categories combine with OR within their group and the
 * two groups with AND; the search text matches names case-insensitively. 'Relevant'
 * keeps the catalog's own order; price sorts are stable, so equal prices keep it too.
 */
type Filterable = Pick<Product, 'name' | 'price' | 'category' | 'subCategory'> & { sizes?: string[] }

export function filterProducts<P extends Filterable>(products: readonly P[], filters: CatalogFilters): P[] {
  const q = filters.q.trim().toLocaleLowerCase()
  const matches = products.filter(
    (p) =>
      (filters.categories.length === 0 || filters.categories.includes(p.category)) &&
      (filters.subCategories.length === 0 || filters.subCategories.includes(p.subCategory)) &&
      (filters.sizes.length === 0 || filters.sizes.some((size) => p.sizes?.includes(size))) &&
      (filters.minPrice === null || p.price >= filters.minPrice) &&
      (filters.maxPrice === null || p.price <= filters.maxPrice) &&
      (q === '' || p.name.toLocaleLowerCase().includes(q)),
  )
  if (filters.sort === 'low-high') return matches.toSorted((a, b) => a.price - b.price)
  if (filters.sort === 'high-low') return matches.toSorted((a, b) => b.price - a.price)
  return matches
}

/**
 * How many products each checkbox would show, given the other choices: a category's
 * count applies the sub-category group and the search but not the other categories.
 */
export function facetCounts(products: readonly Filterable[], filters: CatalogFilters): Facets {
  const count = (f: CatalogFilters) => filterProducts(products, { ...f, sort: DEFAULT_SORT }).length
  const sizeCounts = new Map<string, number>()
  for (const p of filterProducts(products, { ...filters, sizes: [] }))
    for (const size of p.sizes ?? []) sizeCounts.set(size, (sizeCounts.get(size) ?? 0) + 1)
  const priced = filterProducts(products, { ...filters, minPrice: null, maxPrice: null }).map((p) => p.price)
  return {
    sizes: [...sizeCounts].map(([size, n]) => ({ size, count: n })).sort((a, b) => compareSizes(a.size, b.size)),
    price: priced.length ? { min: Math.min(...priced), max: Math.max(...priced) } : null,
    categories: Object.fromEntries(categories.map((c) => [c, count({ ...filters, categories: [c] })])) as Record<
      Category,
      number
    >,
    subCategories: Object.fromEntries(
      subCategories.map((s) => [s, count({ ...filters, subCategories: [s] })]),
    ) as Record<SubCategory, number>,
  }
}

/** docs/spec/store-spec.md §9: at most 4, same category and sub-category, never the product itself. */
export function relatedProducts<P extends Pick<Product, '_id' | 'category' | 'subCategory'>>(
  products: readonly P[],
  product: Pick<Product, '_id' | 'category' | 'subCategory'>,
  limit = 4,
): P[] {
  return products
    .filter((p) => p._id !== product._id && p.category === product.category && p.subCategory === product.subCategory)
    .slice(0, limit)
}

import { categories, subCategories, type Category, type Product, type SubCategory } from '#contracts/catalog.ts'

/** The sort select's values (spec section 9; 'relavent' is the spec's own spelling). */
export const sortOptions = [
  { value: 'relavent', label: 'Relevant' },
  { value: 'low-high', label: 'Low to High' },
  { value: 'high-low', label: 'High to Low' },
] as const
export type SortKey = (typeof sortOptions)[number]['value']
export const DEFAULT_SORT: SortKey = 'relavent'

/** What the collection shows: all of it lives in the URL, so a view can be shared. */
export interface CatalogFilters {
  categories: Category[]
  subCategories: SubCategory[]
  sort: SortKey
  /** The header's search text, as typed. */
  q: string
}

function pick<T extends string>(allowed: readonly T[], values: string[]): T[] {
  // Canonical order, no duplicates; unknown values are ignored rather than refused.
  return allowed.filter((value) => values.includes(value))
}

/** Reads `?category=Men&category=Kids&subCategory=TopWear&sort=low-high&q=shirt`. */
export function parseFilters(params: URLSearchParams): CatalogFilters {
  const sort = params.get('sort')
  return {
    categories: pick(categories, params.getAll('category')),
    subCategories: pick(subCategories, params.getAll('subCategory')),
    sort: sortOptions.some((o) => o.value === sort) ? (sort as SortKey) : DEFAULT_SORT,
    q: params.get('q') ?? '',
  }
}

/** The shortest URL search for a view: defaults are left out. */
export function filtersToSearch(filters: CatalogFilters): URLSearchParams {
  const params = new URLSearchParams()
  for (const c of filters.categories) params.append('category', c)
  for (const s of filters.subCategories) params.append('subCategory', s)
  if (filters.sort !== DEFAULT_SORT) params.set('sort', filters.sort)
  if (filters.q.trim()) params.set('q', filters.q)
  return params
}

export function hasActiveFilters(filters: CatalogFilters): boolean {
  return filters.categories.length > 0 || filters.subCategories.length > 0 || filters.q.trim() !== ''
}

/**
 * Spec section 2, Collection: categories combine with OR within their group and the
 * two groups with AND; the search text matches names case-insensitively. 'Relevant'
 * keeps the catalog's own order; price sorts are stable, so equal prices keep it too.
 */
export function filterProducts<P extends Pick<Product, 'name' | 'price' | 'category' | 'subCategory'>>(
  products: readonly P[],
  filters: CatalogFilters,
): P[] {
  const q = filters.q.trim().toLocaleLowerCase()
  const matches = products.filter(
    (p) =>
      (filters.categories.length === 0 || filters.categories.includes(p.category)) &&
      (filters.subCategories.length === 0 || filters.subCategories.includes(p.subCategory)) &&
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
export function facetCounts(
  products: readonly Pick<Product, 'name' | 'price' | 'category' | 'subCategory'>[],
  filters: CatalogFilters,
): { categories: Record<Category, number>; subCategories: Record<SubCategory, number> } {
  const count = (f: CatalogFilters) => filterProducts(products, { ...f, sort: DEFAULT_SORT }).length
  return {
    categories: Object.fromEntries(categories.map((c) => [c, count({ ...filters, categories: [c] })])) as Record<
      Category,
      number
    >,
    subCategories: Object.fromEntries(
      subCategories.map((s) => [s, count({ ...filters, subCategories: [s] })]),
    ) as Record<SubCategory, number>,
  }
}

/** Spec section 9: at most 4, same category and sub-category, never the product itself. */
export function relatedProducts<P extends Pick<Product, '_id' | 'category' | 'subCategory'>>(
  products: readonly P[],
  product: Pick<Product, '_id' | 'category' | 'subCategory'>,
  limit = 4,
): P[] {
  return products
    .filter((p) => p._id !== product._id && p.category === product.category && p.subCategory === product.subCategory)
    .slice(0, limit)
}

/** 'Women · TopWear', 'Search “shirt”', or '' for the whole collection: for titles and headings. */
export function describeFilters(filters: CatalogFilters): string {
  const parts: string[] = []
  if (filters.categories.length) parts.push(filters.categories.join(' & '))
  if (filters.subCategories.length) parts.push(filters.subCategories.join(' & '))
  if (filters.q.trim()) parts.push(`“${filters.q.trim()}”`)
  return parts.join(' · ')
}

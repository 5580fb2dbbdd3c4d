import { categories, subCategories, type Category, type SubCategory } from '#contracts/catalog.ts'
import { formatPrice } from '#contracts/pricing.ts'
import { queryParam } from '#contracts/plain-text.ts'

// The collection's view as the URL holds it: shared by the server, which answers it,
// and the storefront, which links to it.

/** The sort select's values (docs/spec/store-spec.md §9; 'relavent' is the spec's own spelling), and 'rating'. */
export const sortOptions = [
  { value: 'relavent', label: 'Relevant' },
  { value: 'low-high', label: 'Low to High' },
  { value: 'high-low', label: 'High to Low' },
  // Beside the spec's three: the average of approved reviews, highest first.
  { value: 'rating', label: 'Top rated' },
] as const
export type SortKey = (typeof sortOptions)[number]['value']
export const DEFAULT_SORT: SortKey = 'relavent'

/** Products a collection page shows (docs/spec/rulings.md #20: pages, never one endless list). */
export const PAGE_SIZE = 24

/** What the collection shows: all of it lives in the URL, so a view can be shared. */
export interface CatalogFilters {
  categories: Category[]
  subCategories: SubCategory[]
  /** Products offering any of these sizes. */
  sizes: string[]
  /** Whole rupees, inclusive; null for no bound. */
  minPrice: number | null
  maxPrice: number | null
  /** Only products on sale now (`sale=1`; docs/decisions/025). */
  onSale: boolean
  /** Only products whose approved reviews average 4 stars or more (`rated=1`). */
  rated: boolean
  sort: SortKey
  /** The header's search text, as typed. */
  q: string
  /** 1-based. */
  page: number
}

export const NO_FILTERS: CatalogFilters = {
  categories: [],
  subCategories: [],
  sizes: [],
  minPrice: null,
  maxPrice: null,
  onSale: false,
  rated: false,
  sort: DEFAULT_SORT,
  q: '',
  page: 1,
}

/** How sizes are listed: letters from small to large, then children's ages, then waist sizes. */
const letterSizes = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL']
export function compareSizes(a: string, b: string): number {
  const rank = (s: string): [number, number, string] => {
    const letter = letterSizes.indexOf(s)
    if (letter >= 0) return [0, letter, s]
    const age = /^(\d+)(?:-\d+)?Y$/i.exec(s)
    if (age) return [1, Number(age[1]), s]
    const waist = /^\d+$/.exec(s)
    if (waist) return [2, Number(s), s]
    return [3, 0, s]
  }
  const [ga, na, sa] = rank(a)
  const [gb, nb, sb] = rank(b)
  return ga - gb || na - nb || sa.localeCompare(sb)
}

function pick<T extends string>(allowed: readonly T[], values: string[]): T[] {
  // Canonical order, no duplicates; unknown values are ignored rather than refused.
  return allowed.filter((value) => values.includes(value))
}

/** A whole number from a URL, or null: the page is lenient where the API answers 400. */
function wholeNumber(value: string | null, max: number): number | null {
  if (value === null || !/^\s*\d{1,9}\s*$/.test(value)) return null
  const n = Number(value)
  return n > max ? max : n
}

export const SIZE_PATTERN = /^[A-Za-z0-9-]{1,12}$/

/**
 * Reads `?category=Men&category=Kids&subCategory=TopWear&size=M&minPrice=1000&maxPrice=3000&sort=low-high&q=shirt&page=2`.
 * Unknown values are dropped and bad numbers ignored, so a mistyped link still shows products.
 */
export function parseFilters(params: URLSearchParams): CatalogFilters {
  const sort = params.get('sort')
  let minPrice = wholeNumber(params.get('minPrice'), 10_000_000)
  let maxPrice = wholeNumber(params.get('maxPrice'), 10_000_000)
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice]
  return {
    categories: pick(categories, params.getAll('category')),
    subCategories: pick(subCategories, params.getAll('subCategory')),
    sizes: [...new Set(params.getAll('size').filter((s) => SIZE_PATTERN.test(s)))].sort(compareSizes).slice(0, 20),
    minPrice: minPrice || null,
    maxPrice,
    onSale: params.get('sale') === '1',
    rated: params.get('rated') === '1',
    sort: sortOptions.some((o) => o.value === sort) ? (sort as SortKey) : DEFAULT_SORT,
    // A search with a control character is no search (docs/decisions/016).
    q: (queryParam(params, 'q') ?? '').slice(0, 100),
    page: Math.max(1, wholeNumber(params.get('page'), 100_000) ?? 1),
  }
}

/** The shortest URL search for a view: defaults are left out. */
export function filtersToSearch(filters: CatalogFilters): URLSearchParams {
  const params = new URLSearchParams()
  for (const c of filters.categories) params.append('category', c)
  for (const s of filters.subCategories) params.append('subCategory', s)
  for (const s of filters.sizes) params.append('size', s)
  if (filters.minPrice !== null) params.set('minPrice', String(filters.minPrice))
  if (filters.maxPrice !== null) params.set('maxPrice', String(filters.maxPrice))
  if (filters.onSale) params.set('sale', '1')
  if (filters.rated) params.set('rated', '1')
  if (filters.sort !== DEFAULT_SORT) params.set('sort', filters.sort)
  if (filters.q.trim()) params.set('q', filters.q)
  if (filters.page > 1) params.set('page', String(filters.page))
  return params
}

/** The collection's address for a view. */
export function collectionHref(filters: CatalogFilters): string {
  const search = filtersToSearch(filters).toString()
  return search ? `/collection?${search}` : '/collection'
}

export function hasActiveFilters(filters: CatalogFilters): boolean {
  return (
    filters.categories.length > 0 ||
    filters.subCategories.length > 0 ||
    filters.sizes.length > 0 ||
    filters.minPrice !== null ||
    filters.maxPrice !== null ||
    filters.onSale ||
    filters.rated ||
    filters.q.trim() !== ''
  )
}

/**
 * The words the collection's labels are made of, in English. Contracts import no messages:
 * a page in another language passes a `FilterWord` that looks the same keys up in its
 * `catalog` messages (locales/en/catalog.json holds these same texts; docs/decisions/022).
 */
export const FILTER_WORDS = {
  'category.Men': 'Men',
  'category.Women': 'Women',
  'category.Kids': 'Kids',
  'subCategory.TopWear': 'TopWear',
  'subCategory.BottomWear': 'BottomWear',
  'subCategory.WinterWear': 'WinterWear',
  'describe.and': ' & ',
  'describe.or': ' or ',
  'describe.separator': ' · ',
  'describe.sizes': 'size {{sizes}}',
  'describe.search': '“{{q}}”',
  'price.between': '{{min}}–{{max}}',
  'price.from': 'from {{min}}',
  'price.upTo': 'up to {{max}}',
  'describe.onSale': 'On sale',
  'describe.rated': '4 stars and up',
} as const
export type FilterWordKey = keyof typeof FILTER_WORDS

/** A label's words by key, with `{{name}}` filled in: English unless a page passes its language's. */
export type FilterWord = (key: FilterWordKey, values?: Record<string, string>) => string

export const englishFilterWord: FilterWord = (key, values = {}) =>
  FILTER_WORDS[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '')

/** 'Women · TopWear', 'Search “shirt”', or '' for the whole collection: for titles and headings. */
export function describeFilters(filters: CatalogFilters, word: FilterWord = englishFilterWord): string {
  const parts: string[] = []
  if (filters.categories.length)
    parts.push(filters.categories.map((c) => word(`category.${c}`)).join(word('describe.and')))
  if (filters.subCategories.length) {
    parts.push(filters.subCategories.map((s) => word(`subCategory.${s}`)).join(word('describe.and')))
  }
  if (filters.sizes.length) parts.push(word('describe.sizes', { sizes: filters.sizes.join(word('describe.or')) }))
  const price = priceRangeLabel(filters, word)
  if (price) parts.push(price)
  if (filters.onSale) parts.push(word('describe.onSale'))
  if (filters.rated) parts.push(word('describe.rated'))
  if (filters.q.trim()) parts.push(word('describe.search', { q: filters.q.trim() }))
  return parts.join(word('describe.separator'))
}

/** 'Rs 1,000–3,000', 'from Rs 1,000', 'up to Rs 3,000' or '' without bounds. */
export function priceRangeLabel(
  { minPrice, maxPrice }: Pick<CatalogFilters, 'minPrice' | 'maxPrice'>,
  word: FilterWord = englishFilterWord,
): string {
  if (minPrice !== null && maxPrice !== null) {
    return word('price.between', { min: formatPrice(minPrice), max: formatPrice(maxPrice).slice(3) })
  }
  if (minPrice !== null) return word('price.from', { min: formatPrice(minPrice) })
  if (maxPrice !== null) return word('price.upTo', { max: formatPrice(maxPrice) })
  return ''
}

/** What a collection page answers: one page of products, the total and each filter's counts. */
export interface CatalogPage<Item> {
  items: Item[]
  total: number
  page: number
  pageSize: number
  facets: Facets
}

/**
 * How many products each choice would show given the other groups' choices (a
 * category's count applies sizes, price and search but not the other categories),
 * and the price span of the products the other filters select.
 */
export interface Facets {
  categories: Record<Category, number>
  subCategories: Record<SubCategory, number>
  sizes: { size: string; count: number }[]
  price: { min: number; max: number } | null
  /** How many of the view's products are on sale now (the "On sale" choice's count). */
  onSale: number
  /** How many of the view's products average 4 stars or more (the "4 stars and up" choice's count). */
  rated: number
}

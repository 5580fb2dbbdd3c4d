import { z } from '#contracts/zod.ts'
import { text } from '#contracts/fields.ts'
import { categories, subCategories } from '#contracts/catalog.ts'
import { compareSizes, DEFAULT_SORT, PAGE_SIZE, SIZE_PATTERN, type CatalogFilters } from '#contracts/catalog-filters.ts'

// GET /api/products' query. The page's own filters (catalog-filters.ts) read the URL
// without zod, so the collection boots without it.

/** Most products one page of GET /api/products answers; a larger limit is lowered to it. */
export const MAX_PAGE_SIZE = 60

const wholeParam = (name: string, min: number) =>
  text(name)
    .regex(/^\d{1,9}$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= min, `${name} must be at least ${min}`)

/**
 * GET /api/products: the collection's view for API clients. Unlike the page's URL,
 * a value the store does not know is refused with 400 naming it; a limit above
 * MAX_PAGE_SIZE is lowered to it.
 */
export const productQuerySchema = z
  .object({
    category: z.array(z.enum(categories, { error: 'category must be Men, Women or Kids' })),
    subCategory: z.array(z.enum(subCategories, { error: 'subCategory must be TopWear, BottomWear or WinterWear' })),
    size: z
      .array(text('size').regex(SIZE_PATTERN, 'size must be letters, digits or -'))
      .max(20, 'size may name at most 20 sizes'),
    minPrice: wholeParam('minPrice', 0).optional(),
    maxPrice: wholeParam('maxPrice', 0).optional(),
    q: text('q').max(100, 'q must be at most 100 characters').optional(),
    sort: z
      .enum(['relavent', 'low-high', 'high-low', 'rating'], {
        error: 'sort must be relavent, low-high, high-low or rating',
      })
      .optional(),
    sale: z.enum(['1', '0'], { error: 'sale must be 1 (only products on sale) or 0' }).optional(),
    rated: z.enum(['1', '0'], { error: 'rated must be 1 (only products rated 4 stars and up) or 0' }).optional(),
    page: wholeParam('page', 1).optional(),
    limit: wholeParam('limit', 1).optional(),
  })
  .refine((v) => v.minPrice === undefined || v.maxPrice === undefined || v.minPrice <= v.maxPrice, {
    message: 'minPrice must not exceed maxPrice',
    path: ['minPrice'],
  })
  .transform((v): CatalogFilters & { limit: number } => ({
    categories: [...new Set(v.category)],
    subCategories: [...new Set(v.subCategory)],
    sizes: [...new Set(v.size)].sort(compareSizes),
    minPrice: v.minPrice ?? null,
    maxPrice: v.maxPrice ?? null,
    onSale: v.sale === '1',
    rated: v.rated === '1',
    q: v.q ?? '',
    sort: v.sort ?? DEFAULT_SORT,
    page: v.page ?? 1,
    limit: Math.min(v.limit ?? PAGE_SIZE, MAX_PAGE_SIZE),
  }))

/** GET /api/product/suggest?q=: what the shopper has typed so far. */
export const suggestQuerySchema = z.object({
  q: text('q').max(100, 'q must be at most 100 characters').default(''),
})

/** The query string as productQuerySchema reads it: repeated keys are lists, others their last value. */
export function productQueryInput(params: URLSearchParams): Record<string, unknown> {
  const input: Record<string, unknown> = {
    // Repeating a value is harmless: each counts once.
    category: [...new Set(params.getAll('category'))],
    subCategory: [...new Set(params.getAll('subCategory'))],
    size: [...new Set(params.getAll('size'))],
  }
  for (const key of ['minPrice', 'maxPrice', 'sale', 'rated', 'q', 'sort', 'page', 'limit']) {
    const value = params.get(key)
    if (value !== null && value !== '') input[key] = value
  }
  return input
}

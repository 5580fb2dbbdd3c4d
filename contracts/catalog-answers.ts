import { z } from '#contracts/zod.ts'
import { categories, subCategories } from '#contracts/catalog.ts'

// The catalog's answers as schemas, for the API's description (server/openapi/document.ts).
// catalog.ts and catalog-filters.ts stay free of zod, since every store page loads them;
// tests/api/openapi.test.ts holds each schema's type equal to its interface there.

const rupees = z.number().int()

export const sizeChartRowSchema = z.object({
  size: z.string(),
  chest: z.string().nullable(),
  length: z.string().nullable(),
  waist: z.string().nullable(),
  sleeves: z.string().nullable(),
})

/** contracts/catalog.ts Product: GET /api/product/:id and each of GET /api/product/list. */
export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  nameUr: z.string().nullable().optional(),
  price: rupees,
  compareAtPrice: rupees.nullable(),
  saleEndsAt: z.string().nullable(),
  description: z.string(),
  descriptionUr: z.string().nullable().optional(),
  category: z.enum(categories),
  subCategory: z.enum(subCategories),
  sizes: z.array(z.string()),
  image1: z.string(),
  image2: z.string(),
  image3: z.string(),
  image4: z.string(),
  sizeChart: z.array(sizeChartRowSchema),
  bestSeller: z.boolean(),
  date: z.number(),
  stock: z.record(z.string(), z.number().int()),
})

/** contracts/catalog.ts ProductSummary: a card, a suggestion. */
export const productSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  nameUr: z.string().nullable().optional(),
  price: rupees,
  compareAtPrice: rupees.nullable().optional(),
  image1: z.string(),
  rating: z.object({ average: z.number(), count: z.number().int() }).optional(),
})

/** contracts/catalog-filters.ts Facets. */
export const facetsSchema = z.object({
  categories: z.record(z.enum(categories), z.number().int()),
  subCategories: z.record(z.enum(subCategories), z.number().int()),
  sizes: z.array(z.object({ size: z.string(), count: z.number().int() })),
  price: z.object({ min: rupees, max: rupees }).nullable(),
  onSale: z.number().int(),
  rated: z.number().int(),
})

/** GET /api/products: contracts/catalog-filters.ts CatalogPage of summaries. */
export const catalogPageSchema = z.object({
  items: z.array(productSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  facets: facetsSchema,
})

/** GET /api/product/suggest. */
export const suggestionsSchema = z.object({ items: z.array(productSummarySchema) })

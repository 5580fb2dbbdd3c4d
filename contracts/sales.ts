// Sale prices (docs/decisions/025): what /api/admin/sales takes and answers, the product
// form's own sale, and how the console's Pakistan-time fields become instants.
import { z } from '#contracts/zod.ts'
import { text } from '#contracts/fields.ts'
import { categories, subCategories, type Category, type SubCategory } from '#contracts/catalog.ts'

/** The most products one sale may name. */
export const MAX_SALE_PRODUCTS = 500
export const MIN_PERCENT_OFF = 1
export const MAX_PERCENT_OFF = 90

const KARACHI_OFFSET_MS = 5 * 60 * 60 * 1000

/**
 * A console field's Pakistan time ("2026-11-26T09:00", as <input type="datetime-local">
 * sends it) as an instant; undefined for anything else. Pakistan keeps UTC+5 all year.
 */
export function karachiInstant(local: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local)
  if (!m) return undefined
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number]
  const utc = Date.UTC(y, mo - 1, d, h, mi)
  const back = new Date(utc)
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59) return undefined
  return utc - KARACHI_OFFSET_MS
}

/** An instant as the console's Pakistan-time field shows it: "2026-11-26T09:00". */
export function karachiLocal(at: number): string {
  return new Date(at + KARACHI_OFFSET_MS).toISOString().slice(0, 16)
}

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/

/** An ISO 8601 time with its offset (or Z) as an instant; NaN for a date that does not exist (30 February). */
function isoInstant(v: string): number {
  const m = ISO_TIME.exec(v)
  if (!m) return Number.NaN
  const [y, mo, d, h, mi, sec] = m.slice(1, 7).map((x) => Number(x ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const wall = new Date(Date.UTC(y, mo - 1, d, h, mi, sec))
  const real = wall.getUTCMonth() === mo - 1 && wall.getUTCDate() === d && h < 24 && mi < 60 && sec < 60
  return real ? Date.parse(v) : Number.NaN
}

/** An ISO 8601 time with its offset (or Z), as an instant. */
const isoTime = (label: string) =>
  text(label)
    .refine((v) => ISO_TIME.test(v), {
      message: `${label} must be an ISO 8601 time with its offset, such as 2026-12-01T00:00:00+05:00`,
      abort: true,
    })
    .refine((v) => Number.isFinite(isoInstant(v)), { message: `${label} must be a real date and time`, abort: true })
    .transform(isoInstant)

const saleFields = {
  name: text('name').trim().min(1, 'name must not be empty').max(80, 'name must be at most 80 characters'),
  percentOff: z
    .number({ error: 'percentOff must be a number' })
    .int('percentOff must be a whole number')
    .min(MIN_PERCENT_OFF, `percentOff must be at least ${MIN_PERCENT_OFF}`)
    .max(MAX_PERCENT_OFF, `percentOff must be at most ${MAX_PERCENT_OFF}`),
  productIds: z
    .array(text('productIds').min(1).max(200), { error: 'productIds must be a list of product ids' })
    .min(1, 'productIds must name at least one product')
    .max(MAX_SALE_PRODUCTS, `productIds must name at most ${MAX_SALE_PRODUCTS} products`)
    .optional(),
  category: z.enum(categories, { error: `category must be one of: ${categories.join(', ')}` }).optional(),
  subCategory: z.enum(subCategories, { error: `subCategory must be one of: ${subCategories.join(', ')}` }).optional(),
  startsAt: isoTime('startsAt'),
  endsAt: isoTime('endsAt'),
}

function checkSale(
  v: {
    productIds?: string[] | undefined
    category?: string | undefined
    subCategory?: string | undefined
    startsAt?: number
    endsAt?: number
  },
  ctx: z.RefinementCtx,
) {
  if (v.productIds && (v.category || v.subCategory))
    ctx.addIssue({
      code: 'custom',
      message: 'A sale names products, or a category and sub-category, not both',
      path: ['productIds'],
    })
  if (v.startsAt !== undefined && v.endsAt !== undefined && v.endsAt <= v.startsAt)
    ctx.addIssue({ code: 'custom', message: 'endsAt must be after startsAt', path: ['endsAt'] })
}

/**
 * POST /api/admin/sales: percent off over a window, for the products named, a category,
 * a sub-category (or both), or, with none of them, the whole store.
 */
export const saleInputSchema = z.object(saleFields).superRefine(checkSale)
export type SaleInput = z.infer<typeof saleInputSchema>

/**
 * POST /api/admin/sales/:id: `{ "end": true }` ends it now; otherwise the fields given
 * replace the sale's (a scope given replaces its whole scope; `"scope": "store"` makes
 * it the whole store's).
 */
export const saleUpdateSchema = z
  .object({
    end: z.literal(true, { error: 'end must be true' }).optional(),
    scope: z.literal('store', { error: 'scope may only be "store"' }).optional(),
    name: saleFields.name.optional(),
    percentOff: saleFields.percentOff.optional(),
    productIds: saleFields.productIds,
    category: saleFields.category,
    subCategory: saleFields.subCategory,
    startsAt: saleFields.startsAt.optional(),
    endsAt: saleFields.endsAt.optional(),
  })
  .superRefine(checkSale)
export type SaleUpdate = z.infer<typeof saleUpdateSchema>

export type SaleScope = 'store' | 'products' | 'category' | 'subCategory'
export type SaleStatus = 'scheduled' | 'running' | 'ended'

/** A sale as the console's API answers it; times in ISO 8601 (UTC). */
export interface Sale {
  id: string
  name: string
  percentOff: number
  scope: SaleScope
  productIds: string[]
  category: Category | null
  subCategory: SubCategory | null
  startsAt: string
  endsAt: string
  status: SaleStatus
  createdAt: string
  updatedAt: string
}

export interface SalePage {
  items: Sale[]
  total: number
  page: number
  pageSize: number
}

export function saleStatus(sale: { startsAt: number; endsAt: number }, now: number): SaleStatus {
  return now < sale.startsAt ? 'scheduled' : now < sale.endsAt ? 'running' : 'ended'
}

export { percentOff } from '#contracts/pricing.ts'

/**
 * The product form's own sale price and its window (ISO 8601), all three or none; null
 * (or all empty) removes it. The price must be at least Rs 1 and below the list price.
 */
export const ownSaleSchema = z
  .object({
    price: z
      .number({ error: 'salePrice must be a number' })
      .int('salePrice must be a whole number')
      .min(1, 'salePrice must be at least 1'),
    startsAt: isoTime('saleStartsAt'),
    endsAt: isoTime('saleEndsAt'),
  })
  .superRefine((v, ctx) => {
    if (v.endsAt <= v.startsAt)
      ctx.addIssue({ code: 'custom', message: 'saleEndsAt must be after saleStartsAt', path: ['endsAt'] })
  })
  .nullable()
export type OwnSale = z.infer<typeof ownSaleSchema>

// The answers' schemas, for the API's description (server/openapi/document.ts); their types
// are held equal to the interfaces above by tests/api/openapi.test.ts.

export const saleSchema = z.object({
  id: z.string(),
  name: z.string(),
  percentOff: z.number().int(),
  scope: z.enum(['store', 'products', 'category', 'subCategory']),
  productIds: z.array(z.string()),
  category: z.enum(categories).nullable(),
  subCategory: z.enum(subCategories).nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(['scheduled', 'running', 'ended']),
  createdAt: z.string(),
  updatedAt: z.string(),
})

export const salePageSchema = z.object({
  items: z.array(saleSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})

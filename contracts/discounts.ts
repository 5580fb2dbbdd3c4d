// Discount codes (docs/decisions/026): what the cart, checkout and console send and are
// answered, and why a code is refused, in the API's English.
import { z } from '#contracts/zod.ts'
import { text } from '#contracts/fields.ts'
import { formatPrice } from '#contracts/pricing.ts'

export const DISCOUNT_KINDS = ['percent', 'fixed', 'free_delivery'] as const
export type DiscountKind = (typeof DISCOUNT_KINDS)[number]

/** Codes are case-insensitive: kept and compared upper-cased, without surrounding spaces. */
export const normalizeCode = (code: string) => code.trim().toUpperCase()

/** A code as typed: letters, digits and dashes, 3 to 40. */
export const discountCodeField = text('code', { error: 'code is required' })
  .transform(normalizeCode)
  .pipe(
    z
      .string()
      .min(1, 'Enter a discount code')
      .max(40, 'code must be at most 40 characters')
      .regex(/^[A-Z0-9][A-Z0-9_-]*$/, 'A code is letters, digits and dashes'),
  )

/** POST /api/cart/discount. */
export const cartDiscountSchema = z.object({ code: discountCodeField })

/** POST /api/cart/discount's answer: the shopper's cart priced with the code. */
export interface DiscountQuote {
  code: string
  subtotal: number
  discount: number
  delivery: number
  total: number
}

/** Why a code is refused: each reason the shopper is told in plain words. */
export type DiscountRefusal =
  | { reason: 'not-found' | 'not-started' | 'expired' | 'already-used' | 'used-up' | 'first-order' | 'sale-items' }
  | { reason: 'min-subtotal'; minSubtotal: number }

/** The API's words for a refusal (422); the pages say them from locales/*\/cart.json. */
export function refusalMessage(refusal: DiscountRefusal): string {
  switch (refusal.reason) {
    case 'not-found':
      return 'This discount code was not found'
    case 'not-started':
      return 'This discount code has not started yet'
    case 'expired':
      return 'This discount code has expired'
    case 'min-subtotal':
      return `This discount code needs a subtotal of at least ${formatPrice(refusal.minSubtotal)}`
    case 'already-used':
      return 'You have already used this discount code'
    case 'used-up':
      return 'This discount code has been used up'
    case 'first-order':
      return 'This discount code is for a first order only'
    case 'sale-items':
      return 'This discount code does not apply to items on sale'
  }
}

const isoTime = (label: string) =>
  z
    .union([text(label), z.null()])
    .transform((v, ctx) => {
      if (v === null || v.trim() === '') return null
      const at = Date.parse(v)
      if (!/^\d{4}-\d\d-\d\dT/.test(v.trim()) || Number.isNaN(at)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a time in ISO 8601, such as 2026-12-01T00:00:00Z` })
        return z.NEVER
      }
      return at
    })
    .optional()

const count = (label: string) =>
  z
    .union([z.number(), z.null()], { error: `${label} must be a whole number` })
    .refine((n) => n === null || (Number.isInteger(n) && n >= 1 && n <= 1_000_000), {
      message: `${label} must be a whole number from 1`,
    })
    .optional()

/**
 * POST /api/admin/discounts (a new code) and /api/admin/discounts/:id (a change: only what
 * is sent changes). `value` is a percent (1-100) or rupees; times are ISO 8601.
 */
export const adminDiscountSchema = z
  .object({
    code: discountCodeField,
    kind: z.enum(DISCOUNT_KINDS, { error: `kind must be one of ${DISCOUNT_KINDS.join(', ')}` }),
    value: z
      .number({ error: 'value must be a whole number' })
      .int('value must be a whole number')
      .min(0, 'value must be 0 or more')
      .max(10_000_000, 'value is too large')
      .optional(),
    minSubtotal: z
      .number({ error: 'minSubtotal must be a whole number' })
      .int('minSubtotal must be a whole number')
      .min(0, 'minSubtotal must be 0 or more')
      .max(10_000_000, 'minSubtotal is too large')
      .optional(),
    startsAt: isoTime('startsAt'),
    endsAt: isoTime('endsAt'),
    maxUses: count('maxUses'),
    maxUsesPerCustomer: count('maxUsesPerCustomer'),
    firstOrderOnly: z.boolean({ error: 'firstOrderOnly must be true or false' }).optional(),
    appliesToSale: z.boolean({ error: 'appliesToSale must be true or false' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'percent' && (v.value === undefined || v.value < 1 || v.value > 100))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percent off is from 1 to 100' })
    if (v.kind === 'fixed' && (v.value === undefined || v.value < 1))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'An amount off is at least Rs 1' })
    if (typeof v.startsAt === 'number' && typeof v.endsAt === 'number' && v.endsAt <= v.startsAt)
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'endsAt must be after startsAt' })
  })
export type AdminDiscountInput = z.infer<typeof adminDiscountSchema>

/** A code as the console sees it; times in ISO 8601. */
export interface AdminDiscount {
  id: string
  code: string
  kind: DiscountKind
  value: number
  minSubtotal: number
  startsAt: string | null
  endsAt: string | null
  maxUses: number | null
  maxUsesPerCustomer: number | null
  firstOrderOnly: boolean
  appliesToSale: boolean
  /** Orders holding a use now (a cancelled or returned order gave its use back). */
  used: number
  status: 'scheduled' | 'active' | 'ended' | 'used-up'
  createdAt: string
}

/** GET /api/admin/discounts?page=. */
export interface AdminDiscountPage {
  discounts: AdminDiscount[]
  page: number
  pages: number
  total: number
}

export function discountStatus(
  d: { startsAt: number | null; endsAt: number | null; maxUses: number | null; used: number },
  now: number,
): AdminDiscount['status'] {
  if (d.endsAt !== null && now >= d.endsAt) return 'ended'
  if (d.maxUses !== null && d.used >= d.maxUses) return 'used-up'
  if (d.startsAt !== null && now < d.startsAt) return 'scheduled'
  return 'active'
}

// The answers' schemas, for the API's description (server/openapi/document.ts); their types
// are held equal to the interfaces above by tests/api/openapi.test.ts.

export const discountQuoteSchema = z.object({
  code: z.string(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  delivery: z.number().int(),
  total: z.number().int(),
})

export const adminDiscountAnswerSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  value: z.number().int(),
  minSubtotal: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerCustomer: z.number().int().nullable(),
  firstOrderOnly: z.boolean(),
  appliesToSale: z.boolean(),
  used: z.number().int(),
  status: z.enum(['scheduled', 'active', 'ended', 'used-up']),
  createdAt: z.string(),
})

export const adminDiscountPageSchema = z.object({
  discounts: z.array(adminDiscountAnswerSchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
})

import { z } from '#contracts/zod.ts'
import { text } from '#contracts/fields.ts'

// The console's blocklist of phone numbers (README, "Orders that need attention"): a new
// cash-on-delivery order from one of them is placed, and waits in "Needs attention" with
// the reason, instead of being refused.

const phoneField = text('phone', { error: 'phone is required' })
  .trim()
  .min(1, 'phone is required')
  .max(30, 'phone must be a phone number')
  .regex(/^\+?[\d\s\-().]*$/, 'phone must be a phone number')
  .refine((v) => v.replace(/\D/g, '').length >= 7, 'phone must be a phone number')

/** POST /api/admin/blocklist: a phone in any form, and why. */
export const blockPhoneSchema = z.object({
  phone: phoneField,
  reason: text('reason', { error: 'reason is required' })
    .trim()
    .min(1, 'reason is required')
    .max(200, 'reason must be at most 200 characters'),
})
export type BlockPhone = z.infer<typeof blockPhoneSchema>

/** POST /api/admin/blocklist/remove. */
export const unblockPhoneSchema = z.object({ phone: phoneField })

/** GET /api/admin/blocklist?page=. */
export const blocklistQuerySchema = z.object({
  page: text('page')
    .regex(/^\d{1,6}$/, 'page must be a whole number from 1')
    .transform(Number)
    .refine((n) => n >= 1, 'page must be a whole number from 1')
    .default(1),
})

export interface BlockedPhone {
  /** In international digits (contracts/phone.ts): what orders are matched by. */
  phoneKey: string
  /** As the owner wrote it. */
  phone: string
  reason: string
  /** Epoch milliseconds. */
  at: number
  by: string
}

export const blockedPhoneSchema = z.object({
  phoneKey: z.string(),
  phone: z.string(),
  reason: z.string(),
  at: z.number(),
  by: z.string(),
})

export interface BlocklistPage {
  items: BlockedPhone[]
  total: number
  page: number
  pageSize: number
}

export const blocklistPageSchema = z.object({
  items: z.array(blockedPhoneSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})

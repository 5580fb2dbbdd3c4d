import { z } from '#contracts/zod.ts'
import { text } from '#contracts/fields.ts'
import { MAX_LINE_QUANTITY } from '#contracts/cart-lines.ts'

// Exchanges and returns of a Delivered order (docs/decisions/036): what a shopper asks,
// what the order and the console show of it, what the owner decides. Both sides read these.

export { DEFAULT_RETURN_DAYS } from '#contracts/return-window.ts'

export const requestKinds = ['exchange', 'return'] as const
export type RequestKind = (typeof requestKinds)[number]

/** Why: a list the shopper picks from, with a note for the rest. */
export const requestReasons = ['size', 'damaged', 'wrong-item', 'not-as-shown', 'changed-mind', 'other'] as const
export type RequestReason = (typeof requestReasons)[number]

/**
 * open → approved | declined; approved → received (the pieces are back on the shelf; a
 * return's money has gone back, by `refundMethod` with its `reference`).
 */
export const requestStatuses = ['open', 'approved', 'declined', 'received'] as const
export type RequestStatus = (typeof requestStatuses)[number]

/** A request that is neither declined nor finished: one at a time an order. */
export const ACTIVE_REQUEST_STATUSES = ['open', 'approved'] as const satisfies readonly RequestStatus[]

/** How a return's money went back. */
export const refundMethods = ['bank-transfer', 'easypaisa', 'jazzcash', 'store-credit'] as const
export type RefundMethod = (typeof refundMethods)[number]

/** Photos one request may carry (through the console's photo pipeline, as a review's). */
export const REQUEST_PHOTOS_MAX = 3
export const REQUEST_NOTE_MAX = 1000
export const DECISION_NOTE_MAX = 1000
export const REFUND_REFERENCE_MAX = 100
/** Requests a page of the console's list shows. */
export const REQUESTS_PAGE_SIZE = 20

/** What an order event records besides a move (null): a step of a request on it. */
export const requestSteps = ['exchange-requested', 'return-requested', 'approved', 'declined', 'received'] as const
export type RequestStep = (typeof requestSteps)[number]

const requestItemInput = z.object({
  _id: text('items[]._id', { error: 'items[]._id is required' })
    .min(1, 'items[]._id is required')
    .max(100, 'items[]._id is too long'),
  size: text('items[].size', { error: 'items[].size is required' })
    .min(1, 'items[].size is required')
    .max(20, 'items[].size is too long'),
  quantity: z
    .number({ error: 'items[].quantity must be a whole number' })
    .int('items[].quantity must be a whole number')
    .min(1, 'items[].quantity must be at least 1')
    .max(MAX_LINE_QUANTITY, `items[].quantity must be at most ${MAX_LINE_QUANTITY}`),
  /** An exchange's size wanted instead (the same product); none for a return. */
  newSize: text('items[].newSize')
    .min(1, 'items[].newSize is required')
    .max(20, 'items[].newSize is too long')
    .optional(),
})

/** POST /api/order/request (and the order page's request form). */
export const requestInputSchema = z
  .object({
    orderId: text('orderId', { error: 'orderId is required' })
      .min(1, 'orderId is required')
      .max(100, 'orderId is too long'),
    kind: z.enum(requestKinds, { error: 'kind must be exchange or return' }),
    items: z
      .array(requestItemInput, { error: 'items is required' })
      .min(1, 'Choose at least one piece')
      .max(50, 'items has too many lines'),
    reason: z.enum(requestReasons, { error: 'Choose a reason' }),
    note: text('Note', { multiline: true })
      .trim()
      .max(REQUEST_NOTE_MAX, `Keep the note to ${REQUEST_NOTE_MAX.toLocaleString('en')} characters`)
      .default(''),
  })
  .superRefine((input, ctx) => {
    const seen = new Set<string>()
    input.items.forEach((item, i) => {
      const key = JSON.stringify([item._id, item.size])
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['items', i], message: 'Each piece is listed once in items' })
      seen.add(key)
      if (input.kind === 'exchange' && item.newSize === undefined)
        ctx.addIssue({ code: 'custom', path: ['items', i, 'newSize'], message: 'Choose the size you want instead' })
      if (input.kind === 'exchange' && item.newSize === item.size)
        ctx.addIssue({
          code: 'custom',
          path: ['items', i, 'newSize'],
          message: 'Choose a size other than the one you have',
        })
      if (input.kind === 'return' && item.newSize !== undefined)
        ctx.addIssue({ code: 'custom', path: ['items', i, 'newSize'], message: 'newSize is only for an exchange' })
    })
  })
export type RequestInput = z.infer<typeof requestInputSchema>

/** POST /api/admin/requests/:id/decision */
export const requestDecisionSchema = z.object({
  approve: z.boolean({ error: 'approve must be true or false' }),
  note: text('Note', { multiline: true })
    .trim()
    .max(DECISION_NOTE_MAX, `Keep the note to ${DECISION_NOTE_MAX.toLocaleString('en')} characters`)
    .default(''),
})
export type RequestDecision = z.infer<typeof requestDecisionSchema>

/** POST /api/admin/requests/:id/received: a return's refund is required, an exchange has none. */
export const requestReceivedSchema = z.object({
  refundMethod: z.enum(refundMethods, { error: `refundMethod must be one of ${refundMethods.join(', ')}` }).optional(),
  reference: text('Reference')
    .trim()
    .max(REFUND_REFERENCE_MAX, `Reference must be at most ${REFUND_REFERENCE_MAX} characters`)
    .optional(),
})
export type RequestReceived = z.infer<typeof requestReceivedSchema>

/** GET /api/admin/requests */
export const adminRequestsQuerySchema = z.object({
  status: z.enum(requestStatuses, { error: `status must be one of ${requestStatuses.join(', ')}` }).default('open'),
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(10_000, 'page must be at most 10000')
    .default(1),
})
export type AdminRequestsQuery = z.infer<typeof adminRequestsQuerySchema>

export const requestItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  size: z.string(),
  quantity: z.number().int(),
  /** An exchange's size instead; null for a return. */
  newSize: z.string().nullable(),
  /** What one piece cost on the order (rupees). */
  price: z.number().int(),
  image: z.string(),
})
export type RequestItem = z.infer<typeof requestItemSchema>

/** One request as the shopper's order and the console show it. */
export const orderRequestSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  kind: z.enum(requestKinds),
  status: z.enum(requestStatuses),
  items: z.array(requestItemSchema),
  reason: z.enum(requestReasons),
  note: z.string(),
  /** Photo URLs (the largest width). */
  photos: z.array(z.string()),
  /** The owner's note with the decision; null before it. */
  decisionNote: z.string().nullable(),
  /** An approved exchange's new order. */
  exchangeOrderId: z.string().nullable(),
  /** A return's money back, once received. */
  refundMethod: z.enum(refundMethods).nullable(),
  refundReference: z.string().nullable(),
  /** Rupees a return gives back: what the pieces cost on the order (the delivery fee stays). */
  refundAmount: z.number().int(),
  /** Epoch milliseconds. */
  createdAt: z.number(),
  decidedAt: z.number().nullable(),
  receivedAt: z.number().nullable(),
})
export type OrderRequest = z.infer<typeof orderRequestSchema>

/** The console's row: the request and who asked. */
export const adminRequestSchema = orderRequestSchema.extend({
  customer: z.string(),
  email: z.string(),
  phone: z.string(),
})
export type AdminRequest = z.infer<typeof adminRequestSchema>

export const adminRequestPageSchema = z.object({
  items: z.array(adminRequestSchema),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  /** Requests waiting for a decision, whatever the page shows (the console's tab). */
  open: z.number().int(),
})
export type AdminRequestPage = z.infer<typeof adminRequestPageSchema>

export const requestAnswerSchema = z.object({ message: z.string(), request: orderRequestSchema })
export const adminRequestAnswerSchema = z.object({ message: z.string(), request: adminRequestSchema })

/** Whether `at` is within `days` of delivery at `deliveredAt` (the last moment included). */
export function withinReturnWindow(deliveredAt: number, at: number, days: number): boolean {
  return at - deliveredAt <= days * 24 * 60 * 60_000
}

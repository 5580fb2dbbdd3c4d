import { z } from '#contracts/zod.ts'
import { text } from '#contracts/fields.ts'
import { orderEventSchema, type OrderEvent } from '#contracts/orders.ts'
import { orderStatuses, type OrderStatus } from '#contracts/order-status.ts'

// /track and GET /api/order/track: an order found by its number and the phone it was placed
// with, without signing in (README, "Couriers and tracking"). What it answers holds nothing
// that names or finds the shopper: no name, address, email or phone, no items, no notes but
// the store's own processes' fixed ones.

export const TRACK_NO_MATCH = 'No order matches this order number and phone number'
export const TRACK_TOO_MANY = 'Too many lookups from your network. Please try again later.'

/** The number as shown ('#1A2B3C4D', with or without '#') and the phone in any form; both required. */
export const trackQuerySchema = z.object({
  order: text('Order number', { error: 'Order number is required' })
    .trim()
    .min(1, 'Order number is required')
    .transform((v) => v.replace(/^#/, '').replace(/\s/g, '').toLowerCase())
    .pipe(z.string().regex(/^[0-9a-f]{8}$/, 'Enter the order number as shown, such as #1A2B3C4D')),
  phone: text('Phone', { error: 'Phone is required' })
    .trim()
    .min(1, 'Phone is required')
    .max(30, 'Enter the phone number the order was placed with')
    .regex(/^\+?[\d\s\-().]*$/, 'Enter the phone number the order was placed with')
    .refine((v) => v.replace(/\D/g, '').length >= 7, 'Enter the phone number the order was placed with'),
})
export type TrackQuery = z.infer<typeof trackQuerySchema>

export interface TrackedOrder {
  /** '#1A2B3C4D'. */
  number: string
  status: OrderStatus
  /** Placed at, epoch milliseconds. */
  date: number
  /** What the courier collects (cash on delivery), and whether it has been. */
  amount: number
  payment: boolean
  events: OrderEvent[]
  courier: string | null
  trackingNumber: string | null
  trackingUrl: string | null
}

export const trackedOrderSchema = z.object({
  number: z.string(),
  status: z.enum(orderStatuses),
  date: z.number(),
  amount: z.number().int(),
  payment: z.boolean(),
  events: z.array(orderEventSchema),
  courier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
})

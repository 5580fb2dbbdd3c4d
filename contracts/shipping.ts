import { z } from '#contracts/zod.ts'
import { text } from '#contracts/fields.ts'
import { COURIERS, isCourier } from '#contracts/couriers.ts'

// Booking parcels with a courier from the console (README, "Booking with a courier"): the
// export's layouts for the couriers' portals, and the list of tracking numbers they answer.

/** The courier portals' bulk-booking layouts of the export (README, "Booking with a courier"). */
export const BOOKING_LAYOUTS = ['postex', 'leopards'] as const
export type BookingLayout = (typeof BOOKING_LAYOUTS)[number]

/** At most this many orders chosen by id for one booking file, and shipped by one list. */
export const BULK_ORDERS = 500

/** Text the owner must give: trimmed, not empty, at most `max` characters; the messages name the field. */
const requiredText = (label: string, max: number, empty: string) =>
  text(label, { error: `${label} is required` })
    .trim()
    .min(1, `${label} ${empty}`)
    .max(max, `${label} must be at most ${max} characters`)

/** An order as the owner writes it in a list: its number '#1A2B3C4D', the # optional, any case. */
export const orderNumberField = text('order', { error: 'order is required' })
  .trim()
  .transform((v) => v.replace(/^#/, '').replace(/\s/g, '').toLowerCase())
  .pipe(z.string().regex(/^[0-9a-f]{8}$/, 'order must be an order number such as #1A2B3C4D'))

/** POST /api/admin/orders/ship: Packing orders marked Shipped with one courier, each with its tracking number. */
export const adminBulkShipSchema = z
  .object({
    courier: requiredText('courier', 60, 'must not be empty').refine(
      isCourier,
      `courier must be one of: ${COURIERS.join(', ')}`,
    ),
    shipments: z
      .array(
        z.object({ order: orderNumberField, trackingNumber: requiredText('trackingNumber', 60, 'must not be empty') }),
        {
          error: 'shipments is required',
        },
      )
      .min(1, 'shipments must name at least one order')
      .max(BULK_ORDERS, `shipments may name at most ${BULK_ORDERS} orders`),
  })
  .refine((v) => new Set(v.shipments.map((s) => s.order)).size === v.shipments.length, {
    message: 'shipments names an order twice',
    path: ['shipments'],
  })
export type AdminBulkShip = z.infer<typeof adminBulkShipSchema>

/** What a bulk shipping did: the orders now Shipped, and any that another move took first. */
export interface AdminBulkShipResult {
  shipped: { id: string; number: string; trackingNumber: string; trackingUrl: string | null }[]
  failed: { number: string; message: string }[]
}

/**
 * Why a parcel came back undelivered, as the console offers them when it marks an order
 * Returned (the move's note); the dashboard counts the last 30 days' by these.
 */
export const RETURN_REASONS = [
  'Refused at the door',
  'Customer not reachable',
  'Wrong or incomplete address',
  'Customer asked to cancel',
  'Damaged in transit',
  'Other',
] as const

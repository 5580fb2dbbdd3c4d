import { z } from '#contracts/zod.ts'
import { emailField, requiredText, text } from '#contracts/fields.ts'
import { quantityField } from '#contracts/cart.ts'
import { orderActors, orderStatuses, type OrderActor, type OrderStatus } from '#contracts/order-status.ts'
import { LANGUAGES } from '#contracts/languages.ts'
import { discountCodeField } from '#contracts/discounts.ts'
import { orderRequestSchema, requestSteps, type OrderRequest, type RequestStep } from '#contracts/requests.ts'

/** Accepts the spec's numeric inputs as numbers or strings; keeps the digits as text. */
function digits(label: string, pattern: RegExp, hint: string) {
  return z
    .union([z.string(), z.number()], { error: `${label} is required` })
    .transform(String)
    .pipe(text(label))
    .transform((v) => v.trim().replace(/[\s-]/g, ''))
    .pipe(z.string().min(1, `${label} is required`).regex(pattern, `${label} ${hint}`))
}

export const addressSchema = z.object(
  {
    firstName: requiredText('First name', 60),
    lastName: requiredText('Last name', 60),
    email: emailField,
    street: requiredText('Street', 200),
    city: requiredText('City', 80),
    state: requiredText('State', 80),
    pinCode: digits('Pin code', /^\d{3,10}$/, 'must be 3 to 10 digits'),
    country: requiredText('Country', 80),
    phone: digits('Phone', /^\+?\d{7,15}$/, 'must be 7 to 15 digits'),
  },
  { error: 'address is required' },
)
export type Address = z.infer<typeof addressSchema>
export type AddressInput = z.input<typeof addressSchema>

/**
 * The Idempotency-Key a client sends with placeorder, one per checkout attempt
 * (docs/decisions/013): visible ASCII, up to 255 characters (a UUID fits).
 */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, 'Idempotency-Key must be 1 to 255 visible ASCII characters, such as a UUID')

/** What the browser sends; the server prices the order itself (docs/spec/rulings.md #13). */
export const placeOrderSchema = z.object({
  address: addressSchema,
  items: z
    .array(
      z.object({
        _id: text('items[]._id', { error: 'items[]._id is required' }).min(1).max(100),
        size: text('items[].size', { error: 'items[].size is required' }).min(1).max(20),
        quantity: quantityField.min(1, 'items[].quantity must be at least 1'),
      }),
      { error: 'items is required' },
    )
    .min(1, 'items must not be empty')
    .max(500, 'items has too many lines'),
  amount: z
    .number({ error: 'amount is required' })
    .int('amount must be a whole number')
    .min(0, 'amount must be 0 or more'),
  /**
   * The store's language the order is placed in, for its emails and the console's
   * WhatsApp message; absent means 'en' (the spec's clients never send it). Optional
   * rather than defaulted, so their orders' Idempotency-Key hashes (docs/decisions/013)
   * stay what they were.
   */
  language: z.enum(LANGUAGES, { error: `language must be one of ${LANGUAGES.join(', ')}` }).optional(),
  /**
   * A discount code (docs/decisions/026), priced by the server in the order's transaction;
   * unknown or no longer valid answers 422. Optional, so orders without one hash as before.
   */
  discountCode: discountCodeField.optional(),
})
export type PlaceOrder = z.infer<typeof placeOrderSchema>

export { orderStatuses, type OrderStatus } from '#contracts/order-status.ts'

export interface OrderItem {
  _id: string
  name: string
  price: number
  image: string
  /**
   * The same picture under the product's own name for it: the spec's order item is a copy
   * of the product (docs/spec/store-spec.md §3), and its My Orders reads image1.
   */
  image1: string
  size: string
  quantity: number
}

export interface Order {
  _id: string
  items: OrderItem[]
  /** Σ price × quantity of the lines. */
  subtotal: number
  deliveryFee: number
  /** The code the order used (upper-cased), and the rupees it took off: amount = subtotal + deliveryFee − discount. */
  discountCode: string | null
  discount: number
  amount: number
  address: Address
  status: OrderStatus
  payment: boolean
  paymentMethod: 'COD'
  date: number
  /** Every move of the order, oldest first (docs/spec/rulings.md #15). */
  events: OrderEvent[]
  /** Set when the order is Shipped. */
  courier: string | null
  trackingNumber: string | null
  /** The courier's own page for the parcel (contracts/couriers.ts); null without one. */
  trackingUrl: string | null
  /** The order's latest exchange or return request, in whatever state; null for none (docs/decisions/036). */
  request: OrderRequest | null
  /** An exchange order's original (the order whose pieces it replaces); null for any other order. */
  exchangeFor: string | null
}

export interface OrderEvent {
  /** Epoch milliseconds. */
  at: number
  /** Null for the order being placed. */
  from: OrderStatus | null
  to: OrderStatus
  by: OrderActor
  note: string | null
  /** A step of an exchange or return request (the status stays as it was); null for a move. */
  request: RequestStep | null
}

/** POST /api/order/confirm and /api/order/cancel: the shopper's own order. */
export const orderActionSchema = z.object({
  orderId: text('orderId', { error: 'orderId is required' })
    .min(1, 'orderId is required')
    .max(100, 'orderId is too long'),
})

/** A confirm or cancel link from the order email (GET and POST /api/order/link). */
export const orderLinkSchema = z.object({
  token: text('token', { error: 'token is required' }).min(1, 'token is required').max(600, 'token is too long'),
})

/** The answer when the cart the shopper saw is not the one the server holds (docs/spec/rulings.md #13). */
export const CART_CHANGED_MESSAGE = 'Your cart has changed, please review it'

/** '#1A2B3C4D': the first 8 hex digits of the order's id, as the shopper and the store name it. */
export function orderNumber(orderId: string): string {
  return `#${orderId.replace(/-/g, '').slice(0, 8).toUpperCase()}`
}

// The answers' schemas, for the API's description (server/openapi/document.ts); their types
// are held equal to the interfaces above by tests/api/openapi.test.ts.

/** An address as an order or the account answers it (already checked once, by addressSchema). */
export const addressAnswerSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  pinCode: z.string(),
  country: z.string(),
  phone: z.string(),
})

export const orderItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number().int(),
  image: z.string(),
  image1: z.string(),
  size: z.string(),
  quantity: z.number().int(),
})

export const orderEventSchema = z.object({
  at: z.number(),
  from: z.enum(orderStatuses).nullable(),
  to: z.enum(orderStatuses),
  by: z.enum(orderActors),
  note: z.string().nullable(),
  request: z.enum(requestSteps).nullable(),
})

export const orderSchema = z.object({
  _id: z.string(),
  items: z.array(orderItemSchema),
  subtotal: z.number().int(),
  deliveryFee: z.number().int(),
  discountCode: z.string().nullable(),
  discount: z.number().int(),
  amount: z.number().int(),
  address: addressAnswerSchema,
  status: z.enum(orderStatuses),
  payment: z.boolean(),
  paymentMethod: z.literal('COD'),
  date: z.number(),
  events: z.array(orderEventSchema),
  courier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  request: orderRequestSchema.nullable(),
  exchangeFor: z.string().nullable(),
})

/** POST /api/order/placeorder, confirm, cancel and the link's POST. */
export const orderAnswerSchema = z.object({ message: z.string(), order: orderSchema })

/** GET /api/order/link: what a link from the order email would do (server/orders/moves.ts OrderLink). */
export const orderLinkAnswerSchema = z.union([
  z.object({ state: z.enum(['invalid', 'expired']) }),
  z.object({
    state: z.enum(['ready', 'used', 'too-late']),
    action: z.enum(['confirm', 'cancel']),
    order: orderSchema,
  }),
])

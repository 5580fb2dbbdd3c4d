import { z } from '#contracts/zod.ts'
import { text } from '#contracts/fields.ts'
import { MAX_LINE_QUANTITY } from '#contracts/cart-lines.ts'

// The cart's requests (the shape and counting are in cart-lines.ts).

const itemId = text('itemId', { error: 'itemId is required' })
  .trim()
  .min(1, 'itemId is required')
  .max(100, 'itemId is too long')
const size = text('size', { error: 'size is required' }).trim().min(1, 'size is required').max(20, 'size is too long')

export const cartAddSchema = z.object({ itemId, size })
export type CartAdd = z.infer<typeof cartAddSchema>

// docs/spec/rulings.md #17: a line holds 1..100; 0 removes it; anything else is refused.
export const quantityField = z
  .number({ error: 'quantity must be a whole number' })
  .int('quantity must be a whole number')
  .min(0, 'quantity must be 0 or more')
  .max(MAX_LINE_QUANTITY, `quantity must be at most ${MAX_LINE_QUANTITY}`)

export const cartUpdateSchema = z.object({ itemId, size, quantity: quantityField })
export type CartUpdate = z.infer<typeof cartUpdateSchema>

/** Guests' carts are merged into the account at sign-in (docs/spec/rulings.md #12). */
export const cartMergeSchema = z.object({
  cart: z.record(
    text('cart product id').max(100, 'cart has a product id that is too long'),
    z.record(text('cart size').max(20, 'cart has a size that is too long'), quantityField, {
      error: 'cart must map each product to its sizes and quantities',
    }),
    { error: 'cart is required' },
  ),
})

/** Every cart call's answer: contracts/cart-lines.ts Cart, { productId: { size: quantity } }. */
export const cartSchema = z.record(z.string(), z.record(z.string(), z.number().int()))

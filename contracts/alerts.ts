import { cartAddSchema } from '#contracts/cart.ts'

/** A back-in-stock request names a product and one of its sizes, like a cart line. */
export const stockAlertSchema = cartAddSchema

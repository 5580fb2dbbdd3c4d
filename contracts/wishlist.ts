import { z } from '#contracts/zod.ts'
import { requiredText } from '#contracts/fields.ts'
import { productSchema } from '#contracts/catalog-answers.ts'
import { WISHLIST_MAX } from '#contracts/wishlist-limits.ts'

export { WISHLIST_MAX, WISHLIST_STORAGE_KEY } from '#contracts/wishlist-limits.ts'

/** POST /api/wishlist: a heart on or off. */
export const wishlistToggleSchema = z.object({
  productId: requiredText('productId'),
  on: z.boolean({ error: 'on must be true or false' }),
})
export type WishlistToggle = z.infer<typeof wishlistToggleSchema>

/** POST /api/wishlist/merge: a guest's wishlist, kept in the browser, joining the account at sign-in. */
export const wishlistMergeSchema = z.object({
  productIds: z
    .array(requiredText('productId'), { error: 'productIds must be a list of product ids' })
    .max(WISHLIST_MAX, `productIds may name at most ${WISHLIST_MAX} products`),
})

/** The ids a shopper keeps, newest first. */
export const wishlistIdsSchema = z.object({ ids: z.array(z.string()) })

/** GET /api/wishlist: the products kept and on sale, newest first, with their sizes and stock; whether it emails. */
export const wishlistSchema = z.object({ ids: z.array(z.string()), items: z.array(productSchema), emails: z.boolean() })
export type Wishlist = z.infer<typeof wishlistSchema>

/** POST /api/wishlist/emails: the emails when a kept product goes on sale or a size is back, on or off. */
export const wishlistEmailsSchema = z.object({ on: z.boolean({ error: 'on must be true or false' }) })
export const wishlistEmailsAnswerSchema = z.object({ emails: z.boolean() })

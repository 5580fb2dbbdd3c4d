import { z } from '#contracts/zod.ts'
import { requiredText, text } from '#contracts/fields.ts'
import {
  fits,
  reviewSorts,
  reviewStatuses,
  REPLY_MAX,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
  REVIEW_TITLE_MAX,
} from '#contracts/review-terms.ts'

// Reviews from shoppers who received the piece: what a shopper writes, what the
// storefront reads and what the console decides. Both sides read these schemas.

export {
  fits,
  type Fit,
  reviewSorts,
  type ReviewSort,
  reviewStatuses,
  type ReviewStatus,
  REVIEW_TEXT_MIN,
  REVIEW_TEXT_MAX,
  REVIEW_TITLE_MAX,
  REPLY_MAX,
  REVIEW_PHOTOS_MAX,
  REVIEWS_PAGE_SIZE,
  LOW_RATING,
  fitSummary,
} from '#contracts/review-terms.ts'

const rating = z.coerce
  .number({ error: 'Choose a rating from 1 to 5 stars' })
  .int('Choose a rating from 1 to 5 stars')
  .min(1, 'Choose a rating from 1 to 5 stars')
  .max(5, 'Choose a rating from 1 to 5 stars')

/** POST /api/reviews (and the product page's review form). */
export const reviewInputSchema = z.object({
  productId: requiredText('productId'),
  rating,
  title: requiredText('Title', REVIEW_TITLE_MAX),
  text: text('Review', { error: 'Write your review', multiline: true })
    .trim()
    .min(REVIEW_TEXT_MIN, `Write at least ${REVIEW_TEXT_MIN} characters`)
    .max(REVIEW_TEXT_MAX, `Keep your review to ${REVIEW_TEXT_MAX.toLocaleString('en')} characters`),
  fit: z.enum(fits, { error: 'Say how it fits: runs small, true to size or runs large' }),
})
export type ReviewInput = z.infer<typeof reviewInputSchema>

/** GET /api/products/:id/reviews */
export const reviewsQuerySchema = z.object({
  sort: z.enum(reviewSorts, { error: 'sort must be newest, helpful or lowest' }).default('newest'),
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(10_000, 'page must be at most 10000')
    .default(1),
  photos: z.enum(['0', '1'], { error: 'photos must be 1 or 0' }).optional(),
})
export type ReviewsQuery = z.infer<typeof reviewsQuerySchema>

/** One review as the storefront shows it. */
export const reviewSchema = z.object({
  id: z.string(),
  productId: z.string(),
  /** The reviewer's first name only. */
  author: z.string(),
  rating: z.number().int().min(1).max(5),
  title: z.string(),
  text: z.string(),
  fit: z.enum(fits),
  /** The size bought, from the delivered order. */
  size: z.string(),
  /** Photo URLs (the largest width; app/lib/images.ts makes the srcset). */
  photos: z.array(z.string()),
  helpful: z.number().int().min(0),
  /** The store's answer, if any. */
  reply: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  verified: z.literal(true),
})
export type Review = z.infer<typeof reviewSchema>

/** A shopper's own review: the public shape and where it stands with the owner. */
export const ownReviewSchema = reviewSchema.extend({ status: z.enum(reviewStatuses) })
export type OwnReview = z.infer<typeof ownReviewSchema>

/** The fit answers of a product's approved reviews, by answer. */
export const fitCountsSchema = z.object({
  small: z.number().int(),
  true: z.number().int(),
  large: z.number().int(),
})
export type FitCounts = z.infer<typeof fitCountsSchema>

/** Approved reviews of a product by star, 1 to 5. */
export const distributionSchema = z.object({
  1: z.number().int(),
  2: z.number().int(),
  3: z.number().int(),
  4: z.number().int(),
  5: z.number().int(),
})
export type Distribution = z.infer<typeof distributionSchema>

/** GET /api/products/:id/reviews: approved reviews only. */
export const reviewsPageSchema = z.object({
  items: z.array(reviewSchema),
  /** Reviews matching the query (with photos, when asked). */
  total: z.number().int(),
  /** The average of every approved review, to one decimal; null when none. */
  average: z.number().nullable(),
  /** Every approved review of the product. */
  count: z.number().int(),
  distribution: distributionSchema,
  fit: fitCountsSchema,
})
export type ReviewsPage = z.infer<typeof reviewsPageSchema>

/** POST /api/admin/reviews/:id/decision */
export const reviewDecisionSchema = z.object({
  approve: z.boolean({ error: 'approve must be true or false' }),
  reply: text('Reply', { multiline: true })
    .trim()
    .max(REPLY_MAX, `Keep the reply to ${REPLY_MAX.toLocaleString('en')} characters`)
    .optional(),
})
export type ReviewDecision = z.infer<typeof reviewDecisionSchema>

/** GET /api/admin/reviews */
export const adminReviewsQuerySchema = z.object({
  status: z.enum(reviewStatuses, { error: 'status must be pending, approved or hidden' }).default('pending'),
  /** 1: only ratings of LOW_RATING stars or fewer. */
  low: z.enum(['0', '1'], { error: 'low must be 1 or 0' }).optional(),
  page: reviewsQuerySchema.shape.page,
})
export type AdminReviewsQuery = z.infer<typeof adminReviewsQuerySchema>

/** One review as the console's queue shows it. */
export const adminReviewSchema = ownReviewSchema.extend({
  productName: z.string(),
  email: z.string(),
  orderId: z.string(),
})
export type AdminReview = z.infer<typeof adminReviewSchema>

export const adminReviewPageSchema = z.object({
  items: z.array(adminReviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
})
export type AdminReviewPage = z.infer<typeof adminReviewPageSchema>

export const reviewAnswerSchema = z.object({ message: z.string(), review: ownReviewSchema })
/** `counted`: false when this account had voted already (nothing changed). */
export const helpfulAnswerSchema = z.object({ helpful: z.number().int(), counted: z.boolean() })
export const adminReviewAnswerSchema = z.object({ message: z.string(), review: adminReviewSchema })

/**
 * A review link (the Delivered email's and the order page's, one an item): a signed token
 * naming the order and the product (server/mail/links.ts signs it; docs/decisions/035).
 * It lets the order's buyer write or edit the review of that product without signing in,
 * while the order is Delivered and until it expires.
 */
export const REVIEW_LINK_MS = 90 * 24 * 60 * 60_000

/** The token's subject: the order and the product, unambiguous whatever a product id holds. */
export const reviewLinkSubject = (orderId: string, productId: string): string => JSON.stringify([orderId, productId])

/** The order and the product a token's subject names, or undefined for anything else. */
export function reviewLinkOf(subject: string): { orderId: string; productId: string } | undefined {
  try {
    const parsed: unknown = JSON.parse(subject)
    if (Array.isArray(parsed) && parsed.length === 2 && parsed.every((p) => typeof p === 'string' && p))
      return { orderId: parsed[0] as string, productId: parsed[1] as string }
  } catch {
    // Not ours.
  }
  return undefined
}

/** The review link's page (/review, and /ur/review). */
export const reviewLinkPath = (token: string): string => `/review?token=${encodeURIComponent(token)}`

/** GET /api/reviews/link */
export const reviewLinkQuerySchema = z.object({ token: requiredText('token', 600) })

/** POST /api/reviews/link: the review's fields and the link's token (no productId: the token names it). */
export const reviewByLinkSchema = reviewInputSchema
  .omit({ productId: true })
  .extend({ token: requiredText('token', 600) })
export type ReviewByLink = z.infer<typeof reviewByLinkSchema>

/** What a review link opens: the product and size to review and the buyer's review so far, or why not. */
export const reviewLinkSchema = z.discriminatedUnion('state', [
  z.object({ state: z.enum(['invalid', 'expired', 'not-delivered']), message: z.string() }),
  z.object({
    state: z.literal('ready'),
    orderId: z.string(),
    product: z.object({ _id: z.string(), name: z.string(), image: z.string() }),
    /** The size the order holds. */
    size: z.string(),
    review: ownReviewSchema.nullable(),
  }),
])
export type ReviewLink = z.infer<typeof reviewLinkSchema>

import {
  adminReviewAnswerSchema,
  adminReviewPageSchema,
  adminReviewsQuerySchema,
  helpfulAnswerSchema,
  reviewAnswerSchema,
  reviewDecisionSchema,
  reviewInputSchema,
  reviewsPageSchema,
  reviewsQuerySchema,
} from '#contracts/reviews.ts'
import type { Operation } from '#server/openapi/operation.ts'

/** Reviews from shoppers who received the piece, and the console's queue (docs/decisions/031). */
export const reviewOperations: Operation[] = [
  {
    method: 'get',
    path: '/api/products/{id}/reviews',
    tag: 'Reviews',
    summary: "A product's approved reviews a page at a time, with their average, count, stars and fit",
    access: 'public',
    query: reviewsQuerySchema,
    ok: { status: 200, schema: reviewsPageSchema },
    refusals: [404],
  },
  {
    method: 'post',
    path: '/api/reviews',
    tag: 'Reviews',
    summary:
      'Review a product from a delivered order of yours (JSON, or multipart with the same fields in `review` and photos in photo1..photo3); again edits it. It waits for the store',
    access: 'user',
    body: reviewInputSchema,
    reviewForm: true,
    ok: { status: 201, schema: reviewAnswerSchema },
    refusals: [403, 404, 422],
  },
  {
    method: 'post',
    path: '/api/reviews/{id}/helpful',
    tag: 'Reviews',
    summary: 'Found a review helpful: once per account, a second vote changes nothing',
    access: 'user',
    ok: { status: 200, schema: helpfulAnswerSchema },
    refusals: [404, 409],
  },
  {
    method: 'get',
    path: '/api/admin/reviews',
    tag: 'Admin',
    summary: 'Reviews in one status (waiting first), low ratings only when asked',
    access: 'admin',
    query: adminReviewsQuerySchema,
    ok: { status: 200, schema: adminReviewPageSchema },
  },
  {
    method: 'post',
    path: '/api/admin/reviews/{id}/decision',
    tag: 'Admin',
    summary: "Approve or hide a review, with the store's reply",
    access: 'admin',
    body: reviewDecisionSchema,
    ok: { status: 200, schema: adminReviewAnswerSchema },
    refusals: [404],
  },
]

import { Hono, type Context } from 'hono'
import {
  adminReviewsQuerySchema,
  REVIEW_PHOTOS_MAX,
  reviewByLinkSchema,
  reviewDecisionSchema,
  reviewLinkQuerySchema,
  reviewInputSchema,
  reviewsQuerySchema,
} from '#contracts/reviews.ts'
import { idParam, queryOf } from '#server/http/params.ts'
import { parseWith } from '#server/http/errors.ts'
import { readJson } from '#server/http/middleware.ts'
import { photoForm } from '#server/http/photo-form.ts'
import type { AppEnv } from '#server/http/env.ts'
import { adminOnly, requireAdmin, requireUser } from '#server/auth/session.ts'

/** GET /api/products/:id/reviews: a product's approved reviews, a page at a time. */
export const productReviewRoutes = new Hono<AppEnv>().get('/:id/reviews', async (c) => {
  const query = parseWith(reviewsQuerySchema, queryOf(c, ['sort', 'page', 'photos']))
  return c.json(await c.get('services').reviews.list(idOf(c), query))
})

/** A shopper's review (JSON, or multipart with photos) and the helpful votes. */
export const reviewRoutes = new Hono<AppEnv>()
  .post('/', async (c) => {
    const user = requireUser(c)
    const { input, photos } = await photoForm(c, 'review', REVIEW_PHOTOS_MAX)
    const review = await c.get('services').reviews.submit(user, parseWith(reviewInputSchema, input), photos)
    return c.json({ message: 'Thank you: your review will appear once the store has read it', review }, 201)
  })
  /** What a review link from a Delivered order opens; changes nothing. No sign-in: the link is the key. */
  .get('/link', async (c) => {
    const { token } = parseWith(reviewLinkQuerySchema, queryOf(c, ['token']))
    return c.json(await c.get('services').reviews.readLink(token))
  })
  /** The review a link invites, as the order's buyer (JSON, or multipart as POST /api/reviews). */
  .post('/link', async (c) => {
    const { input, photos } = await photoForm(c, 'review', REVIEW_PHOTOS_MAX)
    const review = await c.get('services').reviews.submitByLink(parseWith(reviewByLinkSchema, input), photos)
    return c.json({ message: 'Thank you: your review will appear once the store has read it', review }, 201)
  })
  .post('/:id/helpful', async (c) => {
    const user = requireUser(c)
    return c.json(await c.get('services').reviews.helpful(user._id, idOf(c)))
  })

/** The console's queue (admins only, like the rest of /api/admin). */
export const adminReviewRoutes = new Hono<AppEnv>()
  .use(adminOnly())
  .get('/', async (c) => {
    const query = parseWith(adminReviewsQuerySchema, queryOf(c, ['status', 'low', 'page']))
    return c.json(await c.get('services').reviews.queue(query))
  })
  .post('/:id/decision', async (c) => {
    const admin = requireAdmin(c)
    const decision = parseWith(reviewDecisionSchema, await readJson(c.req))
    // Through the console's service: the decision and its audit entry in one transaction.
    const review = await c.get('services').admin.decideReview(idOf(c), decision, admin)
    return c.json({ message: review.status === 'approved' ? 'The review is shown' : 'The review is hidden', review })
  })

const idOf = (c: Context<AppEnv>) => idParam(c, 200, 'Not found')

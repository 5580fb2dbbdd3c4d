import { randomUUID } from 'node:crypto'
import type { Db, Dialect, Executor } from '#server/db/database.ts'
import { AppError } from '#server/http/errors.ts'
import type { CatalogService } from '#server/catalog/service.ts'
import { productImageUrl } from '#server/catalog/images.ts'
import type { OrderService } from '#server/orders/service.ts'
import {
  fits,
  LOW_RATING,
  REVIEW_PHOTOS_MAX,
  REVIEWS_PAGE_SIZE,
  type AdminReview,
  type AdminReviewPage,
  type AdminReviewsQuery,
  type Distribution,
  type Fit,
  type FitCounts,
  type OwnReview,
  type Review,
  type ReviewDecision,
  type ReviewInput,
  type ReviewsPage,
  type ReviewsQuery,
  type ReviewStatus,
} from '#contracts/reviews.ts'
import * as repo from '#server/reviews/repository.ts'
import { createReviewLinks, type ReviewLinkDomains } from '#server/reviews/links.ts'
import type { ReviewsTable } from '#server/reviews/tables.ts'

export type ReviewService = ReturnType<typeof createReviewService>

/** A review's standing with the owner, before and after a decision. */
export interface ReviewStanding {
  status: ReviewStatus
  reply: string | null
}

/** Runs inside a decision's transaction, after it is written (the console's audit entry). */
export type AlongWithDecision = (
  trx: Executor,
  change: { productId: string; before: ReviewStanding; after: ReviewStanding },
) => Promise<void>

/** Reviews a page of the console's queue shows. */
export const QUEUE_PAGE_SIZE = 20

type Row = ReviewsTable

/**
 * Reviews come only from shoppers who received the piece: a Delivered order of theirs
 * holds the product (the size bought is taken from it). One review a shopper and
 * product; writing again edits it. Every review, new or edited, waits for the owner;
 * only approved ones are shown, counted and averaged. The product's own row keeps the
 * count and sum of its approved stars (written in the decision's transaction), and each
 * decision is a change to the catalog: every instance drops its guests' pages.
 */
export function createReviewService(
  db: Db,
  dialect: Dialect,
  domains: {
    catalog: CatalogService
    orders: Pick<OrderService, 'deliveredLine' | 'forStore'>
  } & ReviewLinkDomains,
  now: () => number = Date.now,
) {
  const { catalog, orders, mail, auth } = domains

  /** A product's approved stars, written to its row inside `trx`. */
  async function rerate(trx: Executor, productId: string): Promise<void> {
    await catalog.writeRating(trx, productId, await repo.approvedTotals(trx, productId))
  }

  /** A page of a product's approved reviews and the figures of them all. */
  async function pageOf(productId: string, query: ReviewsQuery): Promise<ReviewsPage> {
    const photos = query.photos === '1'
    const [stats, rows, withPhotos] = await Promise.all([
      repo.approvedStats(db, productId),
      repo.approvedPage(db, productId, {
        sort: query.sort,
        photos,
        offset: (query.page - 1) * REVIEWS_PAGE_SIZE,
        limit: REVIEWS_PAGE_SIZE,
      }),
      photos ? repo.approvedWithPhotos(db, productId) : Promise.resolve(0),
    ])
    const distribution: Distribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }
    let count = 0
    let total = 0
    const fit: FitCounts = { small: 0, true: 0, large: 0 }
    for (const { rating, fit: answer, n } of stats) {
      if (rating >= 1 && rating <= 5) distribution[rating as 1] += n
      if (isFit(answer)) fit[answer] += n
      count += n
      total += rating * n
    }
    return {
      items: rows.map(publicReview),
      total: photos ? withPhotos : count,
      average: count > 0 ? Math.round((total * 10) / count) / 10 : null,
      count,
      distribution,
      fit,
    }
  }

  /**
   * Writes (or edits) `user`'s review of a product from the line of a Delivered order
   * (`bought`); with photos (up to three, each through the catalog's photo checks) they
   * replace the ones it had.
   */
  async function write(
    user: { _id: string; name: string },
    productId: string,
    bought: { orderId: string; size: string },
    input: ReviewInput,
    photos: readonly Uint8Array[],
  ): Promise<OwnReview> {
    if (photos.length > REVIEW_PHOTOS_MAX)
      throw new AppError(400, `Add at most ${REVIEW_PHOTOS_MAX} photos`, {
        fields: { photos: `At most ${REVIEW_PHOTOS_MAX}` },
      })
    // Stored before the transaction (sharp's work holds no lock); gone again if it fails.
    const keys: string[] = []
    try {
      for (const photo of photos) keys.push(await catalog.photos.storeReview(productId, photo))
    } catch (err) {
      await catalog.photos.remove(keys)
      throw err
    }
    const at = now()
    let replaced: string[] = []
    let wasApproved = false
    let id: string
    try {
      id = await db.transaction().execute(async (trx) => {
        const mine = await repo.reviewOf(trx, user._id, productId)
        const fields = {
          order_id: bought.orderId,
          size: bought.size,
          rating: input.rating,
          title: input.title,
          body: input.text,
          fit: input.fit,
          status: 'pending' as const,
          updated_at: at,
        }
        const withPhotos = keys.length ? { photos: JSON.stringify(keys), has_photos: 1 } : {}
        if (!mine) {
          const id = randomUUID()
          await repo.insertReview(trx, {
            id,
            product_id: productId,
            user_id: user._id,
            author: firstName(user.name),
            photos: '[]',
            has_photos: 0,
            ...fields,
            ...withPhotos,
            reply: null,
            helpful: 0,
            created_at: at,
            decided_at: null,
          })
          return id
        }
        // An edit waits for the owner again: an approved review leaves the counts until then.
        await repo.updateReview(trx, mine.id, { ...fields, ...withPhotos })
        if (keys.length) replaced = photoKeys(mine.photos)
        wasApproved = mine.status === 'approved'
        if (wasApproved) await rerate(trx, productId)
        return mine.id
      })
    } catch (err) {
      await catalog.photos.remove(keys)
      throw err
    }
    await catalog.photos.remove(replaced)
    if (wasApproved) catalog.invalidate()
    const row = await repo.reviewById(db, id)
    if (!row) throw new Error(`review ${id} vanished after it was written`)
    return ownReview(row)
  }

  /** The shopper's own review of a product, in whatever state it is. */
  async function mine(userId: string, productId: string): Promise<OwnReview | undefined> {
    const row = await repo.reviewOf(db, userId, productId)
    return row ? ownReview(row) : undefined
  }

  return {
    ...createReviewLinks({ catalog, orders, mail, auth, write, mine }),

    /**
     * Writes (or edits) the shopper's review of a product; with photos (up to three, each
     * through the catalog's photo checks) they replace the ones it had. 403 without a
     * Delivered order holding the product.
     */
    async submit(
      user: { _id: string; name: string },
      input: ReviewInput,
      photos: readonly Uint8Array[] = [],
    ): Promise<OwnReview> {
      const product = await catalog.get(input.productId)
      if (!product) throw new AppError(404, 'Product not found')
      const bought = await orders.deliveredLine(user._id, product._id)
      if (!bought)
        throw new AppError(
          403,
          `Only shoppers who received ${product.name} can review it, and no delivered order of yours holds it.`,
        )
      return write(user, product._id, bought, input, photos)
    },

    mine,

    /** May this shopper review this product (a Delivered order of theirs holds it)? The size bought, if so. */
    async eligible(userId: string, productId: string): Promise<{ size: string } | undefined> {
      const bought = await orders.deliveredLine(userId, productId)
      return bought ? { size: bought.size } : undefined
    },

    /**
     * A page of a product's approved reviews in the shopper's order, with the average,
     * count, distribution and fit of all of them. 404 for a product not on sale.
     */
    async list(productId: string, query: ReviewsQuery): Promise<ReviewsPage> {
      if ((await catalog.status(productId)) !== 'active') throw new AppError(404, 'Product not found')
      return pageOf(productId, query)
    },

    /** The same for a product the caller has just read on sale (the product page): no second look at it. */
    ofProduct: (productId: string, query: ReviewsQuery): Promise<ReviewsPage> => pageOf(productId, query),

    /** Which of these reviews this account found helpful already. */
    votedOn: (userId: string, reviewIds: string[]): Promise<Set<string>> => repo.hasVoted(db, reviewIds, userId),

    /** "Helpful", once per account: a second vote changes nothing. Only on approved reviews, not one's own. */
    async helpful(userId: string, reviewId: string): Promise<{ helpful: number; counted: boolean }> {
      const counted = await db.transaction().execute(async (trx) => {
        const row = await repo.reviewForUpdate(trx, reviewId, dialect === 'postgres')
        if (!row || row.status !== 'approved') throw new AppError(404, 'Review not found')
        if (row.user_id === userId) throw new AppError(409, 'You cannot vote for your own review')
        const fresh = await repo.insertVote(trx, reviewId, userId, now())
        if (fresh) await repo.addHelpful(trx, reviewId)
        return fresh
      })
      const row = await repo.reviewById(db, reviewId)
      return { helpful: row?.helpful ?? 0, counted }
    },

    /**
     * In an account's deletion: its reviews go, and the products whose stars they counted
     * in are counted again. Answers what to do once the deletion has committed: remove
     * the reviews' photos, and have every instance drop what it drew from those stars.
     */
    async forget(trx: Executor, userId: string): Promise<() => Promise<void>> {
      const { products, photos } = await repo.reviewsToForget(trx, userId)
      await repo.deleteReviewsOf(trx, userId)
      for (const productId of products) await rerate(trx, productId)
      return async () => {
        if (products.length) catalog.invalidate()
        await catalog.photos.remove(photos.flatMap(photoKeys))
      }
    },

    /**
     * Generated reviews for measuring the store at size (scripts/db-seed.ts): written in
     * one transaction a batch; rerateAll() then writes every product's stars.
     */
    async addGenerated(rows: ReviewsTable[]): Promise<void> {
      await db.transaction().execute((trx) => repo.insertReviews(trx, rows))
    },

    /** Every product's stars from its approved reviews, a page of products a transaction. */
    async rerateAll(): Promise<number> {
      let after = ''
      let rated = 0
      for (;;) {
        const page = await repo.approvedTotalsAfter(db, after, 2000)
        if (!page.length) break
        await db.transaction().execute(async (trx) => {
          for (const p of page) await catalog.writeRating(trx, p.productId, p)
        })
        rated += page.length
        after = page[page.length - 1]!.productId
      }
      catalog.invalidate()
      return rated
    },

    /** The console's queue: one status, oldest waiting first, low ratings only when asked. */
    async queue(query: AdminReviewsQuery): Promise<AdminReviewPage> {
      const filter = { status: query.status, low: query.low === '1' ? LOW_RATING : null }
      const [rows, total] = await Promise.all([
        repo.queuePage(db, filter, { offset: (query.page - 1) * QUEUE_PAGE_SIZE, limit: QUEUE_PAGE_SIZE }),
        repo.queueCount(db, filter),
      ])
      return {
        items: rows.map(adminReview),
        total,
        page: query.page,
        pages: Math.max(1, Math.ceil(total / QUEUE_PAGE_SIZE)),
      }
    },

    /**
     * The owner approves or hides a review, and may answer it (an empty reply takes the
     * answer away; none leaves it). The product's stars are counted again in the same
     * transaction, and every instance drops its guests' pages. `along` writes what goes
     * with the decision (the console's audit entry) in its transaction.
     */
    async decide(reviewId: string, decision: ReviewDecision, along?: AlongWithDecision): Promise<AdminReview> {
      const status: ReviewStatus = decision.approve ? 'approved' : 'hidden'
      await db.transaction().execute(async (trx) => {
        const row = await repo.reviewForUpdate(trx, reviewId, dialect === 'postgres')
        if (!row) throw new AppError(404, 'Review not found')
        const reply = decision.reply === undefined ? row.reply : decision.reply || null
        await repo.updateReview(trx, reviewId, {
          status,
          decided_at: now(),
          ...(decision.reply === undefined ? {} : { reply }),
        })
        await rerate(trx, row.product_id)
        if (along)
          await along(trx, {
            productId: row.product_id,
            before: { status: row.status as ReviewStatus, reply: row.reply },
            after: { status, reply },
          })
      })
      catalog.invalidate()
      const row = await repo.queueRow(db, reviewId)
      if (!row) throw new AppError(404, 'Review not found')
      return adminReview(row)
    },
  }
}

function isFit(value: string): value is Fit {
  return (fits as readonly string[]).includes(value)
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name
}

function photoKeys(json: string): string[] {
  try {
    const keys: unknown = JSON.parse(json)
    return Array.isArray(keys) ? keys.filter((k): k is string => typeof k === 'string') : []
  } catch {
    return []
  }
}

function publicReview(row: Row): Review {
  return {
    id: row.id,
    productId: row.product_id,
    author: row.author,
    rating: row.rating,
    title: row.title,
    text: row.body,
    fit: isFit(row.fit) ? row.fit : 'true',
    size: row.size,
    photos: photoKeys(row.photos).map(productImageUrl),
    helpful: row.helpful,
    reply: row.reply,
    createdAt: new Date(row.created_at).toISOString(),
    verified: true,
  }
}

function ownReview(row: Row): OwnReview {
  return { ...publicReview(row), status: row.status as ReviewStatus }
}

function adminReview(row: Row & { product_name: string; email: string }): AdminReview {
  return { ...ownReview(row), productName: row.product_name, email: row.email, orderId: row.order_id }
}

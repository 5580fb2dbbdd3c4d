import { sql } from 'kysely'
import type { Executor } from '#server/db/database.ts'
import { compiledOnce } from '#server/db/compiled.ts'
import type { ReviewSort } from '#contracts/reviews.ts'
import type { ReviewsTable } from '#server/reviews/tables.ts'

// All of the reviews' SQL. A product's reviews are read through the indexes of
// migration 2026-11-27T0100 (product, status, then each order); nothing reads more
// than a page of them, and the counts are grouped by the database.

// A product page asks these every time (its reviews, their counts, the shopper's own): their
// SQL is built once (server/db/compiled.ts).
const reviewsOf = compiledOnce((db, args: { userId: string; productId: string }) =>
  db.selectFrom('reviews').selectAll().where('user_id', '=', args.userId).where('product_id', '=', args.productId),
)

export async function reviewOf(db: Executor, userId: string, productId: string) {
  const [review] = await reviewsOf(db, { userId, productId })
  return review
}

export async function reviewById(db: Executor, id: string) {
  return db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The row locked for the rest of the transaction on PostgreSQL (SQLite's writer holds the whole database). */
export async function reviewForUpdate(db: Executor, id: string, lock: boolean) {
  const query = db.selectFrom('reviews').selectAll().where('id', '=', id)
  return (lock ? query.forUpdate() : query).executeTakeFirst()
}

export async function insertReview(db: Executor, row: ReviewsTable): Promise<void> {
  await db.insertInto('reviews').values(row).execute()
}

export async function updateReview(
  db: Executor,
  id: string,
  fields: Partial<Omit<ReviewsTable, 'id' | 'product_id' | 'user_id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('reviews').set(fields).where('id', '=', id).execute()
}

const orders: Record<ReviewSort, [string, 'asc' | 'desc'][]> = {
  newest: [
    ['created_at', 'desc'],
    ['id', 'desc'],
  ],
  helpful: [
    ['helpful', 'desc'],
    ['created_at', 'desc'],
    ['id', 'desc'],
  ],
  lowest: [
    ['rating', 'asc'],
    ['created_at', 'desc'],
    ['id', 'desc'],
  ],
}

/** One page of a product's approved reviews in the shopper's order. */
export async function approvedPage(
  db: Executor,
  productId: string,
  options: { sort: ReviewSort; photos: boolean; offset: number; limit: number },
) {
  return pages[options.sort][options.photos ? 'photos' : 'all'](db, {
    productId,
    limit: options.limit,
    offset: options.offset,
  })
}

/** A page in one order, with photos only or not. */
function pageIn(order: [string, 'asc' | 'desc'][], photos: boolean) {
  return compiledOnce((db, args: { productId: string; limit: number; offset: number }) => {
    let query = db
      .selectFrom('reviews')
      .selectAll()
      .where('product_id', '=', args.productId)
      .where('status', '=', 'approved')
    if (photos) query = query.where('has_photos', '=', 1)
    for (const [column, direction] of order) query = query.orderBy(column as 'created_at', direction)
    return query.limit(args.limit).offset(args.offset)
  })
}

const pages = Object.fromEntries(
  Object.entries(orders).map(([sort, order]) => [sort, { all: pageIn(order, false), photos: pageIn(order, true) }]),
) as Record<ReviewSort, Record<'all' | 'photos', ReturnType<typeof pageIn>>>

/** A product's approved reviews with photos. */
export async function approvedWithPhotos(db: Executor, productId: string): Promise<number> {
  const row = await db
    .selectFrom('reviews')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('product_id', '=', productId)
    .where('status', '=', 'approved')
    .where('has_photos', '=', 1)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** A product's approved reviews by star and fit (at most 15 rows), grouped by the database in one read. */
export async function approvedStats(db: Executor, productId: string) {
  const rows = await statsOf(db, { productId })
  return rows.map((r) => ({ rating: Number(r.rating), fit: r.fit, n: Number(r.n) }))
}

const statsOf = compiledOnce((db, args: { productId: string }) =>
  db
    .selectFrom('reviews')
    .select(['rating', 'fit', (eb) => eb.fn.countAll<number>().as('n')])
    .where('product_id', '=', args.productId)
    .where('status', '=', 'approved')
    .groupBy(['rating', 'fit']),
)

/** The count and sum of stars of a product's approved reviews, read in the decision's transaction. */
export async function approvedTotals(db: Executor, productId: string): Promise<{ count: number; total: number }> {
  const row = await db
    .selectFrom('reviews')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.coalesce(eb.fn.sum<number>('rating'), sql<number>`0`).as('sum'),
    ])
    .where('product_id', '=', productId)
    .where('status', '=', 'approved')
    .executeTakeFirstOrThrow()
  return { count: Number(row.n), total: Number(row.sum) }
}

/** One vote; false when this account had voted already. */
export async function insertVote(db: Executor, reviewId: string, userId: string, at: number): Promise<boolean> {
  const result = await db
    .insertInto('review_votes')
    .values({ review_id: reviewId, user_id: userId, created_at: at })
    .onConflict((oc) => oc.columns(['review_id', 'user_id']).doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}

/** Counted once per vote, in the vote's transaction; answers the new count. */
export async function addHelpful(db: Executor, reviewId: string): Promise<void> {
  await db
    .updateTable('reviews')
    .set((eb) => ({ helpful: eb('helpful', '+', 1) }))
    .where('id', '=', reviewId)
    .execute()
}

export async function hasVoted(db: Executor, reviewIds: string[], userId: string): Promise<Set<string>> {
  if (reviewIds.length === 0) return new Set()
  const rows = await db
    .selectFrom('review_votes')
    .select('review_id')
    .where('user_id', '=', userId)
    .where('review_id', 'in', reviewIds)
    .execute()
  return new Set(rows.map((r) => r.review_id))
}

/**
 * The console's queue: reviews in one status, oldest first (the waiting ones in the order
 * they came), with the product's name and the reviewer's email. It reads `products` and
 * `users` only for those two columns of the page's rows.
 */
export async function queuePage(
  db: Executor,
  filter: { status: string; low: number | null },
  page: { offset: number; limit: number },
) {
  let query = db
    .selectFrom('reviews')
    .innerJoin('products', 'products.id', 'reviews.product_id')
    .innerJoin('users', 'users.id', 'reviews.user_id')
    .selectAll('reviews')
    .select(['products.name as product_name', 'users.email as email'])
    .where('reviews.status', '=', filter.status)
  if (filter.low !== null) query = query.where('reviews.rating', '<=', filter.low)
  return query
    .orderBy('reviews.created_at', filter.status === 'pending' ? 'asc' : 'desc')
    .orderBy('reviews.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
}

export async function queueCount(db: Executor, filter: { status: string; low: number | null }): Promise<number> {
  let query = db
    .selectFrom('reviews')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', filter.status)
  if (filter.low !== null) query = query.where('rating', '<=', filter.low)
  const row = await query.executeTakeFirstOrThrow()
  return Number(row.n)
}

/** One review as the console shows it, with the product's name and the reviewer's email. */
export async function queueRow(db: Executor, id: string) {
  return db
    .selectFrom('reviews')
    .innerJoin('products', 'products.id', 'reviews.product_id')
    .innerJoin('users', 'users.id', 'reviews.user_id')
    .selectAll('reviews')
    .select(['products.name as product_name', 'users.email as email'])
    .where('reviews.id', '=', id)
    .executeTakeFirst()
}

/** An account's reviews as its deletion needs them: the products its approved ones count in, and every photo list. */
export async function reviewsToForget(db: Executor, userId: string) {
  const rows = await db
    .selectFrom('reviews')
    .select(['product_id', 'status', 'photos'])
    .where('user_id', '=', userId)
    .execute()
  return {
    products: rows.filter((r) => r.status === 'approved').map((r) => r.product_id),
    photos: rows.map((r) => r.photos),
  }
}

export async function deleteReviewsOf(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('reviews').where('user_id', '=', userId).execute()
}

/** Many reviews at once (the generated store): multi-row inserts within the databases' parameter limits. */
export async function insertReviews(db: Executor, rows: ReviewsTable[]): Promise<void> {
  // 19 columns a row: 1,000 rows stay under SQLite's 32,766 parameters.
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('reviews')
      .values(rows.slice(i, i + 1000))
      .execute()
}

/** Every product's approved stars, grouped by the database, a page of products at a time. */
export async function approvedTotalsAfter(db: Executor, after: string, limit: number) {
  const rows = await db
    .selectFrom('reviews')
    .select(['product_id', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('rating').as('sum')])
    .where('status', '=', 'approved')
    .where('product_id', '>', after)
    .groupBy('product_id')
    .orderBy('product_id')
    .limit(limit)
    .execute()
  return rows.map((r) => ({ productId: r.product_id, count: Number(r.n), total: Number(r.sum) }))
}

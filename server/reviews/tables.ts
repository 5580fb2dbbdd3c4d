// The tables the reviews domain owns: shoppers' reviews of what they received and the
// helpful votes on them. Only this domain's code reads and writes them. server/db/schema.ts
// joins every domain's tables into Kysely's Database.

/** One shopper's review of one product (edited in place), waiting for the owner until decided. */
export interface ReviewsTable {
  id: string
  product_id: string
  user_id: string
  /** The Delivered order it was bought in, and the size bought there. */
  order_id: string
  size: string
  /** The name it is shown under: the reviewer's first name when they wrote it. */
  author: string
  /** 1 to 5. */
  rating: number
  title: string
  body: string
  /** 'small', 'true' or 'large' (contracts/reviews.ts). */
  fit: string
  /** The photos' image keys, a JSON array of at most three. */
  photos: string
  /** 1 when `photos` holds any, for the "with photos" filter. */
  has_photos: number
  /** 'pending', 'approved' or 'hidden'. */
  status: string
  /** The store's answer; null for none. */
  reply: string | null
  /** Helpful votes, one an account (review_votes). */
  helpful: number
  created_at: number
  updated_at: number
  /** When the owner last approved or hid it. */
  decided_at: number | null
}

/** One account's "Helpful" on one review. */
export interface ReviewVotesTable {
  review_id: string
  user_id: string
  created_at: number
}

export interface ReviewTables {
  reviews: ReviewsTable
  review_votes: ReviewVotesTable
}

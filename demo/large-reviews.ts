import type { Fit, ReviewStatus } from '#contracts/reviews.ts'

// Generated reviews for measuring the store at size (`npm run db:seed -- --products N
// --reviews M`): spread over every product, one a reviewer and product, with the stars,
// fits and states a real store sees (most approved, most 4 or 5 stars). Deterministic:
// the same counts give the same reviews.

export interface GeneratedReview {
  reviewer: number
  productIndex: number
  rating: number
  fit: Fit
  status: ReviewStatus
  title: string
  text: string
  helpful: number
  createdAt: number
}

/** Reviews each generated reviewer writes at most: reviewers = ceil(reviews / this). */
export const REVIEWS_PER_REVIEWER = 50

const titles = ['Lovely fabric', 'Good value', 'As pictured', 'Runs a little off', 'Not for me', 'My new favourite']
const texts = [
  'The cotton is soft and it held its shape after washing.',
  'Delivered on time and the stitching is neat all round.',
  'The colour is a shade darker than the photos, still nice.',
  'Comfortable for a full day out in the Karachi heat.',
  'Had to return it: the fabric felt thinner than expected.',
]

/** A small, fast, seeded generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function pick<T>(r: number, weighted: readonly (readonly [T, number])[]): T {
  let left = r
  for (const [value, weight] of weighted) {
    if (left < weight) return value
    left -= weight
  }
  return weighted[weighted.length - 1]![0]
}

/** How many reviewers write `total` reviews of `products` products (see largeReviews). */
export function reviewersFor(total: number, products: number): number {
  return Math.ceil(total / Math.min(REVIEWS_PER_REVIEWER, products))
}

/**
 * `total` reviews over `products` products, `chunkSize` at a time. Reviewer k reviews
 * consecutive products from a starting point of their own, fewer than the catalog holds,
 * so their products are distinct (one review a shopper and product) and every product is reached.
 */
export function* largeReviews(
  total: number,
  products: number,
  options: { now: number; chunkSize: number },
): Generator<GeneratedReview[]> {
  const reviewers = reviewersFor(total, products)
  const next = random(20261127)
  let chunk: GeneratedReview[] = []
  for (let j = 0; j < total; j++) {
    const reviewer = j % reviewers
    const round = Math.floor(j / reviewers)
    const productIndex = (reviewer * 7919 + round) % products
    const rating = pick(next(), [
      [5, 0.45],
      [4, 0.3],
      [3, 0.12],
      [2, 0.06],
      [1, 0.07],
    ] as const)
    chunk.push({
      reviewer,
      productIndex,
      rating,
      fit: pick(next(), [
        ['true', 0.6],
        ['small', 0.25],
        ['large', 0.15],
      ] as const),
      status: pick(next(), [
        ['approved', 0.9],
        ['pending', 0.07],
        ['hidden', 0.03],
      ] as const),
      title: titles[Math.floor(next() * titles.length)]!,
      text: texts[Math.floor(next() * texts.length)]!,
      helpful: Math.floor(next() ** 3 * 40),
      createdAt: options.now - Math.floor(next() * 365 * 24 * 3600 * 1000),
    })
    if (chunk.length === options.chunkSize) {
      yield chunk
      chunk = []
    }
  }
  if (chunk.length) yield chunk
}

// Reviews' plain values, apart from their schemas (contracts/reviews.ts), so the product
// page reads them without zod (docs/decisions/038).

/** How the piece fit: runs small, true to size, runs large. */
export const fits = ['small', 'true', 'large'] as const
export type Fit = (typeof fits)[number]

export const reviewSorts = ['newest', 'helpful', 'lowest'] as const
export type ReviewSort = (typeof reviewSorts)[number]

export const reviewStatuses = ['pending', 'approved', 'hidden'] as const
export type ReviewStatus = (typeof reviewStatuses)[number]

export const REVIEW_TEXT_MIN = 20
export const REVIEW_TEXT_MAX = 2000
export const REVIEW_TITLE_MAX = 120
export const REPLY_MAX = 2000
/** Photos one review may carry. */
export const REVIEW_PHOTOS_MAX = 3
/** Reviews a page of the product's list shows. */
export const REVIEWS_PAGE_SIZE = 10
/** A rating at or below this is "low" in the console's filter. */
export const LOW_RATING = 2

/** What most reviewers said of the fit, when anyone said anything. */
export function fitSummary(fit: Record<Fit, number>): Fit | null {
  const best = fits.reduce((a, b) => (fit[b] > fit[a] ? b : a), 'true' as Fit)
  return fit[best] > 0 ? best : null
}

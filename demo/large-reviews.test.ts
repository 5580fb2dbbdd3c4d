import { describe, expect, it } from 'vitest'
import { largeReviews, reviewersFor } from '#demo/large-reviews.ts'

describe('largeReviews', () => {
  it.each([
    [20_000, 2_000],
    [300, 20],
    [1_000, 7],
  ])('writes %i reviews of %i products, one a reviewer and product, reaching every product', (total, products) => {
    const all = [...largeReviews(total, products, { now: 0, chunkSize: 777 })].flat()
    expect(all).toHaveLength(total)
    const pairs = new Set(all.map((r) => `${r.reviewer}/${r.productIndex}`))
    expect(pairs.size).toBe(total)
    expect(new Set(all.map((r) => r.productIndex)).size).toBe(products)
    expect(Math.max(...all.map((r) => r.reviewer)) + 1).toBe(reviewersFor(total, products))
    expect(all.every((r) => r.rating >= 1 && r.rating <= 5)).toBe(true)
  })

  it('gives the same reviews for the same counts', () => {
    const a = [...largeReviews(500, 50, { now: 1, chunkSize: 100 })].flat()
    const b = [...largeReviews(500, 50, { now: 1, chunkSize: 100 })].flat()
    expect(a).toEqual(b)
  })
})

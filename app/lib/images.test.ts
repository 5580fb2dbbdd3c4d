import { describe, expect, it } from 'vitest'
import { productSrcSet } from '#app/lib/images.ts'

describe('productSrcSet', () => {
  it('offers both generated widths', () => {
    expect(productSrcSet('/images/products/a-front-800.webp')).toBe(
      '/images/products/a-front-400.webp 400w, /images/products/a-front-800.webp 800w',
    )
  })
  it('leaves other images alone', () => {
    expect(productSrcSet('/hero/hero-1.jpg')).toBeUndefined()
  })
})

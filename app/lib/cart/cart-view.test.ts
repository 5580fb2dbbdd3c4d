import { describe, expect, it } from 'vitest'
import { cartView, parseQuantity, type CartProduct } from '#app/lib/cart/cart-view.ts'

const products: CartProduct[] = [
  { _id: 'kurta', name: 'Lawn Kurta', price: 3490, image1: '/k.webp' },
  { _id: 'shirt', name: 'Oxford Shirt', price: 3290, image1: '/s.webp' },
]

describe('cartView', () => {
  it('joins each line (product and size) with its product and totals the cart', () => {
    const { rows, totals } = cartView({ kurta: { M: 3 }, shirt: { S: 1, L: 2 } }, products)
    expect(rows.map((r) => [r.productId, r.size, r.quantity, r.product?.name])).toEqual([
      ['kurta', 'M', 3, 'Lawn Kurta'],
      ['shirt', 'S', 1, 'Oxford Shirt'],
      ['shirt', 'L', 2, 'Oxford Shirt'],
    ])
    const subtotal = 3490 * 3 + 3290 * 3
    expect(totals).toEqual({ subtotal, discountable: subtotal, discount: 0, deliveryFee: 50, total: subtotal + 50 })
  })

  it('has no fee and no total for an empty cart', () => {
    expect(cartView({}, products)).toEqual({
      rows: [],
      totals: { subtotal: 0, discountable: 0, discount: 0, deliveryFee: 0, total: 0 },
      belowMinimum: false,
    })
  })

  it('keeps a line of a product no longer sold, so it can be removed, but does not price it', () => {
    const { rows, totals } = cartView({ gone: { M: 1 }, kurta: { S: 1 } }, products)
    expect(rows[0]).toEqual({ productId: 'gone', size: 'M', quantity: 1, product: undefined })
    expect(totals.subtotal).toBe(3490)
  })
})

describe('cartView with settings and a code (docs/decisions/026)', () => {
  const code = { code: 'EID', terms: { kind: 'fixed' as const, value: 500, appliesToSale: false }, minSubtotal: 7000 }

  it('prices the applied code, and nothing while the subtotal is below its minimum', () => {
    const delivery = { fee: 99, freeOver: null }
    const below = cartView({ kurta: { M: 2 } }, products, delivery, code)
    expect(below.totals).toMatchObject({ subtotal: 6980, discount: 0, deliveryFee: 99 })
    expect(below.belowMinimum).toBe(true)
    const enough = cartView({ kurta: { M: 3 } }, products, delivery, code)
    expect(enough.belowMinimum).toBe(false)
    expect(enough.totals).toMatchObject({ subtotal: 10470, discount: 500, total: 10470 + 99 - 500 })
  })
})

describe('parseQuantity', () => {
  it('accepts whole numbers of 0 or more', () => {
    expect(parseQuantity('0')).toBe(0)
    expect(parseQuantity('3')).toBe(3)
    expect(parseQuantity(' 12 ')).toBe(12)
  })

  it('caps at the line maximum', () => {
    expect(parseQuantity('250')).toBe(100)
  })

  it('ignores negatives, fractions, empty and other text (docs/spec/store-spec.md §5)', () => {
    for (const text of ['-1', '-0', '1.5', '', ' ', 'e', '1e2', 'two']) expect(parseQuantity(text)).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { computeTotals, DELIVERY_FEE, formatPrice } from '#contracts/pricing.ts'

const prices: Record<string, number> = { shirt: 1299, jeans: 3499 }
const priceOf = (id: string) => prices[id]

describe('computeTotals', () => {
  it('sums price × quantity and adds the delivery fee of 50', () => {
    expect(DELIVERY_FEE).toBe(50)
    expect(
      computeTotals(
        [
          { productId: 'shirt', quantity: 2 },
          { productId: 'jeans', quantity: 1 },
        ],
        priceOf,
      ),
    ).toEqual({ subtotal: 2 * 1299 + 3499, deliveryFee: 50, total: 2 * 1299 + 3499 + 50 })
  })

  it('charges no fee and totals 0 for an empty subtotal', () => {
    expect(computeTotals([], priceOf)).toEqual({ subtotal: 0, deliveryFee: 0, total: 0 })
  })

  it('leaves out lines whose product is unknown', () => {
    expect(
      computeTotals(
        [
          { productId: 'shirt', quantity: 1 },
          { productId: 'withdrawn', quantity: 5 },
        ],
        priceOf,
      ),
    ).toEqual({ subtotal: 1299, deliveryFee: 50, total: 1349 })
  })

  it('charges no fee when every line is unknown', () => {
    expect(computeTotals([{ productId: 'withdrawn', quantity: 3 }], priceOf)).toEqual({
      subtotal: 0,
      deliveryFee: 0,
      total: 0,
    })
  })

  it('reads any iterable of lines', () => {
    const lines = new Set([{ productId: 'jeans', quantity: 3 }])
    expect(computeTotals(lines, priceOf).total).toBe(3 * 3499 + 50)
  })
})

describe('formatPrice', () => {
  it("formats whole rupees as 'Rs 1,299'", () => {
    expect(formatPrice(1299)).toBe('Rs 1,299')
    expect(formatPrice(50)).toBe('Rs 50')
    expect(formatPrice(0)).toBe('Rs 0')
    expect(formatPrice(1234567)).toBe('Rs 1,234,567')
  })
})

import { describe, expect, it } from 'vitest'
import { computeTotals, DELIVERY_FEE, formatPrice, isOnSale, shortOfFreeDelivery } from '#contracts/pricing.ts'

const prices: Record<string, number> = { shirt: 1299, jeans: 3499 }
const priceOf = (id: string) => prices[id]
const plain = (subtotal: number, deliveryFee: number) => ({
  subtotal,
  discountable: subtotal,
  discount: 0,
  deliveryFee,
  total: subtotal + deliveryFee,
})

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
    ).toEqual(plain(2 * 1299 + 3499, 50))
  })

  it('charges no fee and totals 0 for an empty subtotal', () => {
    expect(computeTotals([], priceOf)).toEqual(plain(0, 0))
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
    ).toEqual(plain(1299, 50))
  })

  it('charges no fee when every line is unknown', () => {
    expect(computeTotals([{ productId: 'withdrawn', quantity: 3 }], priceOf)).toEqual(plain(0, 0))
  })

  it('reads any iterable of lines', () => {
    const lines = new Set([{ productId: 'jeans', quantity: 3 }])
    expect(computeTotals(lines, priceOf).total).toBe(3 * 3499 + 50)
  })

  it('takes the fee from the settings, free at or above the threshold (docs/decisions/026)', () => {
    const delivery = { fee: 120, freeOver: 3499 }
    expect(computeTotals([{ productId: 'shirt', quantity: 1 }], priceOf, delivery)).toEqual(plain(1299, 120))
    expect(computeTotals([{ productId: 'jeans', quantity: 1 }], priceOf, delivery)).toEqual(plain(3499, 0))
    expect(computeTotals([], priceOf, delivery)).toEqual(plain(0, 0))
  })

  it('takes a percent (rounded to whole rupees), a fixed amount (at most the lines) or the fee off', () => {
    const lines = [{ productId: 'shirt', quantity: 1 }]
    const spec = { fee: 50, freeOver: null }
    expect(computeTotals(lines, priceOf, spec, { kind: 'percent', value: 15, appliesToSale: false })).toMatchObject({
      discount: 195, // 194.85
      total: 1299 + 50 - 195,
    })
    expect(computeTotals(lines, priceOf, spec, { kind: 'fixed', value: 5000, appliesToSale: false })).toMatchObject({
      discount: 1299,
      total: 50,
    })
    expect(
      computeTotals(lines, priceOf, spec, { kind: 'free_delivery', value: 0, appliesToSale: false }),
    ).toMatchObject({ discount: 50, deliveryFee: 50, total: 1299 })
  })

  it('leaves lines on sale out of what a code takes off, unless the code applies to sale items', () => {
    const lines = [
      { productId: 'shirt', quantity: 1, onSale: true },
      { productId: 'jeans', quantity: 1, onSale: false },
    ]
    const spec = { fee: 50, freeOver: null }
    expect(computeTotals(lines, priceOf, spec, { kind: 'percent', value: 10, appliesToSale: false })).toMatchObject({
      subtotal: 1299 + 3499,
      discountable: 3499,
      discount: 350,
    })
    expect(computeTotals(lines, priceOf, spec, { kind: 'percent', value: 10, appliesToSale: true })).toMatchObject({
      discountable: 1299 + 3499,
      discount: 480,
    })
    const allOnSale = [{ productId: 'shirt', quantity: 2, onSale: true }]
    expect(computeTotals(allOnSale, priceOf, spec, { kind: 'fixed', value: 100, appliesToSale: false })).toMatchObject({
      discountable: 0,
      discount: 0,
    })
  })
})

describe('isOnSale', () => {
  it('is the one seam a sale reaches pricing through: a compare-at price', () => {
    expect(isOnSale({ price: 2999 })).toBe(false)
    expect(isOnSale({ price: 2999, compareAtPrice: null })).toBe(false)
    expect(isOnSale({ price: 2999, compareAtPrice: 3999 })).toBe(true)
  })
})

describe('shortOfFreeDelivery', () => {
  it('says how much more makes delivery free; nothing when it is free, not offered, or the cart is empty', () => {
    expect(shortOfFreeDelivery(4000, { fee: 50, freeOver: 5000 })).toBe(1000)
    expect(shortOfFreeDelivery(5000, { fee: 50, freeOver: 5000 })).toBeNull()
    expect(shortOfFreeDelivery(4000, { fee: 50, freeOver: null })).toBeNull()
    expect(shortOfFreeDelivery(0, { fee: 50, freeOver: 5000 })).toBeNull()
  })
})

describe('formatPrice', () => {
  it("formats whole rupees as 'Rs 1,299'", () => {
    expect(formatPrice(1299)).toBe('Rs 1,299')
    expect(formatPrice(50)).toBe('Rs 50')
    expect(formatPrice(0)).toBe('Rs 0')
    expect(formatPrice(1234567)).toBe('Rs 1,234,567')
  })

  it('writes every amount as Intl.NumberFormat en-PK does, without it', () => {
    const intl = new Intl.NumberFormat('en-PK', { maximumFractionDigits: 0 })
    const amounts = [
      -0,
      0.5,
      -0.5,
      -0.4,
      2.5,
      -2.5,
      999.5,
      999_999.5,
      1e15,
      Number.MAX_SAFE_INTEGER,
      1e21,
      NaN,
      Infinity,
    ]
    for (let n = 1; n < 1e16; n *= 7) amounts.push(n, -n, n + 0.5, n / 3, Math.floor(n) - 1)
    for (const amount of amounts) expect(formatPrice(amount), String(amount)).toBe(`Rs ${intl.format(amount)}`)
  })
})

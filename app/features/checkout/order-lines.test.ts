import { describe, expect, it } from 'vitest'
import { cartView } from '#app/lib/cart/cart-view.ts'
import { orderItems } from '#app/features/checkout/order-lines.ts'

describe('orderItems', () => {
  it('sends the lines the shopper saw as product, size and quantity, without prices', () => {
    const { rows } = cartView({ kurta: { M: 2, L: 1 } }, [{ _id: 'kurta', name: 'Kurta', price: 3490, image1: '' }])
    expect(orderItems(rows)).toEqual([
      { _id: 'kurta', size: 'M', quantity: 2 },
      { _id: 'kurta', size: 'L', quantity: 1 },
    ])
  })
})

import { describe, expect, it } from 'vitest'
import type { Order } from '#contracts/orders.ts'
import { flattenOrders, paymentMethodName, statusTone } from '#app/features/orders/my-orders.ts'

const address = {
  firstName: 'Ayesha',
  lastName: 'Khan',
  email: 'ayesha@example.com',
  street: '12 Clifton',
  city: 'Karachi',
  state: 'Sindh',
  pinCode: '75600',
  country: 'Pakistan',
  phone: '03001234567',
}

function order(id: string, date: number, names: string[], status: Order['status'] = 'Order Placed'): Order {
  return {
    _id: id,
    items: names.map((name, i) => ({
      _id: `p-${name}`,
      name,
      price: 1000 + i,
      image: `/${name}.webp`,
      image1: `/${name}.webp`,
      size: 'M',
      quantity: i + 1,
    })),
    subtotal: 0,
    deliveryFee: 0,
    discountCode: null,
    discount: 0,
    amount: 0,
    address,
    status,
    payment: false,
    paymentMethod: 'COD',
    date,
    events: [{ at: date, from: null, to: 'Order Placed', by: 'shopper', note: null, request: null }],
    courier: null,
    trackingNumber: null,
    trackingUrl: null,
    request: null,
    exchangeFor: null,
  }
}

describe('flattenOrders', () => {
  it('lists every item, newest order first (the server answers oldest first)', () => {
    const items = flattenOrders([order('o1', 1000, ['a', 'b']), order('o2', 2000, ['c'], 'Shipped')])
    expect(items.map((i) => i.name)).toEqual(['c', 'b', 'a'])
  })

  it('gives each item its order status, payment, method and date', () => {
    const [first, second] = flattenOrders([order('o1', 1000, ['a']), order('o2', 2000, ['c'], 'Delivered')])
    expect(first).toMatchObject({
      name: 'c',
      orderId: 'o2',
      status: 'Delivered',
      payment: false,
      paymentMethod: 'COD',
      date: 2000,
    })
    expect(second).toMatchObject({ name: 'a', orderId: 'o1', status: 'Order Placed', date: 1000, quantity: 1 })
  })

  it('gives every item a unique key, even the same product twice', () => {
    const items = flattenOrders([order('o1', 1, ['a', 'a']), order('o2', 2, ['a'])])
    expect(new Set(items.map((i) => i.key)).size).toBe(3)
  })

  it("marks the lines an exchange or return takes with the request's kind and state, and no other", () => {
    const delivered = order('o1', 1000, ['a', 'b'], 'Delivered')
    const piece = delivered.items[1]!
    delivered.request = {
      id: 'r1',
      orderId: 'o1',
      kind: 'exchange',
      status: 'approved',
      items: [{ ...piece, newSize: 'L' }],
      reason: 'size',
      note: '',
      photos: [],
      decisionNote: null,
      exchangeOrderId: 'o2',
      refundMethod: null,
      refundReference: null,
      refundAmount: 0,
      createdAt: 1500,
      decidedAt: 1600,
      receivedAt: null,
    }
    const [b, a] = flattenOrders([delivered])
    expect(b).toMatchObject({ name: 'b', request: { kind: 'exchange', status: 'approved' } })
    expect(a).toMatchObject({ name: 'a', request: null })
  })

  it('answers an empty list for no orders', () => {
    expect(flattenOrders([])).toEqual([])
  })
})

describe('order labels', () => {
  it("shows 'COD' as 'Cash On Delivery'", () => {
    expect(paymentMethodName('COD')).toBe('Cash On Delivery')
  })

  it('colours each status', () => {
    expect(statusTone('Order Placed')).toBe('placed')
    expect(statusTone('Packing')).toBe('moving')
    expect(statusTone('Out for delivery')).toBe('moving')
    expect(statusTone('Delivered')).toBe('delivered')
    expect(statusTone('Cancelled')).toBe('cancelled')
  })
})

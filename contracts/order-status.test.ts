import { describe, expect, it } from 'vitest'
import { canMove, isFinal, isPaid, orderStatuses, restocks, shopperMoves } from '#contracts/order-status.ts'

describe('the order status table', () => {
  it('allows exactly the moves of docs/spec/rulings.md #15', () => {
    const legal = orderStatuses.flatMap((from) =>
      orderStatuses.filter((to) => canMove(from, to)).map((to) => `${from} → ${to}`),
    )
    expect(legal).toEqual([
      'Order Placed → Confirmed',
      'Order Placed → Cancelled',
      'Confirmed → Packing',
      'Confirmed → Cancelled',
      'Packing → Shipped',
      'Packing → Cancelled',
      'Shipped → Out for delivery',
      'Shipped → Delivered',
      'Shipped → Returned',
      'Out for delivery → Delivered',
      'Out for delivery → Returned',
    ])
  })

  it('ends at Delivered, Returned and Cancelled', () => {
    expect(orderStatuses.filter(isFinal)).toEqual(['Delivered', 'Returned', 'Cancelled'])
  })

  it('lets the shopper confirm a placed order and cancel until packing', () => {
    expect(shopperMoves('Order Placed')).toEqual(['Confirmed', 'Cancelled'])
    expect(shopperMoves('Confirmed')).toEqual(['Cancelled'])
    for (const s of ['Packing', 'Shipped', 'Out for delivery', 'Delivered', 'Returned', 'Cancelled'] as const)
      expect(shopperMoves(s)).toEqual([])
  })

  it('restocks on Cancelled and Returned, and is paid only when Delivered', () => {
    expect(orderStatuses.filter(restocks)).toEqual(['Returned', 'Cancelled'])
    expect(orderStatuses.filter(isPaid)).toEqual(['Delivered'])
  })
})

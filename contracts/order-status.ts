// The life of a cash-on-delivery order (docs/spec/rulings.md #15): one table that the
// server enforces, the storefront reads and the store's console offers.

export const orderStatuses = [
  'Order Placed',
  'Confirmed',
  'Packing',
  'Shipped',
  'Out for delivery',
  'Delivered',
  'Returned',
  'Cancelled',
] as const
export type OrderStatus = (typeof orderStatuses)[number]

/** Who moved an order: the shopper, the store, or the store's own processes. */
export const orderActors = ['shopper', 'store', 'system'] as const
export type OrderActor = (typeof orderActors)[number]

/** Every legal move; a status not listed as a key is final. */
export const orderTransitions: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  'Order Placed': ['Confirmed', 'Cancelled'],
  Confirmed: ['Packing', 'Cancelled'],
  Packing: ['Shipped', 'Cancelled'],
  Shipped: ['Out for delivery', 'Delivered', 'Returned'],
  'Out for delivery': ['Delivered', 'Returned'],
  Delivered: [],
  Returned: [],
  Cancelled: [],
}

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return orderTransitions[from].includes(to)
}

export function isFinal(status: OrderStatus): boolean {
  return orderTransitions[status].length === 0
}

/** The shopper confirms an order awaiting confirmation, and cancels it until it is packed. */
export function shopperMoves(status: OrderStatus): OrderStatus[] {
  return (['Confirmed', 'Cancelled'] as const).filter(
    (to) => canMove(status, to) && (to === 'Cancelled' ? status !== 'Packing' : true),
  )
}

/** Moves that put the order's stock back on the shelf. */
export function restocks(to: OrderStatus): boolean {
  return to === 'Cancelled' || to === 'Returned'
}

/** The cash is collected on delivery, never before (docs/spec/rulings.md #15). */
export function isPaid(status: OrderStatus): boolean {
  return status === 'Delivered'
}

export function isOrderStatus(value: string): value is OrderStatus {
  return (orderStatuses as readonly string[]).includes(value)
}

import type { TFunction } from 'i18next'
import type { Order, OrderItem } from '#contracts/orders.ts'
import type { OrderRequest } from '#contracts/requests.ts'

/** An ordered item as My Orders lists it: it inherits its order's status, payment and date. */
export interface OrderedItem extends OrderItem {
  /** Unique in the list: the order id and the line's place in it. */
  key: string
  orderId: string
  status: Order['status']
  payment: boolean
  paymentMethod: Order['paymentMethod']
  date: number
  /** The discount code the order used (docs/decisions/026). */
  discountCode: string | null
  /** What the code took off the whole order. */
  discount: number
  /** The order's courier and its page for the parcel, once shipped (contracts/couriers.ts). */
  courier: string | null
  trackingUrl: string | null
  /** The order's exchange or return request, where it takes this line's pieces (docs/decisions/036). */
  request: Pick<OrderRequest, 'kind' | 'status'> | null
}

/**
 * docs/spec/store-spec.md §7: the orders (oldest first, as the server answers) flattened to
 * their items and reversed, so the newest is first.
 */
export function flattenOrders(orders: readonly Order[]): OrderedItem[] {
  const items: OrderedItem[] = []
  for (const order of orders) {
    order.items.forEach((item, index) => {
      items.push({
        ...item,
        key: `${order._id}:${index}`,
        orderId: order._id,
        status: order.status,
        payment: order.payment,
        paymentMethod: order.paymentMethod,
        date: order.date,
        discountCode: order.discountCode,
        discount: order.discount,
        courier: order.courier,
        trackingUrl: order.trackingUrl,
        request:
          order.request && order.request.items.some((r) => r._id === item._id && r.size === item.size)
            ? { kind: order.request.kind, status: order.request.status }
            : null,
      })
    })
  }
  return items.reverse()
}

const methodNames: Record<string, string> = { COD: 'Cash On Delivery' }

/**
 * docs/spec/rulings.md #15: 'COD' is shown as 'Cash On Delivery'; given the page's `t`, in
 * its language (the stored and answered value stays 'COD').
 */
export function paymentMethodName(method: string, t?: TFunction<'orders'>): string {
  if (method === 'COD' && t) return t('payment.cod')
  return methodNames[method] ?? method
}

export type StatusTone = 'placed' | 'moving' | 'delivered' | 'cancelled'

/** The colour family of a status dot. */
export function statusTone(status: string): StatusTone {
  switch (status) {
    case 'Delivered':
      return 'delivered'
    case 'Cancelled':
    case 'Returned':
      return 'cancelled'
    case 'Confirmed':
    case 'Packing':
    case 'Shipped':
    case 'Out for delivery':
      return 'moving'
    default:
      return 'placed'
  }
}

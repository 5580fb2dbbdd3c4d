import type { TFunction } from 'i18next'
import { isOrderStatus, type OrderStatus } from '#contracts/order-status.ts'
import { translateMessage } from '#app/lib/i18n/i18n.ts'

// Statuses are stored and answered in English (the API's words);
// only what the shopper reads is in the page's language (docs/decisions/022).

const statusKeys = {
  'Order Placed': 'status.orderPlaced',
  Confirmed: 'status.confirmed',
  Packing: 'status.packing',
  Shipped: 'status.shipped',
  'Out for delivery': 'status.outForDelivery',
  Delivered: 'status.delivered',
  Returned: 'status.returned',
  Cancelled: 'status.cancelled',
} as const satisfies Record<OrderStatus, string>

/** 'Out for delivery' as the shopper reads it; a status the store does not know stays as it is. */
export function statusName(t: TFunction<'orders'>, status: string): string {
  return isOrderStatus(status) ? t(statusKeys[status]) : status
}

/**
 * What an order's page was told, in its language: the one message with changing parts
 * (server/orders/moves.ts, a move the order can no longer make) is read back with its
 * statuses; any other is looked up as it is.
 */
export function orderMessage(t: TFunction<'orders'>, message: string): string {
  const m = /^An order that is (.+) cannot become (.+)$/.exec(message)
  if (m?.[1] && m[2] && isOrderStatus(m[1]) && isOrderStatus(m[2]))
    return t('message.cannotBecome', { from: statusName(t, m[1]), to: statusName(t, m[2]) })
  // translateMessage names its own namespace ('server'), whichever this t was made for.
  return translateMessage(t as unknown as TFunction, message)
}

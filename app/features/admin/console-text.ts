import type { ParseKeys, TFunction } from 'i18next'
import { langOfPath } from '#contracts/languages.ts'
import type { OrderStatus } from '#contracts/order-status.ts'
import { i18nFor } from '#app/lib/i18n/i18n.ts'

// How the console names what the server hands it in its own words: the `admin` namespace
// (locales/README.md), whose keys name a status by these suffixes.

/** Each order status's name in the console's keys ('status.outForDelivery'). */
export const statusKey = {
  'Order Placed': 'orderPlaced',
  Confirmed: 'confirmed',
  Packing: 'packing',
  Shipped: 'shipped',
  'Out for delivery': 'outForDelivery',
  Delivered: 'delivered',
  Returned: 'returned',
  Cancelled: 'cancelled',
} as const satisfies Record<OrderStatus, string>

/** An order status as the console shows it; one it does not know, as the server wrote it. */
export function statusText(t: TFunction<'admin'>, status: string): string {
  const key = statusKey[status as OrderStatus] as (typeof statusKey)[OrderStatus] | undefined
  return key ? t(`status.${key}`) : status
}

/**
 * The console's messages outside a component (meta, actions), in the language of the
 * page's path: English, the console having no /ur twin.
 */
/**
 * An audit entry's action as the console names it, through the page's own table of
 * actions to message keys; an action the table lacks, as the server wrote it.
 */
export function auditActionText(
  t: TFunction<'admin'>,
  actions: Readonly<Record<string, ParseKeys<'admin'>>>,
  action: string,
): string {
  const key = Object.hasOwn(actions, action) ? actions[action] : undefined
  return key ? t(key) : action
}

export function consoleT(pathname: string): TFunction<'admin'> {
  const lang = langOfPath(pathname)
  return i18nFor(lang).getFixedT(lang, 'admin')
}

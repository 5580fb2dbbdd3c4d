import type { TFunction } from 'i18next'
import { translateMessage } from '#app/lib/i18n/i18n.ts'

/**
 * What the cart or the checkout was told, in the page's language (docs/decisions/022).
 * The server writes a few messages with a changing part (a product, a size, a count):
 * those are read back into their keyed messages here; any other is looked up as it is.
 */
export function cartMessage(t: TFunction<'cart'>, message: string): string {
  let m: RegExpMatchArray | null
  // server/cart/service.ts shortMessage
  if ((m = /^Only (\d+) left of (.+) in size (.+)$/.exec(message)))
    return t('message.onlyLeft', { left: m[1], name: m[2], size: m[3] })
  if ((m = /^(.+) in size (.+) is sold out$/.exec(message))) return t('message.soldOut', { name: m[1], size: m[2] })
  // server/cart/service.ts checkItem
  if ((m = /^size (.+) is not available for (.+)$/.exec(message)))
    return t('message.sizeUnavailable', { size: m[1], name: m[2] })
  // server/orders/new-order.ts openOrdersMessage
  m =
    /^(You have|This phone number has) (\d+) orders? waiting for confirmation\. Confirm or cancel (?:it|them) in My Orders before placing another\.$/.exec(
      message,
    )
  if (m) {
    const count = Number(m[2])
    return m[1] === 'You have' ? t('message.openOrders.account', { count }) : t('message.openOrders.phone', { count })
  }
  // server/orders/placing.ts countPlacement
  if ((m = /^Too many orders in a short time\. Please try again in (\d+) minutes?\.$/.exec(message)))
    return t('message.tooMany', { count: Number(m[1]) })
  // translateMessage names its own namespace ('server'), whichever this t was made for.
  return translateMessage(t as unknown as TFunction, message)
}

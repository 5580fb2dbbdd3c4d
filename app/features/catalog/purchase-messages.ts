import type { TFunction } from 'i18next'
import { translateMessage } from '#app/lib/i18n/i18n.ts'

/** The spec's alert for 'Add To Cart' without a size (docs/spec/store-spec.md §5). */
export const SIZE_REQUIRED = 'Please select a size before adding to cart'

type CatalogT = TFunction<'catalog'>

/**
 * The server's refusals that name a product, a size or a count: their English is the API's
 * (server/cart/service.ts, server/alerts/service.ts), so each is matched by its pattern and
 * said again in the page's language with the same parts.
 */
const patterns: [RegExp, (t: CatalogT, parts: string[]) => string][] = [
  [
    /^Only (\d+) left of (.+) in size (\S+)$/,
    (t, [left = '', name = '', size = '']) => t('refusal.onlyLeft', { left, name, size }),
  ],
  [/^(.+) in size (\S+) is sold out$/, (t, [name = '', size = '']) => t('refusal.soldOut', { name, size })],
  [
    /^(.+) in size (\S+) is in stock: add it to your cart$/,
    (t, [name = '', size = '']) => t('refusal.inStock', { name, size }),
  ],
  [
    /^size (\S+) is not available for (.+)$/,
    (t, [size = '', name = '']) => t('refusal.sizeUnavailable', { name, size }),
  ],
  [
    /^You are waiting for (\d+) sizes already\. Cancel one to ask for another\.$/,
    (t, [max = '']) => t('refusal.tooManyAlerts', { max }),
  ],
]

/**
 * A message the product page shows under 'Add To Cart' (the page's own, or the server's),
 * in the page's language (docs/decisions/022); one it does not know stays as it came.
 */
export function purchaseMessage(t: CatalogT, message: string): string {
  if (message === SIZE_REQUIRED) return t('purchase.sizeRequired')
  for (const [pattern, say] of patterns) {
    const match = pattern.exec(message)
    if (match) return say(t, match.slice(1))
  }
  // translateMessage names its own namespace ('server'), so this page's t serves it.
  return translateMessage(t as unknown as TFunction, message)
}

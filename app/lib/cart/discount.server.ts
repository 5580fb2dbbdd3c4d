import type { RouterContextProvider } from 'react-router'
import { discountCodeField, type DiscountRefusal } from '#contracts/discounts.ts'
import type { Delivery, DiscountTerms } from '#contracts/pricing.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { redirectIn } from '#app/lib/i18n/language.ts'
import { DISCOUNT_COOKIE } from '#server/auth/cookies.ts'

// The discount code field of the cart and the checkout (docs/decisions/026): one plain
// form posted to the page's own action, the applied code kept in a cookie for the
// checkout, and the cart priced with it by the server.

/** What the cart and checkout pages are handed: delivery, and the applied code with its terms or why it no longer works. */
export interface DiscountState {
  delivery: Delivery
  applied: { code: string; terms: DiscountTerms; minSubtotal: number } | null
  /** The kept code, refused now (expired, used up…): the page says why. */
  refused: { code: string; refusal: DiscountRefusal } | null
}

/** The code the shopper applied, from the request's cookie; null when none or not a code. */
export function appliedCode(request: Request): string | null {
  const header = request.headers.get('cookie') ?? ''
  const match = new RegExp(`(?:^|;\\s*)${DISCOUNT_COOKIE}=([^;]*)`).exec(header)
  if (!match?.[1]) return null
  const parsed = discountCodeField.safeParse(decodeURIComponent(match[1]))
  return parsed.success ? parsed.data : null
}

/** The loaders' part: delivery, and the applied code checked against the shopper's cart now. */
export async function discountState(
  context: Readonly<RouterContextProvider>,
  request: Request,
  userId: string,
): Promise<DiscountState> {
  const { services } = context.get(appContext)
  const delivery = services.orders.delivery()
  const code = appliedCode(request)
  if (code === null) return { delivery, applied: null, refused: null }
  const result = await services.orders.quoteDiscount(userId, code)
  if (!result.ok) return { delivery, applied: null, refused: { code, refusal: result.refusal } }
  return {
    delivery,
    applied: { code: result.quote.code, terms: result.terms, minSubtotal: result.minSubtotal },
    refused: null,
  }
}

/** What the field's form answers when a code is refused: the code as typed and why. */
export interface DiscountFormResult {
  discount: { code: string; refusal: DiscountRefusal | null }
}

/**
 * The field's form, posted to the cart's or the checkout's action (intent applyDiscount or
 * removeDiscount): a code that works is kept and the page drawn again; a refused one is
 * answered with its reason. Undefined when the post is not the field's.
 */
export async function discountAction(
  context: Readonly<RouterContextProvider>,
  request: Request,
  form: FormData,
  userId: string,
  path: string,
): Promise<Response | DiscountFormResult | undefined> {
  const intent = form.get('intent')
  const { sessionCookies, services } = context.get(appContext)
  if (intent === 'removeDiscount')
    return redirectIn(request, path, { headers: { 'Set-Cookie': sessionCookies.discount(null) } })
  if (intent !== 'applyDiscount') return undefined
  const sent = form.get('code')
  const typed = typeof sent === 'string' ? sent : ''
  const parsed = discountCodeField.safeParse(typed)
  if (!parsed.success)
    return { discount: { code: typed, refusal: typed.trim() === '' ? null : { reason: 'not-found' } } }
  const result = await services.orders.quoteDiscount(userId, parsed.data)
  if (!result.ok) return { discount: { code: typed, refusal: result.refusal } }
  return redirectIn(request, path, { headers: { 'Set-Cookie': sessionCookies.discount(result.quote.code) } })
}

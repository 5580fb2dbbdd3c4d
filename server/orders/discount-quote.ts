import type { DiscountQuote, DiscountRefusal } from '#contracts/discounts.ts'
import { refusalMessage } from '#contracts/discounts.ts'
import { isOnSale, type DiscountTerms } from '#contracts/pricing.ts'
import { AppError } from '#server/http/errors.ts'
import * as repo from '#server/orders/repository.ts'
import type { OrdersContext } from '#server/orders/context.ts'

// A discount code against the shopper's server cart, before the order (docs/decisions/026):
// what POST /api/cart/discount answers and what the cart and checkout pages show. Nothing
// is claimed here; placing the order checks the code again and claims its use.

/** The quote, with the code's terms so a page can price the cart as it changes. */
export type QuoteResult =
  | { ok: true; quote: DiscountQuote; terms: DiscountTerms; minSubtotal: number }
  | { ok: false; refusal: DiscountRefusal }

export function createDiscountQuote(ctx: OrdersContext) {
  const { db, carts, catalog, discounts, delivery } = ctx

  /** The cart priced with the code, or why the code is refused. */
  async function quote(userId: string, code: string): Promise<QuoteResult> {
    return db.transaction().execute(async (trx) => {
      const cart = await carts.linesForOrder(trx, userId)
      const products = new Map(
        (await catalog.pricesOf(trx, [...new Set(cart.map((l) => l.product_id))])).map((p) => [p.id, p]),
      )
      const basket = {
        lines: cart
          .filter((l) => products.has(l.product_id))
          .map((l) => ({
            productId: l.product_id,
            quantity: l.quantity,
            onSale: isOnSale(products.get(l.product_id)!),
          })),
        priceOf: (id: string) => products.get(id)?.price,
        delivery,
      }
      if (!discounts) return { ok: false, refusal: { reason: 'not-found' } }
      // The checkout has not named a phone yet: the account answers alone until the order is placed.
      const firstOrder = !(await repo.hasEarlierOrder(trx, { userId, phoneKey: null }))
      const result = await discounts.check(trx, code, { userId, phoneKey: null, firstOrder }, basket)
      if (!result.ok) return result
      const t = result.totals
      return {
        ok: true,
        quote: {
          code: result.code,
          subtotal: t.subtotal,
          discount: t.discount,
          delivery: t.deliveryFee,
          total: t.total,
        },
        terms: result.terms,
        minSubtotal: result.minSubtotal,
      }
    })
  }

  return {
    quoteDiscount: quote,

    /** POST /api/cart/discount: the quote, or 422 with the refusal's words; an empty cart is 409. */
    async discountForCart(userId: string, code: string): Promise<DiscountQuote> {
      const result = await quote(userId, code)
      if (!result.ok) throw new AppError(422, refusalMessage(result.refusal))
      if (result.quote.subtotal === 0) throw new AppError(409, 'Your cart is empty')
      return result.quote
    },

    /** The delivery fee and free-delivery threshold the pages show (server/config.ts). */
    delivery: () => delivery,
  }
}

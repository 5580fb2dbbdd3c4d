import { cartLines, MAX_LINE_QUANTITY, type Cart } from '#contracts/cart-lines.ts'
import type { ProductSummary } from '#contracts/catalog.ts'
import {
  computeTotals,
  isOnSale,
  SPEC_DELIVERY,
  type Delivery,
  type DiscountTerms,
  type Totals,
} from '#contracts/pricing.ts'

/** What a cart line shows of its product; `stock` (pieces left by size) when the page knows it. */
export type CartProduct = ProductSummary & { stock?: Record<string, number> }

export interface CartRow {
  productId: string
  size: string
  quantity: number
  /** Undefined when the product is no longer sold: the line can only be removed. */
  product: CartProduct | undefined
}

/** An applied discount code as the page prices it (docs/decisions/026). */
export interface AppliedDiscount {
  code: string
  terms: DiscountTerms
  minSubtotal: number
}

/**
 * The cart's lines (product and size) joined with their products, and its totals: with
 * the server's delivery settings and the applied code, which takes nothing off while the
 * subtotal is below its minimum (`belowMinimum`).
 */
export function cartView(
  cart: Cart,
  products: readonly CartProduct[],
  delivery: Delivery = SPEC_DELIVERY,
  discount: AppliedDiscount | null = null,
): { rows: CartRow[]; totals: Totals; belowMinimum: boolean } {
  const byId = new Map(products.map((p) => [p._id, p]))
  const lines = cartLines(cart).map((line) => {
    const product = byId.get(line.productId)
    return { ...line, onSale: product ? isOnSale(product) : false }
  })
  const priceOf = (id: string) => byId.get(id)?.price
  const plain = computeTotals(lines, priceOf, delivery)
  const belowMinimum = discount !== null && plain.subtotal < discount.minSubtotal
  return {
    rows: lines.map(({ onSale: _onSale, ...line }) => ({ ...line, product: byId.get(line.productId) })),
    totals: discount && !belowMinimum ? computeTotals(lines, priceOf, delivery, discount.terms) : plain,
    belowMinimum,
  }
}

/**
 * docs/spec/store-spec.md §5: a quantity is a whole number of 0 or more; anything else typed
 * (negative, fractional, empty) is ignored. Above the line maximum it is capped.
 */
export function parseQuantity(text: string): number | null {
  const trimmed = text.trim()
  if (!/^\d+$/.test(trimmed)) return null
  return Math.min(Number(trimmed), MAX_LINE_QUANTITY)
}

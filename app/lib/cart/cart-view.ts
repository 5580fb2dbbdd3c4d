import { cartLines, MAX_LINE_QUANTITY, type Cart } from '#contracts/cart-lines.ts'
import type { ProductSummary } from '#contracts/catalog.ts'
import { computeTotals, type Totals } from '#contracts/pricing.ts'

/** What a cart line shows of its product; `stock` (pieces left by size) when the page knows it. */
export type CartProduct = ProductSummary & { stock?: Record<string, number> }

export interface CartRow {
  productId: string
  size: string
  quantity: number
  /** Undefined when the product is no longer sold: the line can only be removed. */
  product: CartProduct | undefined
}

/** The cart's lines (product and size) joined with their products, and its totals. */
export function cartView(cart: Cart, products: readonly CartProduct[]): { rows: CartRow[]; totals: Totals } {
  const byId = new Map(products.map((p) => [p._id, p]))
  const lines = cartLines(cart)
  return {
    rows: lines.map((line) => ({ ...line, product: byId.get(line.productId) })),
    totals: computeTotals(lines, (id) => byId.get(id)?.price),
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

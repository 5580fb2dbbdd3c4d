import type { CartRow } from '#app/lib/cart/cart-view.ts'

/** What the checkout sends as the lines the shopper saw; the server compares them with its cart (docs/spec/rulings.md #13). */
export function orderItems(rows: readonly CartRow[]): { _id: string; size: string; quantity: number }[] {
  return rows.map((r) => ({ _id: r.productId, size: r.size, quantity: r.quantity }))
}

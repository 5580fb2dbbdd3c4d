export const DELIVERY_FEE = 50

export interface Totals {
  subtotal: number
  deliveryFee: number
  total: number
}

/**
 * docs/spec/store-spec.md §9 and docs/spec/rulings.md #13: Σ price × quantity, plus the delivery fee; an
 * empty subtotal has no fee. Prices are whole rupees, so this is exact integer math.
 * Lines whose product is unknown (priceOf answers undefined) are left out.
 */
export function computeTotals(
  lines: Iterable<{ productId: string; quantity: number }>,
  priceOf: (productId: string) => number | undefined,
): Totals {
  let subtotal = 0
  for (const line of lines) {
    const price = priceOf(line.productId)
    if (price !== undefined) subtotal += price * line.quantity
  }
  const deliveryFee = subtotal > 0 ? DELIVERY_FEE : 0
  return { subtotal, deliveryFee, total: subtotal + deliveryFee }
}

const rupees = new Intl.NumberFormat('en-PK', { maximumFractionDigits: 0 })

/** 'Rs 1,299' (docs/spec/rulings.md #18). */
export function formatPrice(amount: number): string {
  return `Rs ${rupees.format(amount)}`
}

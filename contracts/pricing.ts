import { groupedDigits } from '#contracts/digits.ts'

/** The spec's delivery fee (docs/spec/store-spec.md §9); the store's own is DELIVERY_FEE in server/config.ts. */
export const DELIVERY_FEE = 50

/** The delivery settings the server hands the pages and its own pricing (docs/decisions/026). */
export interface Delivery {
  fee: number
  /** Delivery is free at or above this subtotal; null: never. */
  freeOver: number | null
}

export const SPEC_DELIVERY: Delivery = { fee: DELIVERY_FEE, freeOver: null }

/** What a discount code takes off, as pricing needs it (docs/decisions/026). */
export interface DiscountTerms {
  kind: 'percent' | 'fixed' | 'free_delivery'
  /** A percent (1-100) or rupees; unused for free delivery. */
  value: number
  /** Whether lines on sale count towards what the discount is taken from. */
  appliesToSale: boolean
}

export interface Totals {
  subtotal: number
  /** The subtotal the discount was taken from: the lines it applies to. */
  discountable: number
  discount: number
  deliveryFee: number
  total: number
}

/** A cart line as pricing reads it; `onSale` is the one seam through which a sale reaches pricing. */
export interface PricedLine {
  productId: string
  quantity: number
  onSale?: boolean
}

/**
 * The one seam through which a sale reaches pricing (docs/decisions/026): a product is on
 * sale while it has a compare-at price. Products without the field are never on sale.
 */
export function isOnSale(product: { price: number; compareAtPrice?: number | null }): boolean {
  return product.compareAtPrice !== undefined && product.compareAtPrice !== null
}

/**
 * docs/spec/store-spec.md §9, docs/spec/rulings.md #13 as amended by docs/decisions/026:
 * Σ price × quantity; delivery is the fee, free at or above `freeOver`, none for an empty
 * subtotal; a discount comes off the lines it applies to (a percent rounded to whole
 * rupees, a fixed amount at most those lines' sum) or takes the delivery fee off. Total =
 * subtotal + delivery − discount. Prices are whole rupees, so this is exact integer math.
 * Lines whose product is unknown (priceOf answers undefined) are left out.
 */
export function computeTotals(
  lines: Iterable<PricedLine>,
  priceOf: (productId: string) => number | undefined,
  delivery: Delivery = SPEC_DELIVERY,
  discount: DiscountTerms | null = null,
): Totals {
  let subtotal = 0
  let discountable = 0
  for (const line of lines) {
    const price = priceOf(line.productId)
    if (price === undefined) continue
    subtotal += price * line.quantity
    if (!line.onSale || discount?.appliesToSale) discountable += price * line.quantity
  }
  const free = subtotal === 0 || (delivery.freeOver !== null && subtotal >= delivery.freeOver)
  const deliveryFee = free ? 0 : delivery.fee
  let off = 0
  if (discount?.kind === 'percent') off = Math.round((discountable * Math.min(100, discount.value)) / 100)
  else if (discount?.kind === 'fixed') off = Math.min(discount.value, discountable)
  else if (discount?.kind === 'free_delivery') off = deliveryFee
  return { subtotal, discountable, discount: off, deliveryFee, total: subtotal + deliveryFee - off }
}

/** Rupees still to add for free delivery; null when it is not offered, already reached, or the cart is empty. */
export function shortOfFreeDelivery(subtotal: number, delivery: Delivery): number | null {
  if (delivery.freeOver === null || subtotal === 0 || subtotal >= delivery.freeOver) return null
  return delivery.freeOver - subtotal
}

/**
 * 'Rs 1,299' (docs/spec/rulings.md #18): whole rupees, halves away from zero, as
 * `Intl.NumberFormat('en-PK', { maximumFractionDigits: 0 })` writes them, without loading it.
 */
export function formatPrice(amount: number): string {
  const grouped = groupedDigits(Math.round(Math.abs(amount)))
  if (grouped === null) return `Rs ${new Intl.NumberFormat('en-PK', { maximumFractionDigits: 0 }).format(amount)}`
  return `Rs ${amount < 0 || Object.is(amount, -0) ? '-' : ''}${grouped}`
}

/** How much a sale price is off its list price, in whole percent (for "−25%"). */
export function percentOff(price: number, compareAtPrice: number): number {
  return Math.round(((compareAtPrice - price) / compareAtPrice) * 100)
}

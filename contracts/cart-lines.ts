// The cart's shape and arithmetic, without its request schemas: what every store page
// needs at boot (the cart icon's count), so the page does not load zod to show it.

export const MAX_LINE_QUANTITY = 100

/**
 * Set to 1 by the browser while a guest's cart holds something: on a sale night a shopper
 * with a cart never waits in the line (docs/decisions/030). It says nothing else.
 */
export const CART_COOKIE = 'kapra_cart'

/** { productId: { size: quantity } } with no zero entries (docs/spec/store-spec.md §3). */
export type Cart = Record<string, Record<string, number>>

/** Sum of all quantities: the number on the cart icon (docs/spec/store-spec.md §9). */
export function cartCount(cart: Cart): number {
  let count = 0
  for (const sizes of Object.values(cart)) for (const q of Object.values(sizes)) count += q
  return count
}

export interface CartLine {
  productId: string
  size: string
  quantity: number
}

export function cartLines(cart: Cart): CartLine[] {
  const lines: CartLine[] = []
  for (const [productId, sizes] of Object.entries(cart)) {
    for (const [size, quantity] of Object.entries(sizes)) {
      if (quantity > 0) lines.push({ productId, size, quantity })
    }
  }
  return lines
}

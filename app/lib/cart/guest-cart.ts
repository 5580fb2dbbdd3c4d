import { CART_COOKIE, MAX_LINE_QUANTITY, type Cart } from '#contracts/cart-lines.ts'

const KEY = 'kapra.cart'

/** Guests keep their cart in the browser until they sign in (docs/spec/rulings.md #12). */
export function readGuestCart(storage: Storage | undefined = globalThis.localStorage): Cart {
  try {
    const raw = storage?.getItem(KEY)
    if (!raw) return {}
    return sanitizeCart(JSON.parse(raw) as unknown)
  } catch {
    return {}
  }
}

export function writeGuestCart(
  cart: Cart,
  storage: Storage | undefined = globalThis.localStorage,
  doc: CookieJar | undefined = globalThis.document,
): void {
  markGuestCart(cart, doc)
  try {
    if (Object.keys(cart).length === 0) storage?.removeItem(KEY)
    else storage?.setItem(KEY, JSON.stringify(cart))
  } catch {
    // Private mode or a full quota: the cart still works for this page view.
  }
}

/** Where a cookie is written: the page's document. */
export interface CookieJar {
  cookie: string
  location?: { protocol: string }
}

/**
 * The cart's cookie (CART_COOKIE): 1 while the guest's cart holds something, so the
 * line on a sale night lets them through (docs/decisions/030); gone when it is empty.
 * Also called when a page restores the cart, so a cart kept from before is marked too.
 */
export function markGuestCart(cart: Cart, doc: CookieJar | undefined = globalThis.document): void {
  if (!doc) return
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : ''
  doc.cookie =
    Object.keys(cart).length === 0
      ? `${CART_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
      : `${CART_COOKIE}=1; Path=/; Max-Age=${30 * 24 * 3600}; SameSite=Lax${secure}`
}

/** Whatever was stored, keep only whole quantities 1..100. */
export function sanitizeCart(value: unknown): Cart {
  const cart: Cart = {}
  if (!value || typeof value !== 'object') return cart
  for (const [id, sizes] of Object.entries(value)) {
    if (!sizes || typeof sizes !== 'object') continue
    for (const [size, q] of Object.entries(sizes as Record<string, unknown>)) {
      if (typeof q === 'number' && Number.isInteger(q) && q > 0) {
        ;(cart[id] ??= {})[size] = Math.min(q, MAX_LINE_QUANTITY)
      }
    }
  }
  return cart
}

/** Spec: setting a quantity to 0 removes the line; no zero or empty entries remain. */
export function withQuantity(cart: Cart, productId: string, size: string, quantity: number): Cart {
  const next: Cart = { ...cart, [productId]: { ...cart[productId] } }
  const sizes = next[productId]!
  if (quantity <= 0) delete sizes[size]
  else sizes[size] = Math.min(quantity, MAX_LINE_QUANTITY)
  if (Object.keys(sizes).length === 0) delete next[productId]
  return next
}

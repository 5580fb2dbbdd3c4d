import type { Cart } from '#contracts/cart-lines.ts'
import { toSummary } from '#contracts/catalog.ts'
import type { Services } from '#server/services.ts'
import type { CartProduct } from '#app/lib/cart/cart-view.ts'

/** The products a cart's lines need on screen, with today's stock, and no more of the catalog. */
export async function productsInCart(catalog: Services['catalog'], cart: Cart): Promise<CartProduct[]> {
  const products = await Promise.all(Object.keys(cart).map((id) => catalog.get(id)))
  return products.filter((p) => p !== undefined).map((p) => ({ ...toSummary(p), stock: p.stock }))
}

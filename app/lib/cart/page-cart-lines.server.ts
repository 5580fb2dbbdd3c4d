import type { RouterContextProvider } from 'react-router'
import type { CartLines } from '#server/cart/service.ts'
import { appContext, type AppLoadContext } from '#app/lib/app-context.server.ts'

const read = new WeakMap<AppLoadContext, Promise<CartLines>>()

/**
 * The signed-in shopper's cart lines, read once for the page: the root's loader (the header's
 * count) and the cart's or checkout's run side by side and each asked for them, two reads of
 * the same lines a page. For loaders only: an action that changes the cart reads for itself,
 * and the loaders that run after it read the cart as the action left it.
 */
export function pageCartLines(context: Readonly<RouterContextProvider>, userId: string): Promise<CartLines> {
  const value = context.get(appContext)
  let lines = read.get(value)
  if (!lines) {
    lines = value.services.cart.lines(userId)
    read.set(value, lines)
  }
  return lines
}

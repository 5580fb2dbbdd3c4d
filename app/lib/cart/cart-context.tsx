import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react'
import { useRevalidator } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { translateMessage } from '#app/lib/i18n/i18n.ts'
import type { User } from '#contracts/auth.ts'
import { cartCount, MAX_LINE_QUANTITY, type Cart } from '#contracts/cart-lines.ts'
import { api } from '#app/lib/api.ts'
import { useToast } from '#app/components/toaster.tsx'
import { markGuestCart, readGuestCart, withQuantity, writeGuestCart } from '#app/lib/cart/guest-cart.ts'

interface CartApi {
  cart: Cart
  /** Sum of all quantities (docs/spec/store-spec.md §9). */
  count: number
  /** Adds one of a product in a size; false when it could not be added. */
  add(productId: string, size: string): Promise<boolean>
  /** Sets a line's quantity; 0 removes it. */
  update(productId: string, size: string, quantity: number): Promise<void>
  /**
   * False until a guest's cart has been read from the browser (after hydration): an
   * `add` before then would start from an empty cart and overwrite the stored one.
   */
  ready: boolean
}

const CartContext = createContext<CartApi | null>(null)

/** The same lines: a guest's bag read back as the server drew it changes nothing on the page. */
const sameCart = (a: Cart, b: Cart) => JSON.stringify(a) === JSON.stringify(b)

export function useCart(): CartApi {
  const value = useContext(CartContext)
  if (!value) throw new Error('useCart outside CartProvider')
  return value
}

/**
 * docs/spec/store-spec.md §4: the cart is edited locally first, then synced to the server when
 * someone is signed in; the server's answer is the truth. Guests' carts live in the
 * browser and join the account's at sign-in.
 */
export function CartProvider({
  user,
  serverCart,
  children,
}: {
  user: User | null
  serverCart: Cart | null
  children: React.ReactNode
}) {
  const [cart, setCart] = useState<Cart>(serverCart ?? {})
  const toast = useToast()
  const { t } = useTranslation()
  // The server's messages and the cart's own, in the page's language (docs/decisions/022).
  const notify = useCallback(
    (message: string, kind: Parameters<typeof toast>[1]) => toast(translateMessage(t, message), kind),
    [toast, t],
  )
  const { revalidate } = useRevalidator()
  const signedIn = user !== null
  const [guestRestored, setGuestRestored] = useState(false)
  const confirmed = useRef<Cart>(serverCart ?? {})

  // The server's cart replaces ours whenever the loaders bring a new one (adjusted
  // while rendering, so the new cart shows in the same pass).
  const [seenServerCart, setSeenServerCart] = useState(serverCart)
  if (serverCart !== seenServerCart) {
    setSeenServerCart(serverCart)
    if (serverCart) setCart(serverCart)
  }
  useEffect(() => {
    if (serverCart) confirmed.current = serverCart
  }, [serverCart])

  // Guests: restore from the browser; on sign-in, merge it into the account.
  useEffect(() => {
    const guest = readGuestCart()
    if (!signedIn) {
      markGuestCart(guest)
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the browser's storage is only readable after hydration
      setCart((current) => (sameCart(current, guest) ? current : guest))
      setGuestRestored(true)
      return
    }
    if (Object.keys(guest).length === 0) return
    // Taken before the call: a second run of this effect (React's development double
    // run, or a quick re-render) finds nothing left and cannot add the bag twice.
    writeGuestCart({})
    api<Cart>('/api/cart/merge', { cart: guest }).then(
      (merged) => {
        confirmed.current = merged
        setCart(merged)
        void revalidate()
      },
      () => {
        // Not merged: the bag stays in the browser for the next try.
        writeGuestCart(guest)
        notify('We could not move your saved bag into your account. Please add the items again.', 'error')
      },
    )
  }, [signedIn, notify, revalidate])

  const sync = useCallback(
    async (call: () => Promise<Cart>) => {
      try {
        const next = await call()
        confirmed.current = next
        setCart(next)
        return true
      } catch (err) {
        setCart(confirmed.current)
        notify(err instanceof Error ? err.message : 'Your cart could not be updated.', 'error')
        return false
      }
    },
    [notify],
  )

  const add = useCallback(
    async (productId: string, size: string) => {
      const current = cart[productId]?.[size] ?? 0
      if (current >= MAX_LINE_QUANTITY) {
        notify(`You can add at most ${MAX_LINE_QUANTITY} of one item.`, 'error')
        return false
      }
      const next = withQuantity(cart, productId, size, current + 1)
      setCart(next)
      if (!signedIn) {
        writeGuestCart(next)
        return true
      }
      return sync(() => api<Cart>('/api/cart/add', { itemId: productId, size }))
    },
    [cart, signedIn, sync, notify],
  )

  const update = useCallback(
    async (productId: string, size: string, quantity: number) => {
      // docs/spec/store-spec.md §5: negative or fractional quantities are ignored.
      if (!Number.isInteger(quantity) || quantity < 0) return
      const next = withQuantity(cart, productId, size, quantity)
      setCart(next)
      if (!signedIn) {
        writeGuestCart(next)
        return
      }
      await sync(() =>
        api<Cart>('/api/cart/update', { itemId: productId, size, quantity: Math.min(quantity, MAX_LINE_QUANTITY) }),
      )
    },
    [cart, signedIn, sync],
  )

  const ready = signedIn || guestRestored
  const value = useMemo<CartApi>(
    () => ({ cart, count: cartCount(cart), add, update, ready }),
    [cart, add, update, ready],
  )
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>
}

import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import { useRevalidator } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import type { User } from '#contracts/auth.ts'
import { WISHLIST_MAX, WISHLIST_STORAGE_KEY } from '#contracts/wishlist-limits.ts'
import { api } from '#app/lib/api.ts'
import { translateMessage } from '#app/lib/i18n/i18n.ts'
import { useToast } from '#app/components/toaster.tsx'

interface WishlistApi {
  /** Product ids kept, newest first. */
  ids: string[]
  has(productId: string): boolean
  /** A heart on or off; false when it could not be saved. */
  set(productId: string, on: boolean): Promise<boolean>
}

const WishlistContext = createContext<WishlistApi | null>(null)
/**
 * False until a guest's list has been read from the browser (after hydration). A context of
 * its own: the hearts on every card read only the list, so the moment it is read changes
 * nothing they draw when the list is as the server drew it (docs/decisions/038).
 */
const WishlistReadyContext = createContext(false)

/** The wishlist's contexts, for markup the server draws apart from the page (app/lib/kept-markup.tsx). */
export const wishlistContexts = [WishlistContext, WishlistReadyContext] as const

export function useWishlist(): WishlistApi {
  const value = useContext(WishlistContext)
  if (!value) throw new Error('useWishlist outside WishlistProvider')
  return value
}

/** Whether the wishlist is known: always when signed in, after hydration for a guest. */
export function useWishlistReady(): boolean {
  return useContext(WishlistReadyContext)
}

const sameIds = (a: string[], b: string[]) => a.length === b.length && a.every((id, i) => id === b[i])

/** A guest's hearts, as the browser keeps them: product ids, newest first. */
export function readGuestWishlist(storage: Storage | undefined = globalThis.localStorage): string[] {
  try {
    const raw = storage?.getItem(WISHLIST_STORAGE_KEY)
    const value: unknown = raw ? JSON.parse(raw) : []
    return Array.isArray(value)
      ? [...new Set(value.filter((v): v is string => typeof v === 'string' && v.length <= 200))].slice(0, WISHLIST_MAX)
      : []
  } catch {
    return []
  }
}

export function writeGuestWishlist(ids: string[], storage: Storage | undefined = globalThis.localStorage): void {
  try {
    if (ids.length === 0) storage?.removeItem(WISHLIST_STORAGE_KEY)
    else storage?.setItem(WISHLIST_STORAGE_KEY, JSON.stringify(ids.slice(0, WISHLIST_MAX)))
  } catch {
    // Private mode or a full quota: the hearts still work for this page view.
  }
}

/**
 * The wishlist the hearts and the wishlist page share: a signed-in shopper's on the
 * server (the loaders bring it), a guest's in the browser, joining the account at
 * sign-in as the cart does.
 */
export function WishlistProvider({
  user,
  serverIds,
  children,
}: {
  user: User | null
  serverIds: string[] | null
  children: React.ReactNode
}) {
  const [ids, setIds] = useState<string[]>(serverIds ?? [])
  const [ready, setReady] = useState(user !== null)
  const toast = useToast()
  const { t } = useTranslation()
  const signedIn = user !== null
  const { revalidate } = useRevalidator()

  const [seen, setSeen] = useState(serverIds)
  if (serverIds !== seen) {
    setSeen(serverIds)
    if (serverIds) setIds(serverIds)
  }

  useEffect(() => {
    const guest = readGuestWishlist()
    if (!signedIn) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the browser's storage is only readable after hydration
      setIds((current) => (sameIds(current, guest) ? current : guest))
      setReady(true)
      return
    }
    if (guest.length === 0) return
    writeGuestWishlist([])
    api<{ ids: string[] }>('/api/wishlist/merge', { productIds: guest }).then(
      (merged) => {
        setIds(merged.ids)
        // The page's own data (the wishlist page's products) are read again with them.
        void revalidate()
      },
      () => writeGuestWishlist(guest),
    )
  }, [signedIn, revalidate])

  const set = useCallback(
    async (productId: string, on: boolean) => {
      const next = on ? [productId, ...ids.filter((id) => id !== productId)] : ids.filter((id) => id !== productId)
      if (!signedIn) {
        setIds(next.slice(0, WISHLIST_MAX))
        writeGuestWishlist(next)
        return true
      }
      const before = ids
      setIds(next)
      try {
        setIds((await api<{ ids: string[] }>('/api/wishlist', { productId, on })).ids)
        return true
      } catch (err) {
        setIds(before)
        toast(translateMessage(t, err instanceof Error ? err.message : 'Your wishlist could not be saved.'), 'error')
        return false
      }
    },
    [ids, signedIn, toast, t],
  )

  const value = useMemo(() => ({ ids, has: (id: string) => ids.includes(id), set }), [ids, set])
  return (
    <WishlistContext.Provider value={value}>
      <WishlistReadyContext.Provider value={ready}>{children}</WishlistReadyContext.Provider>
    </WishlistContext.Provider>
  )
}

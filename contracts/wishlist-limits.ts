// The wishlist's plain values, apart from its schemas (contracts/wishlist.ts), so the
// storefront's pages load them without zod (docs/decisions/038).

/** Products one wishlist may keep: plenty for a shopper, bounded for the store. */
export const WISHLIST_MAX = 100

/** The guest's wishlist in the browser: product ids, newest first. */
export const WISHLIST_STORAGE_KEY = 'kapra.wishlist'

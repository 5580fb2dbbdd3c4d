import type { Db } from '#server/db/database.ts'
import { AppError } from '#server/http/errors.ts'
import type { CatalogService } from '#server/catalog/service.ts'
import { WISHLIST_MAX, type Wishlist } from '#contracts/wishlist.ts'
import * as repo from '#server/wishlist/repository.ts'

export type WishlistService = ReturnType<typeof createWishlistService>

const FULL = `Your wishlist holds ${WISHLIST_MAX} products already. Remove one to keep another.`

/**
 * The wishlist: products a signed-in shopper keeps for later, newest first; a guest's
 * lives in the browser and joins the account at sign-in (merge). A product taken off sale
 * stays kept but is not shown until it is back.
 */
export function createWishlistService(db: Db, catalog: CatalogService, now: () => number = Date.now) {
  const ids = (userId: string) => repo.idsOf(db, userId, WISHLIST_MAX)

  return {
    ids,

    /** The products kept and on sale, with their sizes and stock (moving one to the cart asks for a size). */
    async get(userId: string): Promise<Wishlist> {
      const kept = await ids(userId)
      return { ids: kept, items: await catalog.getMany(kept) }
    },

    /** A heart on or off; on for an unknown product is a 404, off for one not kept is fine. */
    async set(userId: string, productId: string, on: boolean): Promise<string[]> {
      if (!on) {
        await repo.deleteItem(db, userId, productId)
        return ids(userId)
      }
      if ((await catalog.status(productId)) !== 'active') throw new AppError(404, 'Product not found')
      await db.transaction().execute(async (trx) => {
        if (
          (await repo.countOf(trx, userId)) >= WISHLIST_MAX &&
          !(await repo.idsOf(trx, userId, WISHLIST_MAX)).includes(productId)
        )
          throw new AppError(409, FULL)
        await repo.insertItems(trx, [{ user_id: userId, product_id: productId, created_at: now() }])
      })
      return ids(userId)
    },

    /**
     * A guest's wishlist joining the account at sign-in: the products on sale among them,
     * as far as the account has room, kept as newer than what it held. Answers the ids kept.
     */
    async merge(userId: string, productIds: string[]): Promise<string[]> {
      const wanted = [...new Set(productIds)]
      const onSale = new Set((await catalog.getMany(wanted)).map((p) => p._id))
      await db.transaction().execute(async (trx) => {
        const held = new Set(await repo.idsOf(trx, userId, WISHLIST_MAX))
        const room = Math.max(0, WISHLIST_MAX - (await repo.countOf(trx, userId)))
        // The browser's list is newest first: the first gets the latest time, the last one
        // still after whatever the account kept before (within the same millisecond too).
        const fresh = wanted.filter((id) => onSale.has(id) && !held.has(id)).slice(0, room)
        const at = now() + fresh.length
        await repo.insertItems(
          trx,
          fresh.map((id, i) => ({ user_id: userId, product_id: id, created_at: at - i })),
        )
      })
      return ids(userId)
    },
  }
}

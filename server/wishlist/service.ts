import type { Db, Executor } from '#server/db/database.ts'
import { AppError } from '#server/http/errors.ts'
import type { CatalogService } from '#server/catalog/service.ts'
import type { MailService } from '#server/mail/service.ts'
import { emailLanguage, wishlistEmail } from '#server/mail/templates.ts'
import type { Product } from '#contracts/catalog.ts'
import { formatPrice } from '#contracts/pricing.ts'
import { WISHLIST_MAX, type Wishlist } from '#contracts/wishlist.ts'
import * as repo from '#server/wishlist/repository.ts'

export type WishlistService = ReturnType<typeof createWishlistService>

const FULL = `Your wishlist holds ${WISHLIST_MAX} products already. Remove one to keep another.`

/** Keepers mailed at a time: memory stays the same however many keep a product. */
export const MAIL_PAGE = 200

/**
 * The wishlist: products a signed-in shopper keeps for later, newest first; a guest's
 * lives in the browser and joins the account at sign-in (merge). A product taken off sale
 * stays kept but is not shown until it is back. A keeper gets one email when a kept
 * product goes on sale, and one each time sizes of it that were sold out (when they kept
 * it, or since) are back, unless they turned the emails off (docs/decisions/035).
 */
export function createWishlistService(
  db: Db,
  domains: { catalog: CatalogService; mail: MailService },
  now: () => number = Date.now,
) {
  const { catalog, mail } = domains
  const ids = (userId: string) => repo.idsOf(db, userId, WISHLIST_MAX)
  const productUrl = (id: string) => `${mail.store.baseUrl}/productdetail/${encodeURIComponent(id)}`

  /**
   * Keeps products (inside `trx`): the sale running now counts as told, the sizes sold out
   * now are awaited (those that sell out later are awaited from the sell-out: awaitBack).
   */
  async function keep(trx: Executor, userId: string, products: Product[], at: number): Promise<void> {
    await repo.insertItems(
      trx,
      products.map((p, i) => ({
        user_id: userId,
        product_id: p._id,
        created_at: at - i,
        sale_mailed_until: p.compareAtPrice !== null && p.saleEndsAt ? Date.parse(p.saleEndsAt) : null,
      })),
    )
    for (const p of products)
      await repo.insertWaits(
        trx,
        userId,
        p._id,
        p.sizes.filter((s) => (p.stock[s] ?? 0) <= 0),
      )
  }

  return {
    ids,

    /** The products kept and on sale, with their sizes and stock (moving one to the cart asks for a size). */
    async get(userId: string): Promise<Wishlist> {
      const [kept, optedOut] = await Promise.all([ids(userId), repo.isOptedOut(db, userId)])
      return { ids: kept, items: await catalog.getMany(kept), emails: !optedOut }
    },

    /** A heart on or off; on for an unknown product is a 404, off for one not kept is fine. */
    async set(userId: string, productId: string, on: boolean): Promise<string[]> {
      if (!on) {
        await db.transaction().execute(async (trx) => {
          await repo.deleteItem(trx, userId, productId)
          await repo.deleteWaits(trx, userId, productId)
        })
        return ids(userId)
      }
      const product = await catalog.get(productId)
      if (!product) throw new AppError(404, 'Product not found')
      await db.transaction().execute(async (trx) => {
        const held = await repo.idsOf(trx, userId, WISHLIST_MAX)
        if (held.includes(productId)) return
        if ((await repo.countOf(trx, userId)) >= WISHLIST_MAX) throw new AppError(409, FULL)
        await keep(trx, userId, [product], now())
      })
      return ids(userId)
    },

    /**
     * A guest's wishlist joining the account at sign-in: the products on sale among them,
     * as far as the account has room, kept as newer than what it held. Answers the ids kept.
     */
    async merge(userId: string, productIds: string[]): Promise<string[]> {
      const wanted = [...new Set(productIds)]
      const products = await catalog.getMany(wanted)
      await db.transaction().execute(async (trx) => {
        const held = new Set(await repo.idsOf(trx, userId, WISHLIST_MAX))
        const room = Math.max(0, WISHLIST_MAX - (await repo.countOf(trx, userId)))
        // The browser's list is newest first: the first gets the latest time, the last one
        // still after whatever the account kept before (within the same millisecond too).
        const fresh = products.filter((p) => !held.has(p._id)).slice(0, room)
        await keep(trx, userId, fresh, now() + fresh.length)
      })
      return ids(userId)
    },

    /** Whether the shopper gets the wishlist's emails. */
    emailsOn: async (userId: string): Promise<boolean> => !(await repo.isOptedOut(db, userId)),

    /** Turns the wishlist's emails on or off. */
    async setEmails(userId: string, on: boolean): Promise<boolean> {
      await repo.setOptedOut(db, userId, !on, now())
      return on
    },

    /**
     * Inside a transaction that left sizes of a product with no pieces (catalog.onSoldOut):
     * every keeper who gets the emails awaits them, so each hears once when they are back.
     */
    awaitBack: (trx: Executor, productId: string, sizes: string[]): Promise<void> =>
      repo.awaitForKeepers(trx, productId, sizes),

    /**
     * Inside a transaction that may have put pieces back: one email to each keeper for
     * whom sizes of this product they awaited are back, and those sizes awaited no more
     * (until they sell out again).
     */
    async releaseBack(trx: Executor, productId: string): Promise<number> {
      let mailed = 0
      for (;;) {
        const due = await repo.backFor(trx, productId, MAIL_PAGE)
        const byUser = new Map<string, typeof due>()
        for (const row of due) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row])
        const messages = await Promise.all(
          [...byUser.values()].map(async (rows) => {
            const first = rows[0]!
            return {
              to: first.email,
              userId: first.userId,
              message: await wishlistEmail(mail.store, emailLanguage(first.language), 'back', {
                name: first.userName,
                product: first.productName,
                sizes: rows.map((r) => r.size).join(', '),
                url: productUrl(productId),
              }),
            }
          }),
        )
        await mail.enqueueAll(trx, 'wishlist-back', messages)
        await repo.deleteWaitsOf(trx, productId, due)
        mailed += messages.length
        if (due.length < MAIL_PAGE) return mailed
      }
    },

    /**
     * After a change that may have put products on sale: one email to each keeper of a
     * product on sale whose sale they were not told of, a page at a time. Each keeper's
     * row is marked in the email's transaction, only if no other instance marked it first.
     */
    async mailSales(): Promise<number> {
      let mailed = 0
      for (;;) {
        const page = await db.transaction().execute(async (trx) => {
          const due = await repo.saleDue(trx, MAIL_PAGE)
          const mine: typeof due = []
          for (const row of due)
            if (await repo.markSaleMailed(trx, { userId: row.userId, productId: row.productId, until: row.until! }))
              mine.push(row)
          const messages = await Promise.all(
            mine.map(async (row) => ({
              to: row.email,
              userId: row.userId,
              message: await wishlistEmail(mail.store, emailLanguage(row.language), 'sale', {
                name: row.userName,
                product: row.productName,
                price: formatPrice(row.price),
                was: formatPrice(row.was ?? row.price),
                url: productUrl(row.productId),
              }),
            })),
          )
          await mail.enqueueAll(trx, 'wishlist-sale', messages)
          return { due: due.length, sent: messages.length }
        })
        mailed += page.sent
        if (page.due < MAIL_PAGE) return mailed
      }
    },
  }
}

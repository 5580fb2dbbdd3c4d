import type { Db, Executor } from '#server/db/database.ts'
import { AppError } from '#server/http/errors.ts'
import type { CatalogService } from '#server/catalog/service.ts'
import type { MailService } from '#server/mail/service.ts'
import { backInStockEmail, emailLanguage } from '#server/mail/templates.ts'
import * as repo from '#server/alerts/repository.ts'

export type AlertService = ReturnType<typeof createAlertService>

/** Requests one account may have waiting: enough for any shopper, too few to mail strangers' lists. */
export const MAX_ALERTS = 50

/** Requests released at a time when a size comes back: memory stays the same however many shoppers wait. */
export const RELEASE_PAGE = 200

/**
 * Back in stock: a signed-in shopper asks for an email when a sold-out size returns;
 * when any path puts pieces of that size back on the shelf (the console's stock or
 * product edit, a cancelled or returned order, a product put back on sale), the email is
 * written in that same transaction and the request goes. One email per request.
 */
export function createAlertService(
  db: Db,
  domains: { catalog: CatalogService; mail: MailService },
  now: () => number = Date.now,
) {
  const { catalog, mail } = domains

  return {
    /** The sizes of a product this shopper is waiting for. */
    sizesFor: (userId: string, productId: string): Promise<string[]> => repo.sizesOf(db, userId, productId),

    /**
     * Asks for the email. Only a sold-out size of a product on sale can be asked for (an
     * unknown product or size is a 400, a size on the shelf a 409); asking twice is fine.
     */
    async request(userId: string, productId: string, size: string): Promise<string[]> {
      const product = await catalog.get(productId)
      if (!product)
        throw new AppError(400, 'itemId does not match any product', { fields: { itemId: 'Unknown product' } })
      if (!product.sizes.includes(size))
        throw new AppError(400, `size ${size} is not available for ${product.name}`, {
          fields: { size: 'This size is not available' },
        })
      if ((product.stock[size] ?? 0) > 0)
        throw new AppError(409, `${product.name} in size ${size} is in stock: add it to your cart`)
      await db.transaction().execute(async (trx) => {
        const waiting = await repo.sizesOf(trx, userId, productId)
        if (waiting.includes(size)) return
        if ((await repo.countOf(trx, userId)) >= MAX_ALERTS)
          throw new AppError(409, `You are waiting for ${MAX_ALERTS} sizes already. Cancel one to ask for another.`)
        await repo.insertAlert(trx, { user_id: userId, product_id: productId, size, created_at: now() })
      })
      return repo.sizesOf(db, userId, productId)
    },

    /** Cancels a request; one that is not there is fine. */
    async cancel(userId: string, productId: string, size: string): Promise<string[]> {
      await repo.deleteAlert(db, userId, productId, size)
      return repo.sizesOf(db, userId, productId)
    },

    /**
     * Inside a transaction that may have put pieces back: writes the email of every
     * request of this product whose size is now on the shelf, and lets those requests go.
     */
    async release(trx: Executor, productId: string): Promise<number> {
      const url = `${mail.store.baseUrl}/productdetail/${encodeURIComponent(productId)}`
      let released = 0
      // A page at a time, however many shoppers wait, each page's emails in one statement
      // and its requests gone in another: the transaction (which holds the stock change's
      // locks) makes a few round trips a page, not two a shopper.
      for (;;) {
        const due = await repo.dueFor(trx, productId, RELEASE_PAGE)
        const messages = await Promise.all(
          due.map(async (alert) => ({
            to: alert.email,
            userId: alert.userId,
            // In the language the shopper chose for their account, else English.
            message: await backInStockEmail(mail.store, emailLanguage(alert.language), {
              name: alert.userName,
              product: alert.productName,
              size: alert.size,
              url,
            }),
          })),
        )
        await mail.enqueueAll(trx, 'back-in-stock', messages)
        await repo.deleteAlerts(trx, productId, due)
        released += due.length
        if (due.length < RELEASE_PAGE) return released
      }
    },
  }
}

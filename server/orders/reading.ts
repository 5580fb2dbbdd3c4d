import type { Executor } from '#server/db/database.ts'
import type { Order } from '#contracts/orders.ts'
import { isLang, type Lang } from '#contracts/languages.ts'
import { phoneKey } from '#contracts/phone.ts'
import * as repo from '#server/orders/repository.ts'
import type { OrdersContext } from '#server/orders/context.ts'
import { fromRows, groupBy } from '#server/orders/order-rows.ts'
import { attentionOf } from '#server/orders/attention.ts'
import * as requests from '#server/orders/requests-repository.ts'
import { toRequest } from '#server/orders/request-rows.ts'

/** The latest of an order's requests (oldest first), as the order carries it; null for none. */
const latest = (rows: Awaited<ReturnType<typeof requests.requestsOfOrder>>) => {
  const last = rows.at(-1)
  return last ? toRequest(last) : null
}

// Orders read back: the shopper's list and one order, and the console's view of any order.

export function createReading(ctx: OrdersContext) {
  const { db, trackingTemplates } = ctx

  return {
    /** Oldest first: the storefront reverses the flattened list (docs/spec/store-spec.md §7). */
    async list(userId: string): Promise<Order[]> {
      const [{ orders, items, events }, asked] = await Promise.all([
        repo.ordersOfUser(db, userId),
        requests.requestsOfUser(db, userId),
      ])
      const itemsBy = groupBy(items, (i) => i.order_id)
      const eventsBy = groupBy(events, (e) => e.order_id)
      const requestsBy = groupBy(asked, (r) => r.order_id)
      return orders.map((o) =>
        fromRows(
          o,
          itemsBy.get(o.id) ?? [],
          eventsBy.get(o.id) ?? [],
          trackingTemplates,
          latest(requestsBy.get(o.id) ?? []),
        ),
      )
    },

    /** One of the shopper's orders, or undefined (another shopper's order is not theirs to see). */
    async get(userId: string, orderId: string): Promise<Order | undefined> {
      const found = await repo.orderForUpdate(db, orderId, { lock: false })
      if (!found || found.order.user_id !== userId) return undefined
      const request = latest(await requests.requestsOfOrder(db, orderId))
      return fromRows(found.order, found.items, found.events, trackingTemplates, request)
    },

    /**
     * Any order with its owner (null once the account is deleted) and the store's
     * language it was placed in (the console writes to the shopper in it), and why it needs
     * attention (server/orders/attention.ts), for the console.
     */
    async forStore(
      orderId: string,
    ): Promise<{ order: Order; userId: string | null; language: Lang; attention: string[] } | undefined> {
      const found = await repo.orderForUpdate(db, orderId, { lock: false })
      if (!found) return undefined
      const { user_id: userId, language } = found.order
      const request = latest(await requests.requestsOfOrder(db, orderId))
      return {
        order: fromRows(found.order, found.items, found.events, trackingTemplates, request),
        userId,
        language: isLang(language) ? language : 'en',
        attention: attentionOf(found.order.attention),
      }
    },

    /** The shopper's latest Delivered order holding this product and the size bought: who may review it. */
    deliveredLine: (userId: string, productId: string): Promise<{ orderId: string; size: string } | undefined> =>
      repo.deliveredLine(db, userId, productId),

    /** How many orders of this customer came back Returned, by account or by phone: repeat refusers. */
    async returnsOf(customer: { userId: string | null; phone: string }, exec: Executor = db): Promise<number> {
      return repo.returnedCount(exec, { userId: customer.userId, phoneKey: phoneKey(customer.phone) })
    },
  }
}

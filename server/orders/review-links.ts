import type { Executor } from '#server/db/database.ts'
import type { Order } from '#contracts/orders.ts'
import { REVIEW_LINK_MS, reviewLinkPath, reviewLinkSubject } from '#contracts/reviews.ts'
import type { OrdersContext } from '#server/orders/context.ts'

// A Delivered order invites a review of each of its products with a link of its own: a
// token signed like the order email's links (server/mail/links.ts, docs/decisions/018)
// naming the order and the product. The reviews domain checks it (server/reviews/service.ts).

export function createReviewLinks(ctx: OrdersContext) {
  const { db, mail } = ctx

  /** The page of each product's review link (`/review?token=…`), by product id; none without an account or mail. */
  async function reviewLinks(exec: Executor, order: Order, userId: string | null): Promise<Record<string, string>> {
    if (!mail || userId === null || order.status !== 'Delivered') return {}
    const links: Record<string, string> = {}
    for (const productId of new Set(order.items.map((i) => i._id)))
      links[productId] = reviewLinkPath(
        await mail.signLink(exec, 'review', reviewLinkSubject(order._id, productId), REVIEW_LINK_MS),
      )
    return links
  }

  return {
    reviewLinks,
    /** The review links of one of the shopper's orders, for its page: none unless it is Delivered. */
    reviewLinksFor: (userId: string, order: Order) => reviewLinks(db, order, userId),
  }
}

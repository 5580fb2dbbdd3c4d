import { AppError } from '#server/http/errors.ts'
import type { CatalogService } from '#server/catalog/service.ts'
import type { OrderService } from '#server/orders/service.ts'
import type { AuthService } from '#server/auth/service.ts'
import type { MailService } from '#server/mail/service.ts'
import {
  reviewLinkOf,
  type OwnReview,
  type ReviewByLink,
  type ReviewInput,
  type ReviewLink,
} from '#contracts/reviews.ts'

// The review links of a Delivered order (the orders domain signs them: server/orders/review-links.ts):
// a token naming the order and the product lets the order's buyer write or edit the
// review of that product without signing in, while the order is Delivered (docs/decisions/035).

/** Why a review link cannot be used, as its page and the API say it. */
const LINK_MESSAGES = {
  invalid: 'This review link is not valid. Sign in and open the order from My Orders to review it.',
  expired: 'This review link has expired. Sign in and open the order from My Orders to review it.',
  'not-delivered': 'This order is no longer delivered, so its pieces cannot be reviewed from this link.',
} as const

export interface ReviewLinkDomains {
  /** Checks review links; without it every link is invalid. */
  mail?: Pick<MailService, 'checkLink'>
  /** The buyer a review link names (their first name signs the review). */
  auth?: Pick<AuthService, 'userById'>
}

export function createReviewLinks(
  deps: ReviewLinkDomains & {
    catalog: Pick<CatalogService, 'get'>
    orders: Pick<OrderService, 'forStore'>
    /** The review service's own writing of a review from a Delivered order's line. */
    write: (
      user: { _id: string; name: string },
      productId: string,
      bought: { orderId: string; size: string },
      input: ReviewInput,
      photos: readonly Uint8Array[],
    ) => Promise<OwnReview>
    mine: (userId: string, productId: string) => Promise<OwnReview | undefined>
  },
) {
  const { catalog, orders, mail, auth, write, mine } = deps

  /**
   * A review link's token, checked: signed by a key of the store, meant for a review, not
   * expired; its order still an account's, holding the product, and Delivered.
   */
  async function linked(token: string) {
    if (!mail) return { state: 'invalid' as const }
    const check = await mail.checkLink(token, ['review'])
    if (!check.ok) return { state: check.reason }
    const named = reviewLinkOf(check.claims.subject)
    if (!named) return { state: 'invalid' as const }
    const found = await orders.forStore(named.orderId)
    const item = found?.order.items.find((i) => i._id === named.productId)
    const user = found?.userId && item && auth ? await auth.userById(found.userId) : undefined
    if (!found || !item || !user) return { state: 'invalid' as const }
    if (found.order.status !== 'Delivered') return { state: 'not-delivered' as const }
    return { state: 'ready' as const, ...named, item, user }
  }

  return {
    /**
     * What a review link opens (GET /api/reviews/link, the /review page): the product and
     * size of the order it names and the buyer's review so far, or why it cannot be used.
     */
    async readLink(token: string): Promise<ReviewLink> {
      const link = await linked(token)
      if (link.state !== 'ready') return { state: link.state, message: LINK_MESSAGES[link.state] }
      return {
        state: 'ready',
        orderId: link.orderId,
        product: { _id: link.productId, name: link.item.name, image: link.item.image },
        size: link.item.size,
        review: (await mine(link.user._id, link.productId)) ?? null,
      }
    },

    /**
     * Writes (or edits) the review a link invites, as the order's buyer, signed in or not:
     * only that product, only while the order is Delivered. 400 for a link that is not
     * valid or has expired, 403 once the order is no longer Delivered.
     */
    async submitByLink(input: ReviewByLink, photos: readonly Uint8Array[] = []): Promise<OwnReview> {
      const { token, ...fields } = input
      const link = await linked(token)
      if (link.state !== 'ready')
        throw new AppError(link.state === 'not-delivered' ? 403 : 400, LINK_MESSAGES[link.state])
      if (!(await catalog.get(link.productId))) throw new AppError(404, 'Product not found')
      return write(
        link.user,
        link.productId,
        { orderId: link.orderId, size: link.item.size },
        { ...fields, productId: link.productId },
        photos,
      )
    },
  }
}

import type { Executor } from '#server/db/database.ts'
import type { Order } from '#contracts/orders.ts'
import type { Lang } from '#contracts/languages.ts'
import { canMove, isPaid, restocks, shopperMoves, type OrderActor, type OrderStatus } from '#contracts/order-status.ts'
import { AppError } from '#server/http/errors.ts'
import type { LinkClaims } from '#server/mail/types.ts'
import { orderStatusEmail, orderUnconfirmedEmail, type Rendered } from '#server/mail/templates.ts'
import * as repo from '#server/orders/repository.ts'
import type { OrdersContext } from '#server/orders/context.ts'
import { fromRows } from '#server/orders/order-rows.ts'
import { createReviewLinks } from '#server/orders/review-links.ts'
import { localePath } from '#contracts/languages.ts'

// An order's moves along docs/spec/rulings.md #15: the shopper's, the store's, those
// the order email's links ask for, and the cancelling of orders nobody confirmed.

const LINK_INVALID = 'This link is not valid. Please open your order from My Orders.'
const LINK_EXPIRED = 'This link has expired. Please open your order from My Orders.'
const LINK_USED = 'This link was already used.'

/** What the store records with a move: Shipped needs the courier and tracking number. */
export interface MoveDetails {
  note?: string | null
  courier?: string
  trackingNumber?: string
}

/** Runs inside a move's transaction, after it is written (the console's audit entry). */
export type AlongWithMove = (trx: Executor, move: { from: OrderStatus; to: OrderStatus; order: Order }) => Promise<void>

/** The moves a shopper hears about by email. */
const EMAILED_MOVES = ['Confirmed', 'Shipped', 'Delivered', 'Cancelled'] as const
type EmailedMove = (typeof EMAILED_MOVES)[number]
const isEmailedMove = (to: OrderStatus): to is EmailedMove => (EMAILED_MOVES as readonly string[]).includes(to)

/** What a link from the order email asks, as its page shows it. */
export type OrderLink =
  | { state: 'invalid' | 'expired' }
  | {
      state: 'ready' | 'used' | 'too-late'
      action: 'confirm' | 'cancel'
      order: Order
    }

/** The event's note when the store cancels an order nobody confirmed in time. */
export const NOT_CONFIRMED_NOTE = 'Not confirmed in time'
/** The expiry job's name (job_leases), its lease and its page of orders. */
const EXPIRY_JOB = 'expire-unconfirmed-orders'
const EXPIRY_LEASE_MS = 5 * 60_000
const EXPIRY_PAGE = 100

/** A move's extras the store's own processes use: a condition re-checked on the locked order, the email to send. */
interface MoveOptions {
  onlyIf?: (order: { status: string; created_at: number }) => boolean
  email?: (order: Order, language: Lang) => Promise<Rendered>
}

export function createMoves(ctx: OrdersContext) {
  const { db, dialect, catalog, discounts, mail, jobs, now, limits, logger, emailLanguageOf, trackingTemplates } = ctx
  const { reviewLinks } = createReviewLinks(ctx)

  /**
   * Moves an order along docs/spec/rulings.md #15 in one transaction: the status (only
   * if it is still what was read), the payment, the stock put back on Cancelled and
   * Returned, and the event. An illegal move answers 409 and changes nothing.
   */
  async function move(
    orderId: string,
    to: OrderStatus,
    by: OrderActor,
    details: MoveDetails & { ownerId?: string } = {},
    along?: AlongWithMove,
    extras: MoveOptions = {},
  ): Promise<Order> {
    let backIn: string[] = []
    const order = await db.transaction().execute(async (trx) => {
      const found = await repo.orderForUpdate(trx, orderId, { lock: dialect === 'postgres' })
      // Another shopper's order is answered as if it did not exist.
      if (!found || (details.ownerId !== undefined && found.order.user_id !== details.ownerId))
        throw new AppError(404, 'Order not found')
      if (extras.onlyIf && !extras.onlyIf(found.order)) throw new AppError(409, 'The order has just changed')
      const from = found.order.status as OrderStatus
      const allowed = by === 'shopper' ? shopperMoves(from).includes(to) : canMove(from, to)
      if (!allowed) throw new AppError(409, `An order that is ${from} cannot become ${to}`)
      if (to === 'Shipped' && (!details.courier || !details.trackingNumber))
        throw new AppError(400, 'Shipping needs the courier and the tracking number', {
          fields: {
            ...(details.courier ? {} : { courier: 'Courier is required' }),
            ...(details.trackingNumber ? {} : { trackingNumber: 'Tracking number is required' }),
          },
        })
      const moved = await repo.moveOrder(trx, orderId, from, {
        status: to,
        payment: isPaid(to) ? 1 : 0,
        ...(to === 'Shipped' ? { courier: details.courier!, tracking_number: details.trackingNumber! } : {}),
      })
      if (!moved) throw new AppError(409, 'The order has just changed, please reload it')
      if (restocks(to)) {
        const returned = await catalog.returnStock(
          trx,
          found.items.map((i) => ({ productId: i.product_id, size: i.size, quantity: i.quantity })),
        )
        backIn = returned.backIn
      }
      // A cancelled or returned order gives its discount code's use back (docs/decisions/026).
      if (restocks(to) && discounts) await discounts.giveBack(trx, orderId)
      await repo.addEvent(trx, {
        order_id: orderId,
        at: now(),
        from_status: from,
        to_status: to,
        actor: by,
        note: details.note ?? null,
        request_step: null,
      })
      const after = await repo.orderForUpdate(trx, orderId, { lock: false })
      const order = fromRows(after!.order, after!.items, after!.events, trackingTemplates)
      if (along) await along(trx, { from, to, order })
      // The shopper hears about the moves that matter to them, in the move's transaction.
      if (mail && isEmailedMove(to)) {
        const { user_id: userId, language } = found.order
        const lang = await emailLanguageOf(trx, { userId, language })
        // Delivered: a signed review link for each product, in the email's language.
        const reviews = Object.entries(await reviewLinks(trx, order, userId)).map(
          ([productId, path]) => [productId, mail.url(localePath(lang, path))] as const,
        )
        await mail.enqueue(
          trx,
          `order-${to.toLowerCase()}` as `order-${Lowercase<EmailedMove>}`,
          order.address.email,
          await (extras.email
            ? extras.email(order, lang)
            : orderStatusEmail(mail.store, lang, order, to, limits.returnDays, Object.fromEntries(reviews))),
          { userId },
        )
      }
      return order
    })
    if (backIn.length > 0) catalog.stockChanged(backIn)
    return order
  }

  async function checkOrderLink(
    token: string,
  ): Promise<{ state: 'invalid' | 'expired' } | { action: 'confirm' | 'cancel'; claims: LinkClaims }> {
    if (!mail) return { state: 'invalid' }
    const check = await mail.checkLink(token, ['order-confirm', 'order-cancel'])
    if (!check.ok) return { state: check.reason }
    return { action: check.claims.purpose === 'order-confirm' ? 'confirm' : 'cancel', claims: check.claims }
  }

  return {
    /**
     * Cancels, as the store, every order still Order Placed UNCONFIRMED_ORDER_HOURS after
     * it was placed (docs/decisions/017): the event by `system` noting why, the stock back
     * on the shelf (and back-in-stock requests released, as any restock does), and an
     * email to the shopper saying why. Once across instances: the run holds the job's
     * lease (an instance finding it held does nothing), reads a page of 100 at a time, and
     * cancels each order in its own transaction only if it is still Order Placed and old
     * enough. Answers how many it cancelled.
     */
    async expireUnconfirmed(): Promise<number> {
      if (!jobs) return 0
      const cancelled = await jobs.runOnce(EXPIRY_JOB, EXPIRY_LEASE_MS, async (run) => {
        const placedBy = now() - limits.unconfirmedMs
        const hours = Math.round(limits.unconfirmedMs / (60 * 60_000))
        let after: { createdAt: number; id: string } | null = null
        let done = 0
        for (;;) {
          const page = await repo.placedBefore(db, 'Order Placed', placedBy, after, EXPIRY_PAGE)
          for (const row of page) {
            try {
              await move(row.id, 'Cancelled', 'system', { note: NOT_CONFIRMED_NOTE }, undefined, {
                onlyIf: (o) => o.status === 'Order Placed' && o.created_at <= placedBy,
                ...(mail
                  ? { email: (order: Order, lang: Lang) => orderUnconfirmedEmail(mail.store, lang, order, hours) }
                  : {}),
              })
              done++
            } catch (err) {
              // Confirmed or cancelled since the page was read: no longer this job's.
              if (!(err instanceof AppError && err.status === 409)) throw err
            }
          }
          const last = page.at(-1)
          if (!last || page.length < EXPIRY_PAGE || !(await run.stillMine())) break
          after = { createdAt: last.created_at, id: last.id }
        }
        return done
      })
      if (cancelled) logger.info('cancelled orders not confirmed in time', { orders: cancelled })
      return cancelled ?? 0
    },

    /** The shopper confirms their cash-on-delivery order (POST /api/order/confirm). */
    confirm: (userId: string, orderId: string) => move(orderId, 'Confirmed', 'shopper', { ownerId: userId }),

    /** The shopper cancels while the order is Order Placed or Confirmed (POST /api/order/cancel). */
    cancel: (userId: string, orderId: string) => move(orderId, 'Cancelled', 'shopper', { ownerId: userId }),

    /**
     * The store moves an order along the table (the console drives this); `along` writes
     * what goes with the move (the console's audit entry) in the move's transaction.
     */
    advance: (
      orderId: string,
      to: OrderStatus,
      details: MoveDetails = {},
      by: OrderActor = 'store',
      along?: AlongWithMove,
    ) => move(orderId, to, by, details, along),

    /**
     * What a confirm or cancel link from the order email would do, for its page
     * (nothing changes: mail scanners open links too).
     */
    async readLink(token: string): Promise<OrderLink> {
      const link = await checkOrderLink(token)
      if ('state' in link) return link
      const found = await repo.orderForUpdate(db, link.claims.subject, { lock: false })
      if (!found) return { state: 'invalid' }
      const order = fromRows(found.order, found.items, found.events, trackingTemplates)
      const to = link.action === 'confirm' ? 'Confirmed' : 'Cancelled'
      const state = (await mail!.isLinkSpent(link.claims))
        ? 'used'
        : shopperMoves(order.status).includes(to)
          ? 'ready'
          : 'too-late'
      return { state, action: link.action, order }
    },

    /**
     * Does what a link from the order email says, once: the move and the spending of the
     * link share one transaction. A link used before, expired or tampered with changes nothing.
     */
    async actByLink(token: string): Promise<{ action: 'confirm' | 'cancel'; order: Order }> {
      const link = await checkOrderLink(token)
      if ('state' in link) throw new AppError(400, link.state === 'expired' ? LINK_EXPIRED : LINK_INVALID)
      if (await mail!.isLinkSpent(link.claims)) throw new AppError(409, LINK_USED)
      const to = link.action === 'confirm' ? 'Confirmed' : 'Cancelled'
      const order = await move(link.claims.subject, to, 'shopper', {}, async (trx) => {
        if (!(await mail!.spendLink(trx, link.claims))) throw new AppError(409, LINK_USED)
      })
      return { action: link.action, order }
    },
  }
}

import { createHash, randomUUID } from 'node:crypto'
import type { Db, Dialect, Executor } from '#server/db/database.ts'
import { CART_CHANGED_MESSAGE, type Address, type Order, type OrderEvent, type PlaceOrder } from '#contracts/orders.ts'
import {
  canMove,
  isFinal,
  isOrderStatus,
  orderStatuses,
  isPaid,
  restocks,
  shopperMoves,
  type OrderActor,
  type OrderStatus,
} from '#contracts/order-status.ts'
import { phoneKey } from '#contracts/phone.ts'
import { stockNote } from '#contracts/catalog.ts'
import { computeTotals } from '#contracts/pricing.ts'
import { AppError } from '#server/http/errors.ts'
import type { CartService } from '#server/cart/service.ts'
import { stockKey, type CatalogService } from '#server/catalog/service.ts'
import { shortMessage } from '#server/cart/service.ts'
import { productImageUrl } from '#server/catalog/images.ts'
import type { MailService } from '#server/mail/service.ts'
import type { LinkClaims } from '#server/mail/types.ts'
import { orderPlacedEmail, orderStatusEmail, orderUnconfirmedEmail, type Rendered } from '#server/mail/templates.ts'
import { RateLimiter } from '#server/limits/rate-limit.ts'
import type { LimitStore } from '#server/limits/stores.ts'
import type { JobService } from '#server/jobs/service.ts'
import type { Config } from '#server/config.ts'
import { createLogger, errorFields, type Logger } from '#server/http/logger.ts'
import * as repo from '#server/orders/repository.ts'

export type OrderService = ReturnType<typeof createOrderService>

const PRICES_CHANGED = 'Prices have changed, please review your cart'
const KEY_REUSED = 'This Idempotency-Key was already used for a different order. Use a new key for a new order.'

const OPEN_STATUSES = orderStatuses.filter((s) => !isFinal(s))

/**
 * What an anonymised order shows instead of its shopper. The city, state and country
 * stay: they name no one and keep the store's numbers by region right.
 */
export const ANONYMISED = {
  first_name: 'Deleted',
  last_name: 'account',
  email: 'deleted-account@invalid',
  street: 'Removed',
  pin_code: '',
  phone: '',
  phone_key: '',
} as const

const LINK_INVALID = 'This link is not valid. Please open your order from My Orders.'
const LINK_EXPIRED = 'This link has expired. Please open your order from My Orders.'
const LINK_USED = 'This link was already used.'

/** The page a link from the order email opens. */
export const orderLinkPath = (token: string) => `/order-link?token=${encodeURIComponent(token)}`

const lineKey = (productId: string, size: string) => JSON.stringify([productId, size])

/** What the store records with a move: Shipped needs the courier and tracking number. */
export interface MoveDetails {
  note?: string | null
  courier?: string
  trackingNumber?: string
}

/** Runs inside a move's transaction, after it is written (the console's audit entry). */
export type AlongWithMove = (trx: Executor, move: { from: OrderStatus; to: OrderStatus; order: Order }) => Promise<void>

/** How long the links in the order email work: confirming is asked for at once, cancelling is allowed longer. */
export const CONFIRM_LINK_MS = 3 * 24 * 60 * 60_000
export const CANCEL_LINK_MS = 14 * 24 * 60 * 60_000

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

/** The settings against hoarding when none are given (those of server/config.ts). */
const DEFAULT_LIMITS: Config['orders'] = {
  openPerCustomer: 3,
  perAccountPerHour: 10,
  perIpPerHour: 30,
  unconfirmedMs: 48 * 60 * 60_000,
}

const openOrdersMessage = (n: number, whose: 'account' | 'phone') =>
  `${whose === 'account' ? 'You have' : 'This phone number has'} ${n} order${n === 1 ? '' : 's'} waiting for confirmation. Confirm or cancel ${n === 1 ? 'it' : 'them'} in My Orders before placing another.`

/** A move's extras the store's own processes use: a condition re-checked on the locked order, the email to send. */
interface MoveOptions {
  onlyIf?: (order: { status: string; created_at: number }) => boolean
  email?: (order: Order) => Rendered
}

export function createOrderService(
  db: Db,
  dialect: Dialect,
  domains: { cart: CartService; catalog: CatalogService; mail?: MailService; jobs?: JobService },
  now: () => number = Date.now,
  options: { limits?: Config['orders']; limitStore?: LimitStore; logger?: Logger } = {},
) {
  const { cart: carts, catalog, mail, jobs } = domains
  const limits = options.limits ?? DEFAULT_LIMITS
  const logger = options.logger ?? createLogger('silent')
  // Placements an hour, shared by every instance when the store runs several (docs/decisions/013).
  const limiter = (name: string, limit: number) =>
    new RateLimiter(
      limit,
      60 * 60_000,
      now,
      options.limitStore && {
        name,
        store: options.limitStore,
        onError: (err) => logger.warn('shared rate limit unavailable', { limiter: name, ...errorFields(err) }),
      },
    )
  const placementsByAccount = limiter('order-account', limits.perAccountPerHour)
  const placementsByAddress = limiter('order-address', limits.perIpPerHour)

  /**
   * Counts a placement against the account's and the client address's hourly limits
   * before it is tried: a refusal is 429 with Retry-After and counts nothing; the
   * answer gives the counts back when the placement then fails (only orders count).
   */
  async function countPlacement(userId: string, clientAddress: string | undefined): Promise<() => Promise<void>> {
    const byAccount = await placementsByAccount.consume(userId)
    const byAddress =
      byAccount > 0 || clientAddress === undefined ? 0 : await placementsByAddress.consume(clientAddress)
    const refund = async () => {
      await placementsByAccount.refund(userId)
      if (clientAddress !== undefined) await placementsByAddress.refund(clientAddress)
    }
    const wait = byAccount || byAddress
    if (wait > 0) {
      if (byAddress > 0) await placementsByAccount.refund(userId)
      const minutes = Math.ceil(wait / 60)
      throw new AppError(
        429,
        `Too many orders in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        { headers: { 'Retry-After': String(wait) } },
      )
    }
    return refund
  }

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
    let backInStock = false
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
      if (restocks(to))
        backInStock = await catalog.returnStock(
          trx,
          found.items.map((i) => ({ productId: i.product_id, size: i.size, quantity: i.quantity })),
        )
      await repo.addEvent(trx, {
        order_id: orderId,
        at: now(),
        from_status: from,
        to_status: to,
        actor: by,
        note: details.note ?? null,
      })
      const after = await repo.orderForUpdate(trx, orderId, { lock: false })
      const order = fromRows(after!.order, after!.items, after!.events)
      if (along) await along(trx, { from, to, order })
      // The shopper hears about the moves that matter to them, in the move's transaction.
      if (mail && isEmailedMove(to))
        await mail.enqueue(
          trx,
          `order-${to.toLowerCase()}` as `order-${Lowercase<EmailedMove>}`,
          order.address.email,
          extras.email ? extras.email(order) : orderStatusEmail(mail.store, order, to),
          { userId: found.order.user_id },
        )
      return order
    })
    if (backInStock) catalog.stockChanged()
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

  /**
   * docs/spec/rulings.md #13-14: the order is the user's server cart, priced from the catalog,
   * written with its lines and the emptied cart in one transaction. What the browser
   * sends is only compared with it. At most OPEN_ORDERS_PER_CUSTOMER orders of the
   * account, and of the phone number, may await confirmation: counted here, inside the
   * transaction, with the account and the phone locked (docs/decisions/017).
   */
  async function placeCounted(
    userId: string,
    input: PlaceOrder,
    idempotency?: { key: string; hash: string },
  ): Promise<Order> {
    let soldOutSize = false
    const order = await db.transaction().execute(async (trx) => {
      const customer = { userId, phoneKey: phoneKey(input.address.phone) }
      if (dialect === 'postgres') await repo.lockCustomer(trx, customer)
      const open = await repo.countsByCustomer(trx, customer, 'Order Placed')
      if (open.account >= limits.openPerCustomer) throw new AppError(429, openOrdersMessage(open.account, 'account'))
      if (open.phone >= limits.openPerCustomer)
        throw new AppError(429, openOrdersMessage(open.phone, 'phone'), {
          fields: { 'address.phone': 'Has orders waiting for confirmation' },
        })

      const cart = await carts.linesForOrder(trx, userId)
      if (cart.length === 0) throw new AppError(409, 'Your cart is empty')

      const sent = new Map<string, number>()
      for (const item of input.items) {
        const key = lineKey(item._id, item.size)
        sent.set(key, (sent.get(key) ?? 0) + item.quantity)
      }
      const same =
        sent.size === cart.length &&
        cart.every((line) => sent.get(lineKey(line.product_id, line.size)) === line.quantity)
      if (!same) throw new AppError(409, CART_CHANGED_MESSAGE)

      const products = new Map(
        (await catalog.pricesOf(trx, [...new Set(cart.map((l) => l.product_id))])).map((p) => [p.id, p]),
      )
      // A product withdrawn since it was put in the cart cannot be ordered.
      if (cart.some((line) => !products.has(line.product_id))) throw new AppError(409, CART_CHANGED_MESSAGE)

      const totals = computeTotals(
        cart.map((l) => ({ productId: l.product_id, quantity: l.quantity })),
        (id) => products.get(id)?.price,
      )
      // docs/spec/rulings.md #13: `amount` is the most the shopper agreed to pay. A total
      // above it is refused; a lower one (a price cut since the page was drawn) is placed
      // at the server's total, which the answer and every later view show.
      if (totals.total > input.amount) throw new AppError(409, PRICES_CHANGED)

      // docs/spec/rulings.md #24: the pieces leave the shelf with the order, or neither happens.
      const { short, soldOut } = await catalog.takeStock(
        trx,
        cart.map((l) => ({ productId: l.product_id, size: l.size, quantity: l.quantity })),
      )
      soldOutSize = soldOut
      if (short) {
        const name = products.get(short.productId)?.name ?? short.productId
        throw new AppError(409, shortMessage(name, short.size, short.left), {
          fields: { [stockKey(short.productId, short.size)]: stockNote(short.left) },
        })
      }

      const id = randomUUID()
      const createdAt = now()
      const placed = {
        order_id: id,
        position: 0,
        at: createdAt,
        from_status: null,
        to_status: 'Order Placed',
        actor: 'shopper',
        note: null,
      }
      const a = input.address
      const items = cart.map((line, position) => {
        const product = products.get(line.product_id)!
        return {
          order_id: id,
          position,
          product_id: line.product_id,
          name: product.name,
          price: product.price,
          image: product.image1,
          size: line.size,
          quantity: line.quantity,
        }
      })
      await repo.insertOrder(
        trx,
        {
          id,
          user_id: userId,
          subtotal: totals.subtotal,
          delivery_fee: totals.deliveryFee,
          amount: totals.total,
          status: 'Order Placed',
          payment: 0,
          payment_method: 'COD',
          first_name: a.firstName,
          last_name: a.lastName,
          email: a.email,
          street: a.street,
          city: a.city,
          state: a.state,
          pin_code: a.pinCode,
          country: a.country,
          phone: a.phone,
          phone_key: phoneKey(a.phone),
          courier: null,
          tracking_number: null,
          created_at: createdAt,
        },
        items,
        placed,
      )
      await carts.removeLines(trx, userId, cart)
      const order = toOrder(
        {
          id,
          amount: totals.total,
          status: 'Order Placed',
          payment: 0,
          created_at: createdAt,
          address: a,
          courier: null,
          tracking_number: null,
        },
        items,
        [placed],
      )
      // The written confirmation, with one-tap links, commits with the order or not at all.
      if (mail) {
        const [confirm, cancel] = await Promise.all([
          mail.signLink(trx, 'order-confirm', id, CONFIRM_LINK_MS),
          mail.signLink(trx, 'order-cancel', id, CANCEL_LINK_MS),
        ])
        await mail.enqueue(
          trx,
          'order-placed',
          a.email,
          orderPlacedEmail(
            mail.store,
            order,
            { confirm: mail.url(orderLinkPath(confirm)), cancel: mail.url(orderLinkPath(cancel)) },
            // The shopper is told when an unconfirmed order lapses (docs/decisions/017).
            Math.round(limits.unconfirmedMs / (60 * 60_000)),
          ),
          { userId },
        )
      }
      // The answer is kept with the order it describes, or neither is (docs/decisions/013).
      if (idempotency)
        await repo.keepIdempotentAnswer(trx, {
          user_id: userId,
          key: idempotency.key,
          request_hash: idempotency.hash,
          status: 201,
          response: JSON.stringify(order),
          created_at: createdAt,
        })
      return order
    })
    // A size sold out: the collection's counts (sizes in stock) are read afresh, after the commit.
    if (soldOutSize) catalog.stockChanged()
    return order
  }

  const service = {
    /**
     * docs/spec/rulings.md #13-14: the order is the user's server cart, priced from the catalog,
     * written with its lines and the emptied cart in one transaction. What the browser
     * sends is only compared with it. The placement counts against the account's and the
     * client address's hourly limits first (docs/decisions/017).
     */
    async place(
      userId: string,
      input: PlaceOrder,
      idempotency?: { key: string; hash: string },
      clientAddress?: string,
    ): Promise<Order> {
      const giveBack = await countPlacement(userId, clientAddress)
      try {
        return await placeCounted(userId, input, idempotency)
      } catch (err) {
        // A refused placement changed nothing, and counts for nothing.
        await giveBack()
        throw err
      }
    },

    /**
     * place() under the shopper's Idempotency-Key (docs/decisions/013): the first answer
     * to a key is kept for a day and a retry gets it again (`replayed`), even when the
     * first request's answer was lost; the same key with another order answers 422.
     * Only a placed order is kept: a refusal changed nothing, so a retry is asked afresh.
     * A replay is answered before any limit is counted.
     */
    async placeOnce(
      userId: string,
      input: PlaceOrder,
      key: string,
      clientAddress?: string,
    ): Promise<{ order: Order; replayed: boolean }> {
      const hash = createHash('sha256').update(JSON.stringify(input)).digest('hex')
      const replay = async () => {
        const kept = await repo.idempotentAnswer(db, userId, key, now() - repo.IDEMPOTENCY_TTL_MS)
        if (!kept) return undefined
        if (kept.request_hash !== hash) throw new AppError(422, KEY_REUSED)
        return { order: JSON.parse(kept.response) as Order, replayed: true }
      }
      const first = await replay()
      if (first) return first
      try {
        return { order: await service.place(userId, input, { key, hash }, clientAddress), replayed: false }
      } catch (err) {
        // The same key at the same moment: the other request won (its order emptied the
        // cart, or its key took the row); its answer is this one's.
        const other = await replay()
        if (other) return other
        throw err
      }
    },

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
                ...(mail ? { email: (order: Order) => orderUnconfirmedEmail(mail.store, order, hours) } : {}),
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

    /** Forgets Idempotency-Key answers older than a day (hourly housekeeping). */
    pruneIdempotencyKeys: () => repo.deleteIdempotentAnswers(db, now() - repo.IDEMPOTENCY_TTL_MS),

    /** Oldest first: the storefront reverses the flattened list (docs/spec/store-spec.md §7). */
    async list(userId: string): Promise<Order[]> {
      const { orders, items, events } = await repo.ordersOfUser(db, userId)
      const itemsBy = groupBy(items, (i) => i.order_id)
      const eventsBy = groupBy(events, (e) => e.order_id)
      return orders.map((o) => fromRows(o, itemsBy.get(o.id) ?? [], eventsBy.get(o.id) ?? []))
    },

    /** One of the shopper's orders, or undefined (another shopper's order is not theirs to see). */
    async get(userId: string, orderId: string): Promise<Order | undefined> {
      const found = await repo.orderForUpdate(db, orderId, { lock: false })
      if (!found || found.order.user_id !== userId) return undefined
      return fromRows(found.order, found.items, found.events)
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
      const order = fromRows(found.order, found.items, found.events)
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

    /** Any order with its owner (null once the account is deleted), for the store's console. */
    async forStore(orderId: string): Promise<{ order: Order; userId: string | null } | undefined> {
      const found = await repo.orderForUpdate(db, orderId, { lock: false })
      return found && { order: fromRows(found.order, found.items, found.events), userId: found.order.user_id }
    },

    /** How many orders of this customer came back Returned, by account or by phone: repeat refusers. */
    async returnsOf(customer: { userId: string | null; phone: string }, exec: Executor = db): Promise<number> {
      return repo.returnedCount(exec, { userId: customer.userId, phoneKey: phoneKey(customer.phone) })
    },

    /** The account's orders that are not final yet (still to be packed, shipped or delivered). */
    openCountOf: (trx: Executor, userId: string) => repo.countOrdersOf(trx, userId, OPEN_STATUSES),

    /**
     * An account being deleted: its orders stay for the store's records and numbers, but
     * no longer name, reach or belong to anyone (docs/decisions/012). In the caller's transaction.
     */
    anonymiseFor: (trx: Executor, userId: string) => repo.anonymiseOrdersOf(trx, userId, ANONYMISED),
  }
  return service
}

type OrderRow = Awaited<ReturnType<typeof repo.ordersOfUser>>['orders'][number]
type EventRow = Awaited<ReturnType<typeof repo.ordersOfUser>>['events'][number]

function fromRows(o: OrderRow, items: Parameters<typeof toOrder>[1], events: EventRow[]): Order {
  return toOrder(
    {
      id: o.id,
      amount: o.amount,
      status: o.status as OrderStatus,
      payment: o.payment,
      created_at: o.created_at,
      courier: o.courier,
      tracking_number: o.tracking_number,
      address: {
        firstName: o.first_name,
        lastName: o.last_name,
        email: o.email,
        street: o.street,
        city: o.city,
        state: o.state,
        pinCode: o.pin_code,
        country: o.country,
        phone: o.phone,
      },
    },
    items,
    events,
  )
}

function groupBy<T>(list: T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>()
  for (const item of list) {
    const k = key(item)
    const found = map.get(k)
    if (found) found.push(item)
    else map.set(k, [item])
  }
  return map
}

function toOrder(
  o: {
    id: string
    amount: number
    status: OrderStatus
    payment: number
    created_at: number
    address: Address
    courier: string | null
    tracking_number: string | null
  },
  items: { product_id: string; name: string; price: number; image: string; size: string; quantity: number }[],
  events: { at: number; from_status: string | null; to_status: string; actor: string; note: string | null }[],
): Order {
  return {
    _id: o.id,
    items: items.map((i) => ({
      _id: i.product_id,
      name: i.name,
      price: i.price,
      image: productImageUrl(i.image),
      size: i.size,
      quantity: i.quantity,
    })),
    amount: o.amount,
    address: o.address,
    status: o.status,
    payment: o.payment === 1,
    paymentMethod: 'COD',
    date: o.created_at,
    events: events.map((e): OrderEvent => ({
      at: e.at,
      from: e.from_status !== null && isOrderStatus(e.from_status) ? e.from_status : null,
      to: e.to_status as OrderStatus,
      by: e.actor as OrderActor,
      note: e.note,
    })),
    courier: o.courier,
    trackingNumber: o.tracking_number,
  }
}

import { randomUUID } from 'node:crypto'
import { CART_CHANGED_MESSAGE, type Order, type PlaceOrder } from '#contracts/orders.ts'
import { phoneKey } from '#contracts/phone.ts'
import { stockNote } from '#contracts/catalog.ts'
import { computeTotals, isOnSale, type Totals } from '#contracts/pricing.ts'
import { AppError } from '#server/http/errors.ts'
import { retryingConflicts } from '#server/db/database.ts'
import { stockKey } from '#server/catalog/service.ts'
import { shortMessage } from '#server/cart/service.ts'
import { orderPlacedEmail } from '#server/mail/templates.ts'
import * as repo from '#server/orders/repository.ts'
import { attentionReasons } from '#server/orders/attention.ts'
import type { OrdersContext } from '#server/orders/context.ts'
import { toOrder } from '#server/orders/order-rows.ts'

// The one transaction that turns the shopper's cart into an order, its stock, its email
// and its kept answer; placing.ts counts it against the limits first.

const PRICES_CHANGED = 'Prices have changed, please review your cart'

/** The page a link from the order email opens. */
export const orderLinkPath = (token: string) => `/order-link?token=${encodeURIComponent(token)}`

const lineKey = (productId: string, size: string) => JSON.stringify([productId, size])

/** How long the links in the order email work: confirming is asked for at once, cancelling is allowed longer. */
export const CONFIRM_LINK_MS = 3 * 24 * 60 * 60_000
export const CANCEL_LINK_MS = 14 * 24 * 60 * 60_000

const openOrdersMessage = (n: number, whose: 'account' | 'phone') =>
  `${whose === 'account' ? 'You have' : 'This phone number has'} ${n} order${n === 1 ? '' : 's'} waiting for confirmation. Confirm or cancel ${n === 1 ? 'it' : 'them'} in My Orders before placing another.`

export function createNewOrder(ctx: OrdersContext) {
  const { db, dialect, carts, catalog, discounts, delivery, mail, now, limits, emailLanguageOf, trackingTemplates } =
    ctx

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
    let soldOutIn: string[] = []
    // A deadlock with a sale boundary's repricing ends this transaction whole: it runs again.
    const order = await retryingConflicts(() =>
      db.transaction().execute(async (trx) => {
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

        const id = randomUUID()
        const basket = {
          // Whether a line is on sale reaches pricing only through isOnSale (docs/decisions/026).
          lines: cart.map((l) => ({
            productId: l.product_id,
            quantity: l.quantity,
            onSale: isOnSale(products.get(l.product_id)!),
          })),
          priceOf: (productId: string) => products.get(productId)?.price,
          delivery,
        }
        // docs/decisions/026: a code is priced and its use claimed here, under the code's
        // lock; unknown or no longer valid answers 422 and places nothing.
        let totals: Totals = computeTotals(basket.lines, basket.priceOf, delivery)
        let discountCode: string | null = null
        if (input.discountCode !== undefined) {
          if (!discounts) throw new AppError(422, 'This discount code was not found')
          const firstOrder = !(await repo.hasEarlierOrder(trx, customer))
          const claimed = await discounts.claim(trx, input.discountCode, { ...customer, firstOrder }, basket, id)
          totals = claimed.totals
          discountCode = claimed.code
        }
        // docs/spec/rulings.md #13 as amended by docs/decisions/026: `amount` is the most the
        // shopper agreed to pay. A total above it is refused; a lower one (a price cut, a
        // discount code, free delivery) is placed at the server's total, which the answer
        // and every later view show.
        if (totals.total > input.amount) throw new AppError(409, PRICES_CHANGED)

        // docs/spec/rulings.md #24: the pieces leave the shelf with the order, or neither happens.
        const taken = await catalog.takeStock(
          trx,
          cart.map((l) => ({ productId: l.product_id, size: l.size, quantity: l.quantity })),
        )
        soldOutIn = taken.soldOutIn
        const { short } = taken
        if (short) {
          const name = products.get(short.productId)?.name ?? short.productId
          throw new AppError(409, shortMessage(name, short.size, short.left), {
            fields: { [stockKey(short.productId, short.size)]: stockNote(short.left) },
          })
        }

        // Placed, not refused: an order the owner should look at first is marked so (README, "Orders that need attention").
        const attention = await attentionReasons(trx, customer, totals.total, limits.codReviewOver)
        const createdAt = now()
        const placed = {
          order_id: id,
          position: 0,
          at: createdAt,
          from_status: null,
          to_status: 'Order Placed',
          actor: 'shopper',
          note: null,
          request_step: null,
        }
        const a = input.address
        // The store's language the order is placed in; the API's clients send none (English).
        const language = input.language ?? 'en'
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
            discount_code: discountCode,
            discount: totals.discount,
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
            attention: attention.length > 0 ? JSON.stringify(attention) : null,
            exchange_for: null,
            created_at: createdAt,
            language,
          },
          items,
          placed,
        )
        await carts.removeLines(trx, userId, cart)
        const order = toOrder(
          {
            id,
            subtotal: totals.subtotal,
            delivery_fee: totals.deliveryFee,
            discount_code: discountCode,
            discount: totals.discount,
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
          trackingTemplates,
        )
        // The written confirmation, with one-tap links, commits with the order or not at all.
        if (mail) {
          const [confirm, cancel] = await Promise.all([
            mail.signLink(trx, 'order-confirm', id, CONFIRM_LINK_MS),
            mail.signLink(trx, 'order-cancel', id, CANCEL_LINK_MS),
          ])
          const lang = await emailLanguageOf(trx, { userId, language })
          await mail.enqueue(
            trx,
            'order-placed',
            a.email,
            await orderPlacedEmail(
              mail.store,
              lang,
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
      }),
    )
    // A size sold out: the collection's counts (sizes in stock) and the product's page are read afresh, after the commit.
    if (soldOutIn.length > 0) catalog.stockChanged(soldOutIn)
    return order
  }

  return placeCounted
}

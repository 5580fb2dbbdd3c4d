import { randomUUID } from 'node:crypto'
import type { Db } from '#server/db/database.ts'
import { CART_CHANGED_MESSAGE, type Address, type Order, type OrderStatus, type PlaceOrder } from '#contracts/orders.ts'
import { computeTotals } from '#contracts/pricing.ts'
import { AppError } from '#server/http/errors.ts'
import type { CartService } from '#server/cart/service.ts'
import type { CatalogService } from '#server/catalog/service.ts'
import { productImageUrl } from '#server/catalog/images.ts'
import * as repo from '#server/orders/repository.ts'

export type OrderService = ReturnType<typeof createOrderService>

const PRICES_CHANGED = 'Prices have changed, please review your cart'

const lineKey = (productId: string, size: string) => JSON.stringify([productId, size])

export function createOrderService(
  db: Db,
  domains: { cart: CartService; catalog: CatalogService },
  now: () => number = Date.now,
) {
  const { cart: carts, catalog } = domains
  return {
    /**
     * docs/spec/rulings.md #13-14: the order is the user's server cart, priced from the catalog,
     * written with its lines and the emptied cart in one transaction. What the browser
     * sends is only compared with it.
     */
    async place(userId: string, input: PlaceOrder): Promise<Order> {
      return db.transaction().execute(async (trx) => {
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
        if (totals.total !== input.amount) throw new AppError(409, PRICES_CHANGED)

        const id = randomUUID()
        const createdAt = now()
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
            created_at: createdAt,
          },
          items,
        )
        await carts.removeLines(trx, userId, cart)
        return toOrder(
          { id, amount: totals.total, status: 'Order Placed', payment: 0, created_at: createdAt, address: a },
          items,
        )
      })
    },

    /** Oldest first: the storefront reverses the flattened list (docs/spec/store-spec.md §7). */
    async list(userId: string): Promise<Order[]> {
      const { orders, items } = await repo.ordersOfUser(db, userId)
      const itemsBy = new Map<string, typeof items>()
      for (const item of items) {
        const list = itemsBy.get(item.order_id)
        if (list) list.push(item)
        else itemsBy.set(item.order_id, [item])
      }
      return orders.map((o) =>
        toOrder(
          {
            id: o.id,
            amount: o.amount,
            status: o.status as OrderStatus,
            payment: o.payment,
            created_at: o.created_at,
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
          itemsBy.get(o.id) ?? [],
        ),
      )
    },
  }
}

function toOrder(
  o: { id: string; amount: number; status: OrderStatus; payment: number; created_at: number; address: Address },
  items: { product_id: string; name: string; price: number; image: string; size: string; quantity: number }[],
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
  }
}

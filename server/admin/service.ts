import { randomBytes } from 'node:crypto'
import type { Db } from '#server/db/database.ts'
import type { Config } from '#server/config.ts'
import type { User } from '#contracts/auth.ts'
import {
  ADMIN_PAGE_SIZE,
  LOW_STOCK,
  type AdminCustomerPage,
  type AdminCustomersQuery,
  type AdminDashboard,
  type AdminOrderDetail,
  type AdminOrderPage,
  type AdminOrdersQuery,
  type AdminStatusMove,
  type AuditEntry,
} from '#contracts/admin.ts'
import { orderStatuses, orderTransitions, type OrderStatus } from '#contracts/order-status.ts'
import { orderNumber, type Order } from '#contracts/orders.ts'
import { phoneKey } from '#contracts/phone.ts'
import { formatPrice } from '#contracts/pricing.ts'
import { DAY_MS, karachiDayStart, karachiDayStartOf } from '#contracts/store-days.ts'
import { AppError } from '#server/http/errors.ts'
import type { AuthService } from '#server/auth/service.ts'
import type { OrderService } from '#server/orders/service.ts'
import * as repo from '#server/admin/repository.ts'

export type AdminService = ReturnType<typeof createAdminService>

/** How many of a customer's other orders the order page lists. */
const PAST_ORDERS = 50
/** How many low sizes the dashboard lists. */
const LOW_STOCK_ROWS = 20

/**
 * The store owner's console (docs/spec/rulings.md #25). Reads are the console's own
 * queries; an order moves only through the orders service, and what an admin changes
 * is written to the audit log in the same transaction.
 */
export function createAdminService(
  db: Db,
  config: Config,
  domains: { orders: OrderService; auth: AuthService },
  now: () => number = Date.now,
) {
  const { orders, auth } = domains
  const nextAuditId = auditIds()

  async function auditOf(entity: 'order' | 'product', entityId: string): Promise<AuditEntry[]> {
    const rows = await repo.auditOf(db, entity, entityId)
    return rows.map((r) => ({
      id: r.id,
      at: r.at,
      actor: { id: r.actor_id, name: r.actor_name },
      entity: r.entity as 'order' | 'product',
      entityId: r.entity_id,
      action: r.action,
      before: r.before === null ? null : (JSON.parse(r.before) as unknown),
      after: r.after === null ? null : (JSON.parse(r.after) as unknown),
    }))
  }

  async function order(orderId: string): Promise<AdminOrderDetail> {
    const found = await orders.forStore(orderId)
    if (!found) throw new AppError(404, 'Order not found')
    const { order, userId } = found
    const [customer, past, returned, audit] = await Promise.all([
      auth.userById(userId),
      repo.otherOrdersOf(db, userId, order._id, PAST_ORDERS),
      orders.returnsOf({ userId, phone: order.address.phone }),
      auditOf('order', order._id),
    ])
    return {
      order,
      customer: customer ? { id: customer._id, name: customer.name, email: customer.email } : null,
      pastOrders: past.map((o) => ({
        id: o.id,
        number: orderNumber(o.id),
        date: o.created_at,
        status: o.status as OrderStatus,
        amount: o.amount,
      })),
      returned,
      nextStatuses: [...orderTransitions[order.status]],
      whatsapp: { url: whatsappUrl(order, config.store.name) },
      audit,
    }
  }

  return {
    /** The queue: one status a page at a time, newest first, and every status's count for the tabs. */
    async orders(query: AdminOrdersQuery): Promise<AdminOrderPage> {
      const filter: repo.OrderFilter = {
        search: orderSearch(query.q),
        from: query.from === undefined ? undefined : karachiDayStart(query.from),
        before: query.to === undefined ? undefined : karachiDayStart(query.to)! + DAY_MS,
      }
      const [rows, counted] = await Promise.all([
        repo.orderPage(db, query.status, filter, pageOf(query.page)),
        repo.statusCounts(db, filter),
      ])
      const counts = Object.fromEntries(orderStatuses.map((s) => [s, 0])) as Record<OrderStatus, number>
      for (const c of counted) if (c.status in counts) counts[c.status as OrderStatus] = Number(c.n)
      return {
        items: rows.map((r) => ({
          id: r.id,
          number: orderNumber(r.id),
          status: r.status as OrderStatus,
          date: r.created_at,
          name: `${r.first_name} ${r.last_name}`,
          phone: r.phone,
          city: r.city,
          amount: r.amount,
          itemCount: Number(r.item_count ?? 0),
        })),
        total: counts[query.status],
        page: query.page,
        pageSize: ADMIN_PAGE_SIZE,
        counts,
      }
    },

    order,

    /**
     * Moves the order along docs/spec/rulings.md #15 as the store; the audit entry (who,
     * from, to, and the courier, tracking number and note given) commits with the move.
     */
    async moveOrder(orderId: string, input: AdminStatusMove, admin: User): Promise<AdminOrderDetail> {
      const note = input.note ? input.note : null
      await orders.advance(
        orderId,
        input.to,
        {
          note,
          ...(input.courier ? { courier: input.courier } : {}),
          ...(input.trackingNumber ? { trackingNumber: input.trackingNumber } : {}),
        },
        'store',
        async (trx, move) => {
          const at = now()
          await repo.insertAudit(trx, {
            id: nextAuditId(at),
            at,
            actor_id: admin._id,
            actor_name: admin.name,
            entity: 'order',
            entity_id: orderId,
            action: 'status',
            before: JSON.stringify({ status: move.from }),
            after: JSON.stringify({
              status: move.to,
              ...(move.to === 'Shipped'
                ? { courier: move.order.courier, trackingNumber: move.order.trackingNumber }
                : {}),
              ...(note ? { note } : {}),
            }),
          })
        },
      )
      return order(orderId)
    },

    /** Today's and the week's orders, the queue, and the last 30 days' money and returns, in Karachi days. */
    async dashboard(): Promise<AdminDashboard> {
      const today = karachiDayStartOf(now())
      const [figures, low] = await Promise.all([
        repo.dashboardFigures(db, { today, week: today - 6 * DAY_MS, month: today - 29 * DAY_MS }),
        repo.lowStock(db, LOW_STOCK, LOW_STOCK_ROWS),
      ])
      const settled = figures.delivered + figures.returned
      return {
        ordersToday: figures.today,
        ordersLast7Days: figures.week,
        awaitingConfirmation: figures.awaiting,
        placedValue: figures.placedValue,
        collectedValue: figures.collectedValue,
        returnRate30d: settled === 0 ? null : figures.returned / settled,
        lowStock: low.map((s) => ({ productId: s.product_id, name: s.name, size: s.size, stock: s.stock })),
      }
    },

    /** Customers (not admins), latest order first, with what became of their orders. */
    async customers(query: AdminCustomersQuery): Promise<AdminCustomerPage> {
      const like = query.q ? likePattern(query.q) : null
      const [rows, total] = await Promise.all([
        repo.customerPage(db, like, pageOf(query.page)),
        repo.customerCount(db, like),
      ])
      return {
        items: rows.map((r) => ({
          id: r.id,
          name: r.name,
          email: r.email,
          lastPhone: r.last_phone ?? null,
          orders: Number(r.orders),
          delivered: Number(r.delivered),
          returned: Number(r.returned),
        })),
        total,
        page: query.page,
        pageSize: ADMIN_PAGE_SIZE,
      }
    },
  }
}

function pageOf(page: number) {
  return { limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE }
}

/** Names and emails contain the text, in any case; % and _ are the text's own. */
function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * What the queue's search box may hold: an order number ('#1A2B3C4D', or its start),
 * a phone in any form ('0300-1234567', '+92 300 1234567'), a name or an email.
 */
function orderSearch(q: string): repo.OrderSearch | null {
  if (!q) return null
  const number = /^#?\s*([0-9a-f]{1,8})$/i.exec(q)?.[1]?.toLowerCase() ?? null
  const digits = q.replace(/\D/g, '')
  const phone = /^\+?[\d\s\-().]+$/.test(q) && digits.length >= 4 ? phoneKey(q) : null
  return { like: likePattern(q), numberPrefix: number, phoneKey: phone }
}

/**
 * A chat with the customer about their order, the confirmation message written out
 * (cash-on-delivery orders are confirmed before they are packed: docs/decisions/010).
 */
function whatsappUrl(order: Order, storeName: string): string {
  const a = order.address
  const message = [
    `Assalam-o-Alaikum ${a.firstName}, this is ${storeName} about your order ${orderNumber(order._id)}:`,
    ...order.items.map((i) => `- ${i.name}, size ${i.size}, quantity ${i.quantity}`),
    `Total: ${formatPrice(order.amount)} (cash on delivery)`,
    `Delivery address: ${a.street}, ${a.city}, ${a.state} ${a.pinCode}, ${a.country}`,
    'Please reply YES to confirm your order, or tell us what to change.',
  ].join('\n')
  return `https://wa.me/${phoneKey(a.phone)}?text=${encodeURIComponent(message)}`
}

/**
 * Audit ids that sort in the order they were made (UUID version 7 layout: the time,
 * then a counter within the millisecond), so entries written in one millisecond still
 * read back oldest first.
 */
function auditIds(): (at: number) => string {
  let lastAt = -1
  let counter = 0
  return (at) => {
    counter = at === lastAt ? counter + 1 : 0
    lastAt = at
    const time = Math.max(0, at).toString(16).padStart(12, '0').slice(-12)
    const seq = (counter & 0xfff).toString(16).padStart(3, '0')
    const rest = randomBytes(8)
    rest[0] = (rest[0]! & 0x3f) | 0x80
    const tail = rest.toString('hex')
    return `${time.slice(0, 8)}-${time.slice(8)}-7${seq}-${tail.slice(0, 4)}-${tail.slice(4)}`
  }
}

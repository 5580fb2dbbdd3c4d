import type { User } from '#contracts/auth.ts'
import {
  ADMIN_PAGE_SIZE,
  type AdminOrderDetail,
  type AdminOrderPage,
  type AdminOrdersQuery,
  type AdminStatusMove,
} from '#contracts/admin.ts'
import { orderStatuses, orderTransitions, type OrderStatus } from '#contracts/order-status.ts'
import { orderNumber } from '#contracts/orders.ts'
import { phoneKey } from '#contracts/phone.ts'
import { DAY_MS, karachiDayStart } from '#contracts/store-days.ts'
import { AppError } from '#server/http/errors.ts'
import * as repo from '#server/admin/repository.ts'
import { likePattern, pageOf, type AdminContext } from '#server/admin/context.ts'
import { whatsappUrl } from '#server/admin/whatsapp.ts'
import { attentionOf } from '#server/orders/service.ts'

// The console's orders: the queue, one order with its customer's history, and moving
// it along docs/spec/rulings.md #15 through the orders service, audited.

/** How many of a customer's other orders the order page lists. */
const PAST_ORDERS = 50

export function createOrders(ctx: AdminContext) {
  const { db, config, orders, auth, now, nextAuditId, auditOf } = ctx

  async function order(orderId: string): Promise<AdminOrderDetail> {
    const found = await orders.forStore(orderId)
    if (!found) throw new AppError(404, 'Order not found')
    const { order, userId, language, attention } = found
    // A deleted account's orders stay, anonymised and belonging to no one (docs/decisions/012).
    const [customer, past, returned, audit] = await Promise.all([
      userId === null ? undefined : auth.userById(userId),
      userId === null ? [] : repo.otherOrdersOf(db, userId, order._id, PAST_ORDERS),
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
      whatsapp: { url: whatsappUrl(order, config.store.name, language) },
      audit,
      attention,
    }
  }

  return {
    /**
     * The queue: one status a page at a time, newest first, and every status's count for the
     * tabs. An order needing attention is in that tab alone until it is packing or cancelled:
     * each tab's count is the length of the list it opens.
     */
    async orders(query: AdminOrdersQuery): Promise<AdminOrderPage> {
      const filter: repo.OrderFilter = {
        search: orderSearch(query.q),
        from: query.from === undefined ? undefined : karachiDayStart(query.from),
        before: query.to === undefined ? undefined : karachiDayStart(query.to)! + DAY_MS,
      }
      const [rows, counted, attentionCount] = await Promise.all([
        repo.orderPage(db, query.attention ? 'attention' : query.status, filter, pageOf(query.page)),
        repo.statusCounts(db, filter, { tabs: true }),
        repo.attentionCount(db, filter),
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
          attention: attentionOf(r.attention),
        })),
        total: query.attention ? attentionCount : counts[query.status],
        page: query.page,
        pageSize: ADMIN_PAGE_SIZE,
        counts,
        attentionCount,
      }
    },

    order,

    /** How many orders stand in each status, over all time (the store's metrics). */
    async statusTotals(): Promise<Record<OrderStatus, number>> {
      const counts = Object.fromEntries(orderStatuses.map((s) => [s, 0])) as Record<OrderStatus, number>
      for (const c of await repo.statusCounts(db, { search: null, from: undefined, before: undefined }))
        if (c.status in counts) counts[c.status as OrderStatus] = Number(c.n)
      return counts
    },

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
  }
}

/**
 * What the queue's search box may hold: an order number ('#1A2B3C4D', or its start),
 * a phone in any form ('0300-1234567', '+92 300 1234567'), a name or an email.
 */
function orderSearch(q: string): repo.OrderSearch | null {
  if (!q) return null
  const number = /^#?\s*([0-9a-f]{1,8})$/i.exec(q)?.[1]?.toLowerCase() ?? null
  const digits = q.replace(/\D/g, '')
  // The start of a number written nationally ('0300123') is found without its 0: keys are international.
  const phone = /^\+?[\d\s\-().]+$/.test(q) && digits.length >= 4 ? phoneKey(q).replace(/^0+/, '') : null
  return { like: likePattern(q), numberPrefix: number, phoneKey: phone }
}

import { orderNumber } from '#contracts/orders.ts'
import { phoneKey } from '#contracts/phone.ts'
import { TRACK_NO_MATCH, TRACK_TOO_MANY, type TrackQuery, type TrackedOrder } from '#contracts/track.ts'
import { AppError } from '#server/http/errors.ts'
import * as repo from '#server/orders/repository.ts'
import type { OrdersContext } from '#server/orders/context.ts'
import { fromRows } from '#server/orders/order-rows.ts'

// /track: an order found by its number and phone without signing in (README, "Couriers
// and tracking"). A wrong pair is answered alike whichever half was wrong, and each client
// address has TRACK_LIMIT_PER_IP wrong pairs an hour: guessing either half takes more
// lookups than that by far (the number alone is 8 hex digits).

export function createTracking(ctx: OrdersContext) {
  const { db, trackingTemplates, lookupsByAddress } = ctx

  return {
    async track(query: TrackQuery, clientAddress = 'local'): Promise<TrackedOrder> {
      const wait = await lookupsByAddress.consume(clientAddress)
      if (wait > 0) throw new AppError(429, TRACK_TOO_MANY, { headers: { 'Retry-After': String(wait) } })
      const id = await repo.orderIdByNumber(db, query.order, phoneKey(query.phone))
      const found = id === undefined ? undefined : await repo.orderForUpdate(db, id, { lock: false })
      if (!found) throw new AppError(404, TRACK_NO_MATCH)
      // Only wrong pairs count: a shopper following a parcel all day, or many behind one address, is never stopped.
      await lookupsByAddress.refund(clientAddress)
      const order = fromRows(found.order, found.items, found.events, trackingTemplates)
      return {
        number: orderNumber(order._id),
        status: order.status,
        date: order.date,
        amount: order.amount,
        payment: order.payment,
        // The store's notes may name people or places; only its processes' fixed notes are shown.
        events: order.events.map((e) => ({ ...e, note: e.by === 'system' ? e.note : null })),
        courier: order.courier,
        trackingNumber: order.trackingNumber,
        trackingUrl: order.trackingUrl,
      }
    },
  }
}

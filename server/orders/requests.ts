import { randomUUID } from 'node:crypto'
import type { Executor } from '#server/db/database.ts'
import {
  ACTIVE_REQUEST_STATUSES,
  REQUEST_PHOTOS_MAX,
  withinReturnWindow,
  type OrderRequest,
  type RequestInput,
} from '#contracts/requests.ts'
import { AppError } from '#server/http/errors.ts'
import { stockKey } from '#server/catalog/service.ts'
import { requestEmail } from '#server/mail/templates.ts'
import * as orderRepo from '#server/orders/repository.ts'
import * as repo from '#server/orders/requests-repository.ts'
import type { OrdersContext } from '#server/orders/context.ts'
import { fromRows } from '#server/orders/order-rows.ts'
import { itemsNote, storedItems, toRequest, type StoredItem } from '#server/orders/request-rows.ts'

// A shopper asks to exchange or return pieces of a Delivered order (docs/decisions/036):
// within RETURN_DAYS of the move to Delivered, pieces of the order and no more than were
// received (less those already in an earlier request that was not declined), an exchange
// for another size of the same product that is in stock now, one request at a time an order.

export const NOT_DELIVERED = 'Only a delivered order can be exchanged or returned'
export const WINDOW_PASSED = 'The time to exchange or return this order has passed'
export const ALREADY_ASKED = 'This order already has a request waiting: you can ask again once it is settled'
export const NOT_ON_ORDER = 'A piece you chose is not on this order'
export const TOO_MANY = 'You chose more pieces than you received'
export const NO_SUCH_SIZE = 'The size you want is not made for this piece'
export const SIZE_OUT = 'The size you want is out of stock now'

/** What the order page's request form offers (requestOptions). */
export interface RequestOptions {
  /** The last moment to ask (epoch ms). */
  until: number
  lines: { productId: string; size: string; left: number; sizes: { size: string; inStock: boolean }[] }[]
}

type FoundOrder = NonNullable<Awaited<ReturnType<typeof orderRepo.orderForUpdate>>>

/** When the order moved to Delivered (a request's steps on it are no move), or null. */
export function deliveredAt(found: FoundOrder): number | null {
  const event = found.events.find((e) => e.to_status === 'Delivered' && e.request_step === null)
  return event ? Number(event.at) : null
}

/** A unique index's refusal, on either database. */
function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code
  return code === '23505' || (typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT'))
}

export function createRequests(ctx: OrdersContext) {
  const { db, dialect, catalog, mail, now, limits, emailLanguageOf, trackingTemplates } = ctx

  /**
   * The request's pieces from the order's lines, each checked: on the order, no more than
   * received less what earlier requests (not declined) hold, and for an exchange a size
   * of the product that is in stock for the quantity.
   */
  async function piecesOf(
    exec: Executor,
    found: FoundOrder,
    input: RequestInput,
    earlier: { items: StoredItem[] }[],
  ): Promise<StoredItem[]> {
    const pieces: StoredItem[] = []
    for (const [i, item] of input.items.entries()) {
      const line = found.items.find((l) => l.product_id === item._id && l.size === item.size)
      if (!line) throw new AppError(422, NOT_ON_ORDER, { fields: { [`items.${i}._id`]: 'Not on this order' } })
      const asked = earlier
        .flatMap((r) => r.items)
        .filter((p) => p.productId === item._id && p.size === item.size)
        .reduce((sum, p) => sum + p.quantity, 0)
      if (item.quantity > line.quantity - asked)
        throw new AppError(422, TOO_MANY, {
          fields: { [`items.${i}.quantity`]: `At most ${Math.max(0, line.quantity - asked)}` },
        })
      pieces.push({
        productId: line.product_id,
        name: line.name,
        size: line.size,
        quantity: item.quantity,
        newSize: item.newSize ?? null,
        price: line.price,
        image: line.image,
      })
    }
    if (input.kind === 'exchange') {
      const stock = await catalog.stockOf(
        pieces.map((p) => ({ productId: p.productId, size: p.newSize! })),
        exec,
      )
      for (const [i, p] of pieces.entries()) {
        const left = stock.get(stockKey(p.productId, p.newSize!))
        if (left === undefined)
          throw new AppError(422, NO_SUCH_SIZE, { fields: { [`items.${i}.newSize`]: 'No such size' } })
        if (left < p.quantity) throw new AppError(422, SIZE_OUT, { fields: { [`items.${i}.newSize`]: `${left} left` } })
      }
    }
    return pieces
  }

  return {
    /**
     * POST /api/order/request: the shopper's exchange or return of pieces of their
     * Delivered order, with up to three photos (the catalog's photo checks, stored before
     * the transaction and removed when it fails). The request, its event on the order and
     * the email saying it arrived commit together. 404 for an order not theirs; 422 for an
     * order not Delivered, past the window, or pieces that cannot be; 409 while another
     * request of the order is open or approved.
     */
    async ask(userId: string, input: RequestInput, photos: readonly Uint8Array[] = []): Promise<OrderRequest> {
      if (photos.length > REQUEST_PHOTOS_MAX)
        throw new AppError(400, `Add at most ${REQUEST_PHOTOS_MAX} photos`, {
          fields: { photos: `At most ${REQUEST_PHOTOS_MAX}` },
        })
      const first = await orderRepo.orderForUpdate(db, input.orderId, { lock: false })
      if (!first || first.order.user_id !== userId) throw new AppError(404, 'Order not found')
      // Photos are kept under a product of the order (a key is made of a product's id).
      const keyed = first.items.find((l) => l.product_id === input.items[0]?._id) ?? first.items[0]
      const keys: string[] = []
      try {
        for (const photo of photos) keys.push(await catalog.photos.storeRequest(keyed!.product_id, photo))
      } catch (err) {
        await catalog.photos.remove(keys)
        throw err
      }
      try {
        return await db.transaction().execute(async (trx) => {
          // The order's row is locked on PostgreSQL: two requests of one order take turns.
          const found = await orderRepo.orderForUpdate(trx, input.orderId, { lock: dialect === 'postgres' })
          if (!found || found.order.user_id !== userId) throw new AppError(404, 'Order not found')
          if (found.order.status !== 'Delivered') throw new AppError(422, NOT_DELIVERED)
          const delivered = deliveredAt(found)
          const at = now()
          if (delivered === null || !withinReturnWindow(delivered, at, limits.returnDays))
            throw new AppError(422, WINDOW_PASSED)
          const earlier = (await repo.requestsOfOrder(trx, found.order.id)).filter((r) => r.status !== 'declined')
          if (earlier.some((r) => (ACTIVE_REQUEST_STATUSES as readonly string[]).includes(r.status)))
            throw new AppError(409, ALREADY_ASKED)
          const pieces = await piecesOf(
            trx,
            found,
            input,
            earlier.map((r) => ({ items: storedItems(r.items) })),
          )
          const row = {
            id: randomUUID(),
            order_id: found.order.id,
            user_id: userId,
            kind: input.kind,
            status: 'open',
            items: JSON.stringify(pieces),
            reason: input.reason,
            note: input.note,
            photos: JSON.stringify(keys),
            decision_note: null,
            exchange_order_id: null,
            refund_method: null,
            refund_reference: null,
            created_at: at,
            decided_at: null,
            received_at: null,
          }
          await repo.insertRequest(trx, row)
          await orderRepo.addEvent(trx, {
            order_id: found.order.id,
            at,
            from_status: 'Delivered',
            to_status: 'Delivered',
            actor: 'shopper',
            note: itemsNote(pieces),
            request_step: `${input.kind}-requested`,
          })
          const request = toRequest(row)
          if (mail) {
            const after = await orderRepo.orderForUpdate(trx, found.order.id, { lock: false })
            const order = fromRows(after!.order, after!.items, after!.events, trackingTemplates, request)
            const lang = await emailLanguageOf(trx, { userId, language: found.order.language })
            await mail.enqueue(
              trx,
              'request-received',
              order.address.email,
              await requestEmail(mail.store, lang, 'received', { order, request }),
              { userId },
            )
          }
          return request
        })
      } catch (err) {
        await catalog.photos.remove(keys)
        if (isUniqueViolation(err)) throw new AppError(409, ALREADY_ASKED)
        throw err
      }
    },

    /**
     * What the order page's request form offers, for the shopper's own order: null when no
     * request can be made now (not Delivered, the window passed, or one is open or approved);
     * else the last moment to ask, and for each line the pieces left to ask about and the
     * product's other sizes with whether each is in stock now.
     */
    async requestOptions(userId: string, orderId: string): Promise<RequestOptions | null> {
      const found = await orderRepo.orderForUpdate(db, orderId, { lock: false })
      if (!found || found.order.user_id !== userId || found.order.status !== 'Delivered') return null
      const delivered = deliveredAt(found)
      if (delivered === null || !withinReturnWindow(delivered, now(), limits.returnDays)) return null
      const earlier = (await repo.requestsOfOrder(db, orderId)).filter((r) => r.status !== 'declined')
      if (earlier.some((r) => (ACTIVE_REQUEST_STATUSES as readonly string[]).includes(r.status))) return null
      const asked = earlier.flatMap((r) => storedItems(r.items))
      const products = await catalog.getMany([...new Set(found.items.map((l) => l.product_id))])
      const byId = new Map(products.map((p) => [p._id, p]))
      return {
        until: delivered + limits.returnDays * 24 * 60 * 60_000,
        lines: found.items.map((line) => {
          const product = byId.get(line.product_id)
          return {
            productId: line.product_id,
            size: line.size,
            left:
              line.quantity -
              asked
                .filter((p) => p.productId === line.product_id && p.size === line.size)
                .reduce((sum, p) => sum + p.quantity, 0),
            sizes: (product?.sizes ?? [])
              .filter((size) => size !== line.size)
              .map((size) => ({ size, inStock: (product?.stock[size] ?? 0) > 0 })),
          }
        }),
      }
    },

    /** RETURN_DAYS: the days a shopper has after delivery (the policy texts show it). */
    returnDays: (): number => limits.returnDays,
  }
}

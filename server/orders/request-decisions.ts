import { randomUUID } from 'node:crypto'
import type { Executor } from '#server/db/database.ts'
import { retryingConflicts } from '#server/db/database.ts'
import { orderNumber, type Order } from '#contracts/orders.ts'
import {
  REQUESTS_PAGE_SIZE,
  type AdminRequest,
  type AdminRequestPage,
  type AdminRequestsQuery,
  type RequestDecision,
  type RequestReceived,
  type RequestStep,
} from '#contracts/requests.ts'
import { AppError } from '#server/http/errors.ts'
import { requestEmail, type RequestNews } from '#server/mail/templates.ts'
import * as orderRepo from '#server/orders/repository.ts'
import * as repo from '#server/orders/requests-repository.ts'
import type { OrdersContext } from '#server/orders/context.ts'
import { fromRows } from '#server/orders/order-rows.ts'
import { itemsNote, storedItems, toAdminRequest, toRequest } from '#server/orders/request-rows.ts'
import type { OrderRequestsTable } from '#server/orders/tables.ts'

// The owner's side of exchanges and returns (docs/decisions/036): the console's list, the
// decision (an approved exchange takes the new sizes off the shelf and makes its order in
// the same transaction), and the pieces received back (on the shelf again; a return's
// money recorded). Each step writes an event on the original order and emails the shopper.

export const ALREADY_DECIDED = 'This request was already decided'
export const NOT_APPROVED = 'Only an approved request can be marked received'
export const NO_LONGER_SOLD = 'A piece of this exchange is no longer sold: decline the request'

/** Runs inside a decision's transaction, after it is written (the console's audit entry). */
export type AlongWithRequest = (
  trx: Executor,
  step: { orderId: string; from: string; to: string; note: string | null },
) => Promise<void>

const outOfStock = (name: string, size: string) =>
  `${name} in size ${size} is no longer in stock: decline the request, or ask the shopper for another size`

export function createRequestDecisions(ctx: OrdersContext) {
  const { db, dialect, catalog, mail, now, emailLanguageOf, trackingTemplates } = ctx
  const lock = dialect === 'postgres'

  /** The console's row of one request, after a change. */
  async function adminRow(id: string): Promise<AdminRequest> {
    const row = await repo.requestRow(db, id)
    if (!row) throw new AppError(404, 'Request not found')
    return toAdminRequest(row)
  }

  /** The request, its order (both locked on PostgreSQL), inside the caller's transaction. */
  async function locked(trx: Executor, id: string) {
    const row = await repo.requestForUpdate(trx, id, { lock })
    if (!row) throw new AppError(404, 'Request not found')
    const found = await orderRepo.orderForUpdate(trx, row.order_id, { lock })
    if (!found) throw new AppError(404, 'Request not found')
    return { row, found }
  }

  /** The step on the original order's timeline, and the email that tells the shopper, in `trx`. */
  async function record(
    trx: Executor,
    row: OrderRequestsTable,
    step: RequestStep,
    note: string | null,
    news: RequestNews,
    exchange: Order | null = null,
  ): Promise<void> {
    await orderRepo.addEvent(trx, {
      order_id: row.order_id,
      at: now(),
      from_status: 'Delivered',
      to_status: 'Delivered',
      actor: 'store',
      note,
      request_step: step,
    })
    if (!mail) return
    const after = await repo.requestForUpdate(trx, row.id, { lock: false })
    const request = toRequest(after!)
    const found = await orderRepo.orderForUpdate(trx, row.order_id, { lock: false })
    const order = fromRows(found!.order, found!.items, found!.events, trackingTemplates, request)
    const lang = await emailLanguageOf(trx, { userId: found!.order.user_id, language: found!.order.language })
    await mail.enqueue(
      trx,
      `request-${news}`,
      order.address.email,
      await requestEmail(mail.store, lang, news, { order, request, exchange }),
      { userId: found!.order.user_id },
    )
  }

  /**
   * The exchange order of an approved exchange, in its transaction: the new sizes taken off
   * the shelf (409 when one is short: nothing happens), each at the product's price now;
   * no delivery fee; what the old pieces cost is credited (`discount`, no code), so the
   * courier collects the difference, or nothing when the new pieces cost less. Placed by
   * the store at Confirmed, its first event naming the original.
   */
  async function makeExchange(trx: Executor, row: OrderRequestsTable, original: OrderForExchange) {
    const pieces = storedItems(row.items)
    const products = new Map(
      (await catalog.pricesOf(trx, [...new Set(pieces.map((p) => p.productId))])).map((p) => [p.id, p]),
    )
    if (pieces.some((p) => !products.has(p.productId))) throw new AppError(409, NO_LONGER_SOLD)
    const { short, soldOutIn } = await catalog.takeStock(
      trx,
      pieces.map((p) => ({ productId: p.productId, size: p.newSize!, quantity: p.quantity })),
    )
    if (short) {
      const name = pieces.find((p) => p.productId === short.productId)?.name ?? short.productId
      throw new AppError(409, outOfStock(name, short.size))
    }
    const id = randomUUID()
    const at = now()
    const items = pieces.map((p, position) => {
      const product = products.get(p.productId)!
      return {
        order_id: id,
        position,
        product_id: p.productId,
        name: product.name,
        price: product.price,
        image: product.image1,
        size: p.newSize!,
        quantity: p.quantity,
      }
    })
    const subtotal = items.reduce((sum, i) => sum + i.price * i.quantity, 0)
    const paid = pieces.reduce((sum, p) => sum + p.price * p.quantity, 0)
    const credit = Math.min(subtotal, paid)
    const o = original
    await orderRepo.insertOrder(
      trx,
      {
        ...o,
        id,
        subtotal,
        delivery_fee: 0,
        discount_code: null,
        discount: credit,
        amount: subtotal - credit,
        status: 'Confirmed',
        payment: 0,
        courier: null,
        tracking_number: null,
        attention: null,
        exchange_for: o.id,
        created_at: at,
      },
      items,
      {
        order_id: id,
        position: 0,
        at,
        from_status: null,
        to_status: 'Order Placed',
        actor: 'store',
        note: `Exchange for ${orderNumber(o.id)}`,
        request_step: null,
      },
    )
    await orderRepo.addEvent(trx, {
      order_id: id,
      at,
      from_status: 'Order Placed',
      to_status: 'Confirmed',
      actor: 'store',
      note: null,
      request_step: null,
    })
    const made = await orderRepo.orderForUpdate(trx, id, { lock: false })
    return { order: fromRows(made!.order, made!.items, made!.events, trackingTemplates), soldOutIn }
  }

  return {
    /** The console's list: one status a page, oldest first, and how many wait for a decision. */
    async requestsPage(query: AdminRequestsQuery): Promise<AdminRequestPage> {
      const [rows, total, open] = await Promise.all([
        repo.requestPage(db, query.status, {
          offset: (query.page - 1) * REQUESTS_PAGE_SIZE,
          limit: REQUESTS_PAGE_SIZE,
        }),
        repo.countRequests(db, query.status),
        repo.countRequests(db, 'open'),
      ])
      return {
        items: rows.map(toAdminRequest),
        total,
        page: query.page,
        pages: Math.max(1, Math.ceil(total / REQUESTS_PAGE_SIZE)),
        open,
      }
    },

    /** Requests waiting for the owner's decision (the console's tab). */
    openRequests: (): Promise<number> => repo.countRequests(db, 'open'),

    /** One request as the console shows it. */
    async request(id: string): Promise<AdminRequest | undefined> {
      const row = await repo.requestRow(db, id)
      return row ? toAdminRequest(row) : undefined
    },

    /**
     * The owner approves or declines an open request, with a note the shopper reads. An
     * approved exchange makes its order and takes its sizes off the shelf in the same
     * transaction: when a size is gone, 409 and nothing changes.
     */
    async decideRequest(id: string, decision: RequestDecision, along?: AlongWithRequest): Promise<AdminRequest> {
      let soldOutIn: string[] = []
      await retryingConflicts(() =>
        db.transaction().execute(async (trx) => {
          const { row, found } = await locked(trx, id)
          if (row.status !== 'open') throw new AppError(409, ALREADY_DECIDED)
          const note = decision.note || null
          let exchange: Order | null = null
          if (decision.approve && row.kind === 'exchange') {
            const made = await makeExchange(trx, row, found.order)
            exchange = made.order
            soldOutIn = made.soldOutIn
          }
          const moved = await repo.moveRequest(trx, id, 'open', {
            status: decision.approve ? 'approved' : 'declined',
            decision_note: note,
            decided_at: now(),
            exchange_order_id: exchange?._id ?? null,
          })
          if (!moved) throw new AppError(409, ALREADY_DECIDED)
          const step = decision.approve ? 'approved' : 'declined'
          await record(trx, row, step, note, step, exchange)
          if (along) await along(trx, { orderId: row.order_id, from: 'open', to: step, note })
        }),
      )
      // A size sold out: its product's counts and pages are read afresh, after the commit.
      if (soldOutIn.length > 0) catalog.stockChanged(soldOutIn)
      return adminRow(id)
    },

    /**
     * The returned pieces reached the store: back on the shelf in one transaction with the
     * request's end, its event and email. A return records how its money went back
     * (`refundMethod` and `reference`, both required); an exchange takes neither.
     */
    async receiveRequest(id: string, input: RequestReceived, along?: AlongWithRequest): Promise<AdminRequest> {
      let backIn: string[] = []
      await db.transaction().execute(async (trx) => {
        const { row } = await locked(trx, id)
        if (row.status !== 'approved') throw new AppError(409, NOT_APPROVED)
        const isReturn = row.kind === 'return'
        if (isReturn && (!input.refundMethod || !input.reference))
          throw new AppError(400, 'Record how the money went back: the method and its reference', {
            fields: {
              ...(input.refundMethod ? {} : { refundMethod: 'Refund method is required' }),
              ...(input.reference ? {} : { reference: 'Reference is required' }),
            },
          })
        const pieces = storedItems(row.items)
        const returned = await catalog.returnStock(
          trx,
          pieces.map((p) => ({ productId: p.productId, size: p.size, quantity: p.quantity })),
        )
        backIn = returned.backIn
        const moved = await repo.moveRequest(trx, id, 'approved', {
          status: 'received',
          received_at: now(),
          refund_method: isReturn ? input.refundMethod! : null,
          refund_reference: isReturn ? input.reference! : null,
        })
        if (!moved) throw new AppError(409, NOT_APPROVED)
        const refund = isReturn ? ` (${input.refundMethod} ${input.reference})` : ''
        await record(trx, row, 'received', `${itemsNote(pieces)}${refund}`, 'done')
        if (along)
          await along(trx, { orderId: row.order_id, from: 'approved', to: 'received', note: refund.trim() || null })
      })
      if (backIn.length > 0) catalog.stockChanged(backIn)
      return adminRow(id)
    },
  }
}

type OrderForExchange = NonNullable<Awaited<ReturnType<typeof orderRepo.orderForUpdate>>>['order']

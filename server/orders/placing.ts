import { createHash } from 'node:crypto'
import type { Order, PlaceOrder } from '#contracts/orders.ts'
import { AppError } from '#server/http/errors.ts'
import * as repo from '#server/orders/repository.ts'
import type { OrdersContext } from '#server/orders/context.ts'
import { createNewOrder } from '#server/orders/new-order.ts'

// Placing an order: the hourly limits counted first, and the Idempotency-Key whose kept
// answer a retry gets (docs/decisions/013, docs/decisions/017). The order itself is
// written in new-order.ts.

const KEY_REUSED = 'This Idempotency-Key was already used for a different order. Use a new key for a new order.'

export function createPlacing(ctx: OrdersContext) {
  const { db, now, placementsByAccount, placementsByAddress } = ctx
  const placeCounted = createNewOrder(ctx)

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

    /** Forgets Idempotency-Key answers older than a day (hourly housekeeping). */
    pruneIdempotencyKeys: () => repo.deleteIdempotentAnswers(db, now() - repo.IDEMPOTENCY_TTL_MS),
  }
  return service
}

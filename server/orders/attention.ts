import type { Executor } from '#server/db/database.ts'
import type { BlockPhone, BlockedPhone, BlocklistPage } from '#contracts/blocklist.ts'
import { ADMIN_PAGE_SIZE } from '#contracts/admin.ts'
import { phoneKey } from '#contracts/phone.ts'
import { formatPrice } from '#contracts/pricing.ts'
import { AppError } from '#server/http/errors.ts'
import * as repo from '#server/orders/repository.ts'
import type { OrdersContext } from '#server/orders/context.ts'

// Fewer failed deliveries (README, "Orders that need attention"): unverified cash-on-delivery
// orders come back undelivered at rates merchants put at 20 to 40%. A new order from a phone
// on the blocklist, from a customer whose earlier orders came back Returned, or over
// COD_REVIEW_OVER is placed all the same, marked with why, for the owner to look at (and
// call) before it is packed.

/** Why a new order needs the owner's look, in the placing's transaction; empty for none. */
export async function attentionReasons(
  trx: Executor,
  customer: { userId: string; phoneKey: string },
  total: number,
  reviewOver: number | null,
): Promise<string[]> {
  const reasons: string[] = []
  const blocked = await repo.blockedPhone(trx, customer.phoneKey)
  if (blocked) reasons.push(`Blocked phone: ${blocked.reason}`)
  // By the phone alone: the account may be new, the doorstep the same.
  const returned = await repo.returnedCount(trx, { userId: null, phoneKey: customer.phoneKey })
  if (returned > 0) reasons.push(`${returned} earlier order${returned === 1 ? '' : 's'} returned undelivered`)
  if (reviewOver !== null && total > reviewOver) reasons.push(`Over ${formatPrice(reviewOver)} to collect`)
  return reasons
}

/** An order row's reasons (orders.attention), as the console shows them. */
export function attentionOf(stored: string | null): string[] {
  if (stored === null) return []
  const parsed = JSON.parse(stored) as unknown
  return Array.isArray(parsed) ? parsed.filter((r): r is string => typeof r === 'string') : []
}

export function createBlocklist(ctx: OrdersContext) {
  const { db, now } = ctx
  const toEntry = (r: Awaited<ReturnType<typeof repo.blocklistPage>>['rows'][number]): BlockedPhone => ({
    phoneKey: r.phone_key,
    phone: r.phone,
    reason: r.reason,
    at: r.created_at,
    by: r.created_by,
  })

  return {
    /** A page of the blocklist, newest first. */
    async blocklist(page: number): Promise<BlocklistPage> {
      const { rows, total } = await repo.blocklistPage(db, {
        limit: ADMIN_PAGE_SIZE,
        offset: (page - 1) * ADMIN_PAGE_SIZE,
      })
      return { items: rows.map(toEntry), total, page, pageSize: ADMIN_PAGE_SIZE }
    },

    /** Lists a phone (in any form: one key, contracts/phone.ts) with its reason; listed again, the reason is replaced. */
    async block(input: BlockPhone, by: string): Promise<BlockedPhone> {
      const row = {
        phone_key: phoneKey(input.phone),
        phone: input.phone,
        reason: input.reason,
        created_at: now(),
        created_by: by,
      }
      await repo.upsertBlockedPhone(db, row)
      return toEntry(row)
    },

    /** Takes a phone off the list; 404 when it is not on it. */
    async unblock(phone: string): Promise<void> {
      if (!(await repo.deleteBlockedPhone(db, phoneKey(phone))))
        throw new AppError(404, 'This phone is not on the blocklist')
    },
  }
}

import { randomBytes, randomUUID } from 'node:crypto'
import {
  discountStatus,
  refusalMessage,
  type AdminDiscount,
  type AdminDiscountInput,
  type AdminDiscountPage,
  type DiscountKind,
  type DiscountRefusal,
} from '#contracts/discounts.ts'
import { computeTotals, type Delivery, type DiscountTerms, type PricedLine, type Totals } from '#contracts/pricing.ts'
import type { Db, Dialect, Executor } from '#server/db/database.ts'
import { AppError } from '#server/http/errors.ts'
import * as repo from '#server/discounts/repository.ts'

export type DiscountService = ReturnType<typeof createDiscountService>

/** Who is using a code: the account, the phone once the checkout names it, and whether it is their first order. */
export interface CodeShopper {
  userId: string
  phoneKey: string | null
  /** The account and the phone have no earlier order that was not cancelled (docs/decisions/026). */
  firstOrder: boolean
}

/** What the code is priced against: the cart's lines (each on sale or not), their prices, delivery. */
export interface CodeBasket {
  lines: PricedLine[]
  priceOf: (productId: string) => number | undefined
  delivery: Delivery
}

export type CodeCheck =
  | { ok: true; code: string; discountId: string; totals: Totals; terms: DiscountTerms; minSubtotal: number }
  | { ok: false; refusal: DiscountRefusal }

/** The newsletter's codes: 20% off, one use, a first order only (docs/decisions/026). */
const NEWSLETTER_PERCENT = 20
/** Letters and digits that cannot be mistaken for each other when typed from an email. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const PAGE_SIZE = 20

const termsOf = (row: repo.DiscountRow): DiscountTerms => ({
  kind: row.kind as DiscountKind,
  value: row.value,
  appliesToSale: row.applies_to_sale === 1,
})

const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString())

/**
 * Discount codes (docs/decisions/026): checked against a cart, claimed inside the order's
 * transaction under the code's lock, given back when the order is cancelled or returned,
 * and made by the owner (the console writes its audit entry in the same transaction) or
 * by the newsletter, one a subscriber.
 */
export function createDiscountService(db: Db, dialect: Dialect, now: () => number = Date.now) {
  /** The code against the basket and the shopper; `lock` holds the code's row (the placing's transaction). */
  async function check(
    exec: Executor,
    code: string,
    shopper: CodeShopper,
    basket: CodeBasket,
    lock: boolean,
  ): Promise<CodeCheck & { row?: repo.DiscountRow }> {
    const row = await repo.findByCode(exec, code, { lock: lock && dialect === 'postgres' })
    if (!row) return { ok: false, refusal: { reason: 'not-found' } }
    const at = now()
    if (row.starts_at !== null && at < row.starts_at) return { ok: false, refusal: { reason: 'not-started' } }
    if (row.ends_at !== null && at >= row.ends_at) return { ok: false, refusal: { reason: 'expired' } }
    if (row.max_uses !== null && row.used >= row.max_uses) return { ok: false, refusal: { reason: 'used-up' } }
    const before = computeTotals(basket.lines, basket.priceOf, basket.delivery)
    if (before.subtotal < row.min_subtotal)
      return { ok: false, refusal: { reason: 'min-subtotal', minSubtotal: row.min_subtotal } }
    if (row.first_order_only === 1 && !shopper.firstOrder) return { ok: false, refusal: { reason: 'first-order' } }
    if (
      row.max_uses_per_customer !== null &&
      (await repo.usesByCustomer(exec, row.id, shopper)) >= row.max_uses_per_customer
    )
      return { ok: false, refusal: { reason: 'already-used' } }
    const totals = computeTotals(basket.lines, basket.priceOf, basket.delivery, termsOf(row))
    // A code for items not on sale, on a cart of sale items only, takes nothing off.
    if (row.kind !== 'free_delivery' && totals.subtotal > 0 && totals.discountable === 0)
      return { ok: false, refusal: { reason: 'sale-items' } }
    return {
      ok: true,
      code: row.code,
      discountId: row.id,
      totals,
      terms: termsOf(row),
      minSubtotal: row.min_subtotal,
      row,
    }
  }

  function toAdmin(row: repo.DiscountRow): AdminDiscount {
    return {
      id: row.id,
      code: row.code,
      kind: row.kind as DiscountKind,
      value: row.value,
      minSubtotal: row.min_subtotal,
      startsAt: iso(row.starts_at),
      endsAt: iso(row.ends_at),
      maxUses: row.max_uses,
      maxUsesPerCustomer: row.max_uses_per_customer,
      firstOrderOnly: row.first_order_only === 1,
      appliesToSale: row.applies_to_sale === 1,
      used: row.used,
      status: discountStatus(
        { startsAt: row.starts_at, endsAt: row.ends_at, maxUses: row.max_uses, used: row.used },
        now(),
      ),
      createdAt: new Date(row.created_at).toISOString(),
    }
  }

  const fromInput = (input: AdminDiscountInput) => ({
    code: input.code,
    kind: input.kind,
    value: input.kind === 'free_delivery' ? 0 : (input.value ?? 0),
    min_subtotal: input.minSubtotal ?? 0,
    starts_at: input.startsAt ?? null,
    ends_at: input.endsAt ?? null,
    max_uses: input.maxUses ?? null,
    max_uses_per_customer: input.maxUsesPerCustomer ?? null,
    first_order_only: input.firstOrderOnly ? 1 : 0,
    applies_to_sale: input.appliesToSale ? 1 : 0,
  })

  const DUPLICATE = (code: string) =>
    new AppError(409, `The code ${code} already exists`, { fields: { code: 'Already exists' } })

  return {
    /** The code against the shopper's cart, without claiming it (POST /api/cart/discount). */
    check: (exec: Executor, code: string, shopper: CodeShopper, basket: CodeBasket) =>
      check(exec, code, shopper, basket, false).then((result): CodeCheck => {
        if (!result.ok) return result
        const { row: _row, ...checked } = result
        return checked
      }),

    /**
     * Claims one use for the order in the caller's transaction (docs/decisions/026): the
     * code's row locked (PostgreSQL; SQLite runs one writer at a time), every rule checked
     * again, the per-customer uses counted under that lock, the use taken only while fewer
     * than max_uses are held, and the order's redemption written. A refusal answers 422.
     */
    async claim(
      trx: Executor,
      code: string,
      shopper: CodeShopper & { phoneKey: string },
      basket: CodeBasket,
      orderId: string,
    ): Promise<{ code: string; totals: Totals }> {
      const result = await check(trx, code, shopper, basket, true)
      if (!result.ok) throw new AppError(422, refusalMessage(result.refusal))
      if (!(await repo.takeUse(trx, result.discountId))) throw new AppError(422, refusalMessage({ reason: 'used-up' }))
      await repo.insertRedemption(trx, {
        order_id: orderId,
        discount_id: result.discountId,
        user_id: shopper.userId,
        phone_key: shopper.phoneKey,
        created_at: now(),
      })
      return { code: result.code, totals: result.totals }
    },

    /** A cancelled or returned order gives its use back, in the move's transaction. */
    giveBack: (trx: Executor, orderId: string) => repo.giveBack(trx, orderId),

    /** A new code for the subscriber confirming: `${prefix}-XXXXXX`, unguessable (docs/decisions/026). */
    newsletterCode(prefix: string): string {
      const bytes = randomBytes(8)
      let tail = ''
      for (const b of bytes) tail += CODE_ALPHABET[b % CODE_ALPHABET.length]
      return `${prefix.toUpperCase()}-${tail}`
    },

    /** Makes the subscriber's code a working one (once; a second confirmation changes nothing). */
    async activateNewsletterCode(trx: Executor, code: string): Promise<void> {
      const at = now()
      await repo.insertCodeIfNew(trx, {
        id: randomUUID(),
        code,
        kind: 'percent',
        value: NEWSLETTER_PERCENT,
        min_subtotal: 0,
        starts_at: null,
        ends_at: null,
        max_uses: 1,
        max_uses_per_customer: 1,
        first_order_only: 1,
        applies_to_sale: 0,
        used: 0,
        origin: 'newsletter',
        created_at: at,
        updated_at: at,
      })
    },

    /** The console's list: a page of the owner's codes, newest first. */
    async list(page: number): Promise<AdminDiscountPage> {
      const { rows, total } = await repo.listCodes(db, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE })
      return { discounts: rows.map(toAdmin), page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), total }
    },

    async get(exec: Executor, id: string): Promise<AdminDiscount> {
      const row = await repo.findById(exec, id)
      if (!row) throw new AppError(404, 'Discount code not found')
      return toAdmin(row)
    },

    /** A new code, in the console's transaction; a code's text is unique (409). */
    async create(trx: Executor, input: AdminDiscountInput): Promise<AdminDiscount> {
      if (await repo.codeTaken(trx, input.code, null)) throw DUPLICATE(input.code)
      const at = now()
      const row: repo.DiscountRow = {
        id: randomUUID(),
        ...fromInput(input),
        used: 0,
        origin: 'owner',
        created_at: at,
        updated_at: at,
      }
      await repo.insertCode(trx, row)
      return toAdmin(row)
    },

    /** The code as the owner now wants it; its uses stay what orders hold. */
    async update(trx: Executor, id: string, input: AdminDiscountInput): Promise<AdminDiscount> {
      if (!(await repo.findById(trx, id))) throw new AppError(404, 'Discount code not found')
      if (await repo.codeTaken(trx, input.code, id)) throw DUPLICATE(input.code)
      await repo.updateCode(trx, id, { ...fromInput(input), updated_at: now() })
      return toAdmin((await repo.findById(trx, id))!)
    },

    /** Ends a code now: it is refused as expired from this moment. */
    async endNow(trx: Executor, id: string): Promise<AdminDiscount> {
      const row = await repo.findById(trx, id)
      if (!row) throw new AppError(404, 'Discount code not found')
      const at = now()
      if (row.ends_at === null || row.ends_at > at) await repo.updateCode(trx, id, { ends_at: at, updated_at: at })
      return toAdmin((await repo.findById(trx, id))!)
    },
  }
}

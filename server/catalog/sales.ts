import { randomUUID } from 'node:crypto'
import { retryingConflicts, type Db, type Dialect, type Executor } from '#server/db/database.ts'
import type { Category, SubCategory } from '#contracts/catalog.ts'
import type { OwnSale, Sale, SaleInput, SalePage, SaleScope, SaleUpdate } from '#contracts/sales.ts'
import { saleStatus } from '#contracts/sales.ts'
import { AppError } from '#server/http/errors.ts'
import type { JobService } from '#server/jobs/service.ts'
import type { SalesTable } from '#server/catalog/tables.ts'
import * as repo from '#server/catalog/sales-repository.ts'

/** The job that brings prices to a sale's start or end, once across instances. */
const BOUNDARY_JOB = 'sale-boundaries'
const BOUNDARY_LEASE_MS = 5 * 60_000
/** The longest a boundary timer waits before looking again (timers overflow past 24.8 days). */
const MAX_WAIT_MS = 6 * 60 * 60_000
/** The longest a run that keeps failing waits before it is tried again. */
const MAX_RETRY_MS = 60_000

/**
 * Products a transaction when every product's price is brought: at 100,000 products a
 * category's sale rewrites a third of them, 17–19 s of writing on PostgreSQL and 4–7 on
 * SQLite on one machine (docs/decisions/052); a batch holds its rows for a fraction of a
 * second.
 */
const REPRICE_BATCH = 500

/** How long an instance trusts the next boundary it read without word from the change feed. */
const REREAD_MS = 30_000

export const SALES_PAGE_SIZE = 20

/** Whether a sale's window holds `at`: a write to it moves prices now. */
const runsAt = (w: Pick<SalesTable, 'starts_at' | 'ends_at'>, at: number) =>
  Number(w.starts_at) <= at && at < Number(w.ends_at)

/**
 * Sale prices (docs/decisions/025). Each product's `price` is what a shopper pays now,
 * materialized from its list price and the sales running; it is brought up to date in
 * a product write's own transaction, and after a sale write (docs/decisions/052) and at
 * every boundary (a sale's start or end) by one instance under the job's lease, a batch
 * of products a transaction. Every instance also knows the next boundary: the first
 * question it is asked at or after it runs the job (or finds another instance ran it)
 * and drops what it kept, so a sale starts and ends on time with no timer, on every
 * instance; a timer set for the boundary does the same when nobody asks.
 */
export function createSales(
  db: Db,
  dialect: Dialect,
  deps: {
    now: () => number
    jobs?: JobService
    /** Drops what this instance keeps and tells the others to. */
    changed: () => void
    log?: (msg: string, fields: Record<string, unknown>) => void
    /** Products a repricing transaction (tests make it small). */
    batchSize?: number
  },
) {
  const { now, jobs, changed } = deps
  const batchSize = deps.batchSize ?? REPRICE_BATCH
  /** The next boundary: undefined until read, null when none is set. */
  let next: Promise<number | null> | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  let running = false
  let boundaryRun: Promise<void> | undefined
  let nextReadAt = 0
  /** How many times this instance has dropped what it kept and told the others after a boundary. */
  let told = 0
  /** Runs failed in a row, and when the next may start: a run that keeps failing is tried less and less often. */
  let failures = 0
  let retryAt = 0

  function nextBoundary(): Promise<number | null> {
    // Read again now and then too: a sale made through another instance whose word on
    // the change feed was lost is then still started on time here.
    if (!next || Math.abs(now() - nextReadAt) > REREAD_MS) {
      const read = repo.nextBoundary(db)
      nextReadAt = now()
      next = read
      read.catch(() => {
        if (next === read) next = undefined
      })
    }
    return next
  }

  /**
   * Reprices every product for now, under the job's lease, unless another instance has
   * crossed the boundary meanwhile; then this instance drops what it kept, and tells the
   * others to.
   */
  function crossBoundary(): Promise<void> {
    boundaryRun ??= (async () => {
      let ran = false
      try {
        const due = await repo.nextBoundary(db)
        if (due === null || due > now()) {
          // Crossed by another instance meanwhile (its word on the change feed follows).
          next = Promise.resolve(due)
          nextReadAt = now()
          ran = true
          return
        }
        const work = () => repriceAll(now())
        ran = (jobs ? await jobs.runOnce(BOUNDARY_JOB, BOUNDARY_LEASE_MS, work) : await work()) !== undefined
        // Not ran: another instance holds the lease and is bringing the prices; look again in a second.
        next = ran ? undefined : Promise.resolve(now() + 1_000)
        nextReadAt = now()
      } catch (err) {
        next = undefined
        // Not again at once, from the timer or the next question: 1 s, 2 s, 4 s… up to a minute.
        retryAt = now() + Math.min(MAX_RETRY_MS, 1_000 * 2 ** failures++)
        throw err
      } finally {
        boundaryRun = undefined
        if (ran) {
          // Brought, here or by another instance: a later failure starts its waits afresh.
          failures = 0
          retryAt = 0
          told++
          changed()
        }
        schedule()
      }
    })()
    return boundaryRun
  }

  /**
   * Brings every product's price to `at`, a batch of products a transaction (docs/decisions/052):
   * an order or another write waits for one batch at most, never for the whole catalog.
   */
  async function repriceAll(at: number): Promise<number> {
    const paid = await repo.pricesOwed(db)
    let changedCount = 0
    for (let after: string | null = null; ;) {
      const ids = await repo.productIdsAfter(db, after, batchSize)
      if (ids.length === 0) break
      changedCount += await retryingConflicts(() =>
        db.transaction().execute((trx) => repo.reprice(trx, dialect, at, ids)),
      )
      after = ids.at(-1)!
      // SQLite answers in this thread: between batches, whatever else waits (a page, an order) runs.
      await new Promise((resolve) => setImmediate(resolve))
    }
    await repo.pricesBrought(db, at, paid)
    return changedCount
  }

  function schedule(): void {
    if (!running) return
    clearTimeout(timer)
    nextBoundary()
      .then((at) => {
        if (!running) return
        const wait = at === null ? MAX_WAIT_MS : Math.min(MAX_WAIT_MS, Math.max(0, at - now(), retryAt - now()))
        timer = setTimeout(() => {
          if (at === null) next = undefined
          // Set again whatever came of it: a run crossed, one waiting out a failure (`retryAt`, which
          // the clock may not quite have reached), or nothing to do.
          void catchUp().then(schedule)
        }, wait)
        timer.unref()
      })
      .catch(() => {
        timer = setTimeout(schedule, 60_000)
        timer.unref()
      })
  }

  /**
   * Brings prices to now if a boundary has passed since they were last brought: cheap
   * otherwise. It never fails a question: with the database out of reach the catalog
   * answers from what it last knew (docs/decisions/013), and the boundary is tried again
   * at the next question.
   */
  async function catchUp(): Promise<void> {
    try {
      const at = await nextBoundary()
      if (at !== null && now() >= at && now() >= retryAt) await crossBoundary()
    } catch (err) {
      deps.log?.('sale boundary not crossed yet', { err: err instanceof Error ? err.message : String(err) })
    }
  }

  function toSale(row: SalesTable, productIds: string[]): Sale {
    const scope: SaleScope =
      row.has_products === 1
        ? 'products'
        : row.sub_category !== null && row.category === null
          ? 'subCategory'
          : row.category !== null
            ? 'category'
            : 'store'
    return {
      id: row.id,
      name: row.name,
      percentOff: row.percent_off,
      scope,
      productIds,
      category: row.category as Category | null,
      subCategory: row.sub_category as SubCategory | null,
      startsAt: new Date(Number(row.starts_at)).toISOString(),
      endsAt: new Date(Number(row.ends_at)).toISOString(),
      status: saleStatus({ startsAt: Number(row.starts_at), endsAt: Number(row.ends_at) }, now()),
      createdAt: new Date(Number(row.created_at)).toISOString(),
      updatedAt: new Date(Number(row.updated_at)).toISOString(),
    }
  }

  async function checkProducts(trx: Executor, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)]
    const found = new Set(await repo.existingProducts(trx, unique))
    const unknown = unique.filter((id) => !found.has(id))
    if (unknown.length)
      throw new AppError(422, `No such product: ${unknown.slice(0, 5).join(', ')}`, {
        fields: { productIds: 'Choose products the store has' },
      })
    return unique
  }

  async function sale(exec: Executor, id: string): Promise<Sale | undefined> {
    const row = id.length <= 200 ? await repo.saleRow(exec, id) : undefined
    return row && toSale(row, row.has_products === 1 ? await repo.productsOfSale(exec, id) : [])
  }

  return {
    /** Starts the boundary timer (the process's; tests move their clock and ask instead). */
    startSaleClock(): void {
      running = true
      schedule()
    },
    stopSaleClock(): void {
      running = false
      clearTimeout(timer)
    },

    /** Before answering from the materialized prices: a boundary passed is crossed first. */
    catchUp,

    /**
     * After a sale write commits: brings the prices it owes, unless another instance is
     * bringing them (it comes back for them); never fails, as `catchUp` (the sale is
     * saved, and the next question brings what is still owed). Answers whether this
     * instance has since dropped what it kept and told the others (else the caller does).
     */
    async bringPrices(): Promise<boolean> {
      const before = told
      for (let attempt = 0; attempt < 3; attempt++) {
        await boundaryRun?.catch(() => {})
        next = undefined
        const due = await nextBoundary().catch(() => null)
        if (due === null || due > now()) break
        await catchUp()
      }
      return told > before
    },

    /** Another instance changed sales or products: the next boundary is read again. */
    forgetBoundary(): void {
      next = undefined
      schedule()
    },

    async sales(page: number): Promise<SalePage> {
      const { rows, total } = await repo.salePage(db, {
        limit: SALES_PAGE_SIZE,
        offset: (page - 1) * SALES_PAGE_SIZE,
      })
      const items = await Promise.all(
        rows.map(async (r) => toSale(r, r.has_products === 1 ? await repo.productsOfSale(db, r.id) : [])),
      )
      return { items, total, page, pageSize: SALES_PAGE_SIZE }
    },

    sale: (id: string, exec: Executor = db) => sale(exec, id),

    /**
     * A new sale, inside the caller's transaction (the console's, with its audit entry). A
     * sale running now leaves its prices owed: `bringPrices` after the commit pays them.
     */
    async createSale(trx: Executor, input: SaleInput): Promise<Sale> {
      const productIds = input.productIds ? await checkProducts(trx, input.productIds) : []
      const at = now()
      const row: SalesTable = {
        id: randomUUID(),
        name: input.name,
        percent_off: input.percentOff,
        category: input.category ?? null,
        sub_category: input.subCategory ?? null,
        has_products: input.productIds ? 1 : 0,
        starts_at: input.startsAt,
        ends_at: input.endsAt,
        created_at: at,
        updated_at: at,
      }
      await repo.insertSale(trx, row, productIds)
      if (runsAt(row, at)) await repo.owePrices(trx)
      return toSale(row, productIds)
    },

    /**
     * Changes a sale (or ends it now: its end becomes now, and a sale not yet started
     * never starts), inside the caller's transaction; a sale running before or after
     * leaves its prices owed, as `createSale`. Undefined: no such sale. An ended sale is
     * not changed again.
     */
    async updateSale(trx: Executor, id: string, update: SaleUpdate): Promise<Sale | undefined> {
      const row = id.length <= 200 ? await repo.saleRow(trx, id) : undefined
      if (!row) return undefined
      const at = now()
      const current = { startsAt: Number(row.starts_at), endsAt: Number(row.ends_at) }
      if (saleStatus(current, at) === 'ended')
        throw new AppError(409, 'This sale has ended and can no longer be changed')
      const changes: Partial<Omit<SalesTable, 'id' | 'created_at'>> = { updated_at: at }
      let productIds: string[] | undefined
      if (update.end) {
        changes.ends_at = at
        if (current.startsAt > at) changes.starts_at = at
      } else {
        const startsAt = update.startsAt ?? current.startsAt
        const endsAt = update.endsAt ?? current.endsAt
        if (endsAt <= startsAt)
          throw new AppError(422, 'endsAt must be after startsAt', { fields: { endsAt: 'Must be after the start' } })
        if (update.name !== undefined) changes.name = update.name
        if (update.percentOff !== undefined) changes.percent_off = update.percentOff
        changes.starts_at = startsAt
        changes.ends_at = endsAt
        if (update.scope === 'store' || update.productIds || update.category || update.subCategory) {
          if (update.scope === 'store' && (update.productIds || update.category || update.subCategory))
            throw new AppError(422, 'A sale of the whole store names no products or category', {
              fields: { scope: 'Choose one scope' },
            })
          productIds = update.productIds ? await checkProducts(trx, update.productIds) : []
          changes.has_products = update.productIds ? 1 : 0
          changes.category = update.category ?? null
          changes.sub_category = update.subCategory ?? null
        }
      }
      await repo.updateSale(trx, id, changes, productIds)
      if (runsAt(row, at) || runsAt({ ...row, ...changes }, at)) await repo.owePrices(trx)
      return sale(trx, id)
    },

    /**
     * A product's own sale (the product form's), inside the caller's transaction; its
     * price follows. The price must be at least Rs 1 and below the list price.
     */
    async setOwnSale(trx: Executor, productId: string, own: OwnSale, listPrice: number): Promise<void> {
      if (own && own.price >= listPrice)
        throw new AppError(422, 'The sale price must be below the price', {
          fields: { salePrice: 'Must be below the price' },
        })
      await repo.setOwnSale(trx, productId, own)
      await repo.reprice(trx, dialect, now(), [productId])
    },

    /** Brings these products' prices to now inside the caller's transaction (after a product write). */
    repriceProducts: (trx: Executor, ids: string[]) => repo.reprice(trx, dialect, now(), ids),

    /**
     * New products, which start at their list price with no sale of their own, need pricing
     * only when a sale runs: a catalog added in bulk (the seed, an import) then skips a
     * statement a thousand products (which PostgreSQL, its statistics behind the new rows,
     * answered by reading the whole table each time: 100,000 products took 221 s, not 32 s).
     */
    repriceNew: async (trx: Executor, ids: string[]) =>
      (await repo.anySaleRunning(trx, now())) ? repo.reprice(trx, dialect, now(), ids) : 0,
  }
}

import { sql, type RawBuilder } from 'kysely'
import type { Dialect, Executor } from '#server/db/database.ts'
import type { SalesTable } from '#server/catalog/tables.ts'

// Sale prices (docs/decisions/025): the sales' rows, and the one rule that turns a
// product's list price and every sale running at an instant into the price a shopper
// pays, written once in SQL so the materialized columns and an order's own reading of
// its prices agree. Sources: the product form's own sale (sale_price over its window)
// and every running sale whose scope covers the product; the lowest price wins.

/** Whether sale `s` covers the product being read (`products`). */
const covers = sql`(s.category is null or s.category = products.category)
  and (s.sub_category is null or s.sub_category = products.sub_category)
  and (s.has_products = 0 or exists (select 1 from sale_products sp where sp.sale_id = s.id and sp.product_id = products.id))`

const running = (now: number) => sql`s.starts_at <= ${now} and s.ends_at > ${now}`

/** The list price less `percent`, to the nearest rupee, never below Rs 1. */
function percentPrice(percent: RawBuilder<unknown>): RawBuilder<number> {
  const cut = sql`(products.list_price * (100 - ${percent}) + 50) / 100`
  return sql<number>`(case when ${cut} < 1 then 1 else ${cut} end)`
}

const ownRunning = (now: number) =>
  sql`(products.sale_price is not null and products.sale_starts_at <= ${now} and products.sale_ends_at > ${now})`

/** The highest percent off among the sales running at `now` that cover the product; null: none. */
const bestPercent = (now: number) =>
  sql<number | null>`(select max(s.percent_off) from sales s where ${running(now)} and ${covers})`

/** The lowest of the list price, the list price less `percent` (null: none) and the own sale price running at `now`. */
function priceWith(now: number, percent: RawBuilder<unknown>): RawBuilder<number> {
  const best = percentPrice(sql`coalesce(${percent}, 0)`)
  return sql<number>`(case when ${ownRunning(now)} and products.sale_price < ${best} then products.sale_price else ${best} end)`
}

/** The price a shopper pays at `now`: the lowest of the list price and every running source. */
export function priceAt(now: number): RawBuilder<number> {
  return priceWith(now, bestPercent(now))
}

function later(dialect: Dialect, now: number) {
  return dialect === 'postgres'
    ? sql<number>`greatest(t.updated_at + 1, ${now})`
    : sql<number>`max(t.updated_at + 1, ${now})`
}

/**
 * These products' materialized columns at `now`, as `n` (pid, price, compare_at, sale_until),
 * worked out once a product: each step a materialized table of its own, as `products` in
 * the next (the rule's SQL reads `products`), so no database copies a step's subquery into
 * every place the next one reads its column (PostgreSQL's planner did, evaluating each
 * product's sales twelve times).
 */
function pricedAt(now: number, ids: string[]) {
  const columns = sql`products.id, products.category, products.sub_category, products.list_price,
    products.sale_price, products.sale_starts_at, products.sale_ends_at`
  const until = sql`(select max(s.ends_at) from sales s where ${running(now)} and ${covers}
    and ${percentPrice(sql`s.percent_off`)} = products.price)`
  const saleUntil = sql`(case when products.price >= products.list_price then null
    when ${ownRunning(now)} and products.sale_price = products.price and products.sale_ends_at > coalesce(products.until, 0)
    then products.sale_ends_at else products.until end)`
  const compareAt = sql`(case when products.price < products.list_price then products.list_price end)`
  return {
    steps: sql`with own as materialized (select ${columns}, ${bestPercent(now)} as percent
        from products where products.id in (${sql.join(ids)})),
      priced as materialized (select ${columns}, ${priceWith(now, sql`products.percent`)} as price from own products),
      ended as materialized (select ${columns}, products.price, ${until} as until from priced products)`,
    n: sql`(select products.id as pid, products.price, ${compareAt} as compare_at, ${saleUntil} as sale_until
      from ended products)`,
  }
}

/**
 * Brings these products' materialized columns (price, compare_at, sale_until, and each
 * size row's copy of price) to `now`, in one statement that writes only the rows whose
 * values change, each once, marked changed (the product list's ETag). Answers how many
 * products changed.
 */
export async function reprice(db: Executor, dialect: Dialect, now: number, ids: string[]): Promise<number> {
  if (ids.length > 1000) {
    let n = 0
    for (let i = 0; i < ids.length; i += 1000) n += await reprice(db, dialect, now, ids.slice(i, i + 1000))
    return n
  }
  if (ids.length === 0) return 0
  const { steps, n } = pricedAt(now, ids)
  const { rows } = await sql<{ id: string }>`${steps} update products as t
    set price = n.price, compare_at = n.compare_at, sale_until = n.sale_until, updated_at = ${later(dialect, now)}
    from ${n} n
    where t.id in (${sql.join(ids)}) and t.id = n.pid and (t.price <> n.price or t.compare_at is distinct from n.compare_at
      or t.sale_until is distinct from n.sale_until)
    returning id`.execute(db)
  const changed = rows.map((r) => r.id)
  if (changed.length) {
    const price = sql<number>`(select p.price from products p where p.id = product_sizes.product_id)`
    await db
      .updateTable('product_sizes')
      .set({ price })
      .where('product_id', 'in', changed)
      .where(sql<boolean>`product_sizes.price <> ${price}`)
      .execute()
  }
  return changed.length
}

/** The next `limit` product ids after `after` (every product, archived too, in id order): a repricing's batch. */
export async function productIdsAfter(db: Executor, after: string | null, limit: number): Promise<string[]> {
  let q = db.selectFrom('products').select('id').orderBy('id').limit(limit)
  if (after !== null) q = q.where('id', '>', after)
  return (await q.execute()).map((r) => r.id)
}

/** A sale write whose prices are owed: counted in its own transaction (docs/decisions/052). */
export async function owePrices(db: Executor): Promise<void> {
  await db
    .updateTable('sale_clock')
    .set((eb) => ({ owed: eb('owed', '+', 1) }))
    .where('id', '=', 1)
    .execute()
}

/** How many sale writes' prices are owed now: a full repricing starting now pays these. */
export async function pricesOwed(db: Executor): Promise<number> {
  const clock = await db.selectFrom('sale_clock').select('owed').where('id', '=', 1).executeTakeFirst()
  return Number(clock?.owed ?? 0)
}

/**
 * Every product brought to `now`: the next boundary is looked for after this instant,
 * and the `paid` writes counted before the repricing began are no longer owed (a write
 * counted during it stays owed, and the next question brings its prices).
 */
export async function pricesBrought(db: Executor, now: number, paid: number): Promise<void> {
  await db
    .updateTable('sale_clock')
    .set((eb) => ({ priced_at: now, owed: eb('owed', '-', paid) }))
    .where('id', '=', 1)
    .execute()
}

/** Whether any sale runs at `now` (one row read through the sales' own index, or none). */
export async function anySaleRunning(db: Executor, now: number): Promise<boolean> {
  const row = await sql<{ one: number }>`select 1 as one from sales s where ${running(now)} limit 1`.execute(db)
  return row.rows.length > 0
}

/**
 * The first instant after every product's price was last brought (sale_clock) at which
 * any sale, or any product's own sale, starts or ends; null: none. It may have passed:
 * 0 while a sale write's prices are owed.
 */
export async function nextBoundary(db: Executor): Promise<number | null> {
  const clock = await db.selectFrom('sale_clock').select(['priced_at', 'owed']).where('id', '=', 1).executeTakeFirst()
  if (Number(clock?.owed ?? 0) > 0) return 0
  const now = Number(clock?.priced_at ?? 0)
  const [a, b, c, d] = await Promise.all([
    db
      .selectFrom('sales')
      .select((eb) => eb.fn.min<number>('starts_at').as('t'))
      .where('starts_at', '>', now)
      .executeTakeFirst(),
    db
      .selectFrom('sales')
      .select((eb) => eb.fn.min<number>('ends_at').as('t'))
      .where('ends_at', '>', now)
      .executeTakeFirst(),
    db
      .selectFrom('products')
      .select((eb) => eb.fn.min<number>('sale_starts_at').as('t'))
      .where('sale_starts_at', '>', now)
      .executeTakeFirst(),
    db
      .selectFrom('products')
      .select((eb) => eb.fn.min<number>('sale_ends_at').as('t'))
      .where('sale_ends_at', '>', now)
      .executeTakeFirst(),
  ])
  const times = [a, b, c, d].map((r) => r?.t).filter((t): t is number => t !== null && t !== undefined)
  return times.length ? Math.min(...times.map(Number)) : null
}

/** The console's sales, newest first, a page at a time, and how many there are. */
export async function salePage(db: Executor, page: { limit: number; offset: number }) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('sales')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('sales')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}

export function saleRow(db: Executor, id: string) {
  return db.selectFrom('sales').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function productsOfSale(db: Executor, saleId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sale_products')
    .select('product_id')
    .where('sale_id', '=', saleId)
    .orderBy('product_id')
    .execute()
  return rows.map((r) => r.product_id)
}

/** Of these ids, the products that exist (archived or not). */
export async function existingProducts(db: Executor, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return []
  const rows = await db.selectFrom('products').select('id').where('id', 'in', ids).execute()
  return rows.map((r) => r.id)
}

export async function insertSale(db: Executor, row: SalesTable, productIds: string[]): Promise<void> {
  await db.insertInto('sales').values(row).execute()
  if (productIds.length)
    await db
      .insertInto('sale_products')
      .values(productIds.map((product_id) => ({ sale_id: row.id, product_id })))
      .execute()
}

export async function updateSale(
  db: Executor,
  id: string,
  changes: Partial<Omit<SalesTable, 'id' | 'created_at'>>,
  productIds?: string[],
): Promise<void> {
  await db.updateTable('sales').set(changes).where('id', '=', id).execute()
  if (productIds === undefined) return
  await db.deleteFrom('sale_products').where('sale_id', '=', id).execute()
  if (productIds.length)
    await db
      .insertInto('sale_products')
      .values(productIds.map((product_id) => ({ sale_id: id, product_id })))
      .execute()
}

/** A product's own sale (the product form's): its price and window, or none. */
export async function setOwnSale(
  db: Executor,
  id: string,
  sale: { price: number; startsAt: number; endsAt: number } | null,
): Promise<void> {
  await db
    .updateTable('products')
    .set({
      sale_price: sale?.price ?? null,
      sale_starts_at: sale?.startsAt ?? null,
      sale_ends_at: sale?.endsAt ?? null,
    })
    .where('id', '=', id)
    .execute()
}

import { sql, type SqlBool } from 'kysely'
import type { Executor } from '#server/db/database.ts'
import { compiledOnce } from '#server/db/compiled.ts'
import { priceAt } from '#server/catalog/sales-repository.ts'

// The catalog's SQL (docs/decisions/009: every catalog question is one query; nothing
// reads the whole products table to answer a page or an API call), each query taking
// the executor (`db` or a transaction) first, in the file of its job:
//   browse-repository.ts          a view's selection and pages, the storefront's short lists
//   counts-repository.ts          a view's total and facet counts
//   search-sqlite.ts              name search on SQLite (FTS5's trigram index)
//   search-postgres.ts            name search on PostgreSQL (pg_trgm)
//   stock-repository.ts           pieces taken, returned and set; a size row locked
//   product-writes-repository.ts  products added and edited
// This file keeps the reads of whole products that every job shares, and names the
// others, so `repo.pageOf` and the like read as before.
export * from '#server/catalog/browse-repository.ts'
export * from '#server/catalog/counts-repository.ts'
export * from '#server/catalog/stock-repository.ts'
export * from '#server/catalog/product-writes-repository.ts'

/** A product on sale (never an archived one). */
export async function productRow(db: Executor, id: string) {
  const [row] = await onSale(db, { id })
  return row
}

/** Every product page, cart and checkout asks it: its SQL is built once (server/db/compiled.ts). */
const onSale = compiledOnce((db, args: { id: string }) =>
  db.selectFrom('products').selectAll().where('id', '=', args.id).where('archived', '=', 0),
)

/** These products, those on sale (never archived ones), in no particular order. */
export async function productRows(db: Executor, ids: string[]) {
  if (ids.length === 0) return []
  return db.selectFrom('products').selectAll().where('id', 'in', ids).where('archived', '=', 0).execute()
}

/** A product, archived or not: the console's and the product page's status. */
export async function anyProductRow(db: Executor, id: string) {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Sizes and chart rows of these products, in their order. */
export async function detailsOf(db: Executor, ids: string[]) {
  if (ids.length === 0) return { sizes: [], chart: [] }
  // One product (its page, a cart's line): the SQL built once (server/db/compiled.ts).
  if (ids.length === 1) {
    const [sizes, chart] = await Promise.all([sizesOfOne(db, { id: ids[0]! }), chartOfOne(db, { id: ids[0]! })])
    return { sizes, chart }
  }
  const [sizes, chart] = await Promise.all([
    db
      .selectFrom('product_sizes')
      .selectAll()
      .where('product_id', 'in', ids)
      .orderBy('product_id')
      .orderBy('position')
      .execute(),
    db
      .selectFrom('size_chart_rows')
      .selectAll()
      .where('product_id', 'in', ids)
      .orderBy('product_id')
      .orderBy('position')
      .execute(),
  ])
  return { sizes, chart }
}

const sizesOfOne = compiledOnce((db, args: { id: string }) =>
  db.selectFrom('product_sizes').selectAll().where('product_id', '=', args.id).orderBy('position'),
)
const chartOfOne = compiledOnce((db, args: { id: string }) =>
  db.selectFrom('size_chart_rows').selectAll().where('product_id', '=', args.id).orderBy('position'),
)

/** Products in catalog order after the given one (keyset paging: the whole list, a batch at a time). */
export async function productsAfter(db: Executor, after: { position: number; id: string } | null, limit: number) {
  let query = db.selectFrom('products').selectAll().where('archived', '=', 0)
  if (after) {
    // The first bound lets the position index start at the batch (a plain OR is only a filter).
    query = query
      .where('position', '>=', after.position)
      .where((eb) => eb.or([eb('position', '>', after.position), eb('id', '>', after.id)]))
  }
  return query.orderBy('position').orderBy('id').limit(limit).execute()
}

/** How many products are on sale (not archived): read from the (archived, position) index alone. */
export async function listedCount(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('archived', '=', 0)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * Products on sale by id (their key), with when each last changed: after the given id
 * (keyset paging), or from the `skip`-th on to start a page.
 */
export async function listedIds(db: Executor, from: { after: string } | { skip: number }, limit: number) {
  // A test, not an index bound: led by archived, SQLite would read and sort every product;
  // in id order, both databases read the covering index alone (migration 2026-11-26T0700).
  let query = db
    .selectFrom('products')
    .select(['id', 'updated_at'])
    .where(sql<SqlBool>`+archived = 0`)
  if ('after' in from) query = query.where('id', '>', from.after)
  else if (from.skip > 0) query = query.offset(from.skip)
  return query.orderBy('id').limit(limit).execute()
}

/**
 * Changes whenever a product is added, removed or edited: the product list's ETag and
 * file name. Each change moves a product's updated_at forward (touch), so the sum
 * moves even when that product's time is not the largest (another instance's clock
 * ahead, two changes in one millisecond). One covering index answers it
 * (migration 2026-11-24T0900-list-stamp).
 */
export async function catalogStamp(db: Executor): Promise<string> {
  const row = await db
    .selectFrom('products')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number | string>('updated_at').as('changed'),
      eb.fn.max<number>('position').as('last'),
    ])
    // A test, not an index bound: SQLite would otherwise read every product through an
    // index led by archived; both databases read the covering index alone.
    .where(sql<SqlBool>`+archived = 0`)
    .executeTakeFirstOrThrow()
  // PostgreSQL's sum of bigints is a numeric, answered as a string: kept as text.
  return `${Number(row.n)}-${String(row.changed ?? 0)}-${Number(row.last ?? 0)}`
}

/**
 * Prices of the given products on sale at `now`, for pricing an order (an archived one
 * is absent): the sale rule itself, not the materialized column (docs/decisions/025).
 */
export async function pricesOf(db: Executor, ids: string[], now: number) {
  if (ids.length === 0) return []
  return db
    .selectFrom('products')
    .select(['id', 'name', priceAt(now).as('price'), 'list_price', 'image1'])
    .where('id', 'in', ids)
    .where('archived', '=', 0)
    .execute()
}

/** Products, archived or not, among these ids (the catalog import's batch). */
export async function anyProductRows(db: Executor, ids: string[]) {
  if (ids.length === 0) return []
  return db.selectFrom('products').selectAll().where('id', 'in', ids).execute()
}

/** Every product, archived too, in catalog order after the given one: the catalog export, a batch at a time. */
export async function anyProductsAfter(db: Executor, after: { position: number; id: string } | null, limit: number) {
  let query = db.selectFrom('products').selectAll()
  if (after) {
    query = query
      .where('position', '>=', after.position)
      .where((eb) => eb.or([eb('position', '>', after.position), eb('id', '>', after.id)]))
  }
  return query.orderBy('position').orderBy('id').limit(limit).execute()
}

/** Ids of products on sale after `after`, by id: the import's walk for products its file leaves out. */
export async function listedIdsAfter(db: Executor, after: string | null, limit: number) {
  let query = db.selectFrom('products').select('id').where('archived', '=', 0)
  if (after !== null) query = query.where('id', '>', after)
  return query.orderBy('id').limit(limit).execute()
}

/**
 * How the catalog orders its sizes: each size with its earliest position, and every pair
 * of sizes that follow each other on some product (a few hundred rows at most, however
 * many products there are).
 */
export async function sizeSequence(db: Executor) {
  const [sizes, pairs] = await Promise.all([
    db
      .selectFrom('product_sizes')
      .select(['size', (eb) => eb.fn.min<number>('position').as('first')])
      .groupBy('size')
      .execute(),
    db
      .selectFrom('product_sizes as a')
      .innerJoin('product_sizes as b', (join) =>
        join.onRef('b.product_id', '=', 'a.product_id').on('b.position', '=', sql<number>`a.position + 1`),
      )
      .select(['a.size as before', 'b.size as after'])
      .distinct()
      .execute(),
  ])
  return { sizes: sizes.map((s) => ({ size: s.size, first: Number(s.first) })), pairs }
}

import { sql } from 'kysely'
import type { Dialect, Executor } from '#server/db/database.ts'
import { matching, sizeRowsMatching, type Selection } from '#server/catalog/browse-repository.ts'

// A view's total and facet counts (docs/decisions/009), each one indexed query: with a
// size chosen they read the size rows, which carry their product's facet columns;
// otherwise the products. server/catalog/counts.ts puts them together.

/**
 * How many of the size rows `product_id` counts: each product once. A product has one row
 * a size, so with one size chosen its rows are its products, counted without the sort
 * or hash that a distinct count costs.
 */
function productsOfSizeRows(s: Selection) {
  return s.sizes.length === 1 ? sql<number>`count(*)` : sql<number>`count(distinct product_sizes.product_id)`
}

/**
 * The products' columns a count groups by. Counting "On sale" on SQLite, the groups are
 * written `+column`: otherwise SQLite reads the category index, which hands it the
 * groups in order, and looks up every product on sale to test its sale (a sale view at
 * 100,000 products: 1.7 s), where the "On sale" index reads only those reduced.
 */
function groupedBy(dialect: Dialect, s: Selection, columns: ('category' | 'sub_category')[]) {
  return columns.map((c) => (dialect === 'sqlite' && s.reduced ? sql.raw(`+products.${c}`) : sql.ref(`products.${c}`)))
}

export async function countOf(db: Executor, dialect: Dialect, s: Selection): Promise<number> {
  const row = s.sizes.length
    ? await db
        .selectFrom('product_sizes')
        .select(productsOfSizeRows(s).as('n'))
        .where(sizeRowsMatching(dialect, s))
        .executeTakeFirstOrThrow()
    : await db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(matching(dialect, s))
        .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * The view's products counted by category and sub-category in one read, whatever the
 * view's own categories, sub-categories and price bounds (the caller clears them from
 * the selection and passes the bounds): per pair, how many are within the bounds and the
 * price span of all of them. Every count but the sizes' is a sum over these nine rows
 * (each product has one pair), so the matches are read once, not once a count.
 */
export async function countGrid(
  db: Executor,
  dialect: Dialect,
  s: Selection,
  bounds: { minPrice: number | null; maxPrice: number | null },
) {
  const within = (price: 'products.price' | 'product_sizes.price') => {
    const tests = [
      ...(bounds.minPrice === null ? [] : [sql`${sql.ref(price)} >= ${bounds.minPrice}`]),
      ...(bounds.maxPrice === null ? [] : [sql`${sql.ref(price)} <= ${bounds.maxPrice}`]),
    ]
    return tests.length ? sql.join(tests, sql` and `) : sql`1 = 1`
  }
  const rows = s.sizes.length
    ? await db
        .selectFrom('product_sizes')
        .select((eb) => [
          'product_sizes.category as category',
          'product_sizes.sub_category as subCategory',
          (s.sizes.length === 1
            ? sql<number>`sum(case when ${within('product_sizes.price')} then 1 else 0 end)`
            : sql<number>`count(distinct case when ${within('product_sizes.price')} then product_sizes.product_id end)`
          ).as('n'),
          eb.fn.min<number>('product_sizes.price').as('min'),
          eb.fn.max<number>('product_sizes.price').as('max'),
        ])
        .where(sizeRowsMatching(dialect, s))
        .groupBy(['product_sizes.category', 'product_sizes.sub_category'])
        .execute()
    : await db
        .selectFrom('products')
        .select((eb) => [
          'products.category as category',
          'products.sub_category as subCategory',
          sql<number>`sum(case when ${within('products.price')} then 1 else 0 end)`.as('n'),
          eb.fn.min<number>('products.price').as('min'),
          eb.fn.max<number>('products.price').as('max'),
        ])
        .where(matching(dialect, s))
        .groupBy(groupedBy(dialect, s, ['category', 'sub_category']))
        .execute()
  return rows.map((r) => ({
    category: r.category,
    subCategory: r.subCategory,
    count: Number(r.n),
    min: Number(r.min),
    max: Number(r.max),
  }))
}

export async function countBy(db: Executor, dialect: Dialect, s: Selection, column: 'category' | 'sub_category') {
  const rows = s.sizes.length
    ? await db
        .selectFrom('product_sizes')
        .select([`product_sizes.${column} as value`, productsOfSizeRows(s).as('n')])
        .where(sizeRowsMatching(dialect, s))
        .groupBy(`product_sizes.${column}`)
        .execute()
    : await db
        .selectFrom('products')
        .select([`products.${column} as value`, (eb) => eb.fn.countAll<number>().as('n')])
        .where(matching(dialect, s))
        .groupBy(groupedBy(dialect, s, [column]))
        .execute()
  return rows.map((r) => ({ value: r.value, count: Number(r.n) }))
}

/** Products of the view by size in stock (the view's own sizes aside: the caller clears them). */
export async function countBySize(db: Executor, dialect: Dialect, s: Selection) {
  const rows = await db
    .selectFrom('product_sizes')
    .select(['product_sizes.size as value', (eb) => eb.fn.countAll<number>().as('n')])
    .where(sizeRowsMatching(dialect, s))
    .groupBy('product_sizes.size')
    .execute()
  return rows.map((r) => ({ value: r.value, count: Number(r.n) }))
}

/** The most rows a grid answers: a catalog of more prices is counted by queries. */
export const GRID_ROWS = 20_000

/**
 * The catalog's size rows in stock, on sale, counted by size, category, sub-category and
 * price, and of them those rated 4 stars and up: a few thousand rows (the generated 100,000 products: 3,999), read in the facet
 * index's order. Undefined past `GRID_ROWS`.
 *
 * PostgreSQL reads it in one query, while the event loop serves others. SQLite's queries
 * hold the event loop for as long as they run (about 100–280 ms here at 100,000 products,
 * after every size that sells out), and the loop takes in one new connection a turn
 * (libuv), so a stall there kept newcomers out for seconds on a sale night. On SQLite
 * the grid is read a size and category at a time (each a seek into the facet index, the
 * longest 15 ms at that size), the loop getting its turn between. The pieces are not one
 * snapshot; a change between them drops the grid they make (refreshedAnswer, kept.ts).
 */
export async function sizeGrid(db: Executor, dialect: Dialect): Promise<SizeGridRow[] | undefined> {
  const read = (where?: { size: string; category: string }) => {
    let q = db
      .selectFrom('product_sizes')
      .select((eb) => [
        'product_sizes.size as size',
        'product_sizes.category as category',
        'product_sizes.sub_category as subCategory',
        'product_sizes.price as price',
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('product_sizes.rated').as('rated'),
      ])
      .where('product_sizes.archived', '=', 0)
    if (where) q = q.where('product_sizes.size', '=', where.size).where('product_sizes.category', '=', where.category)
    return q
      .where('product_sizes.stock', '>', 0)
      .groupBy(['product_sizes.size', 'product_sizes.category', 'product_sizes.sub_category', 'product_sizes.price'])
      .limit(GRID_ROWS + 1)
      .execute()
  }
  const rows: Awaited<ReturnType<typeof read>> = []
  if (dialect === 'postgres') rows.push(...(await read()))
  else {
    for (let size = await nextValue(db, 'size', ''); size !== null; size = await nextValue(db, 'size', size)) {
      for (
        let category = await nextValue(db, 'category', '', size);
        category !== null;
        category = await nextValue(db, 'category', category, size)
      ) {
        await new Promise((resolve) => setImmediate(resolve))
        rows.push(...(await read({ size, category })))
        if (rows.length > GRID_ROWS) return undefined
      }
    }
  }
  if (rows.length > GRID_ROWS) return undefined
  return rows.map((r) => ({ ...gridRow(r), size: r.size, rated: Number(r.rated) }))
}

/** The first size (or, within a size, category) of the size rows on sale past `after`, found by a seek into the facet index. */
async function nextValue(
  db: Executor,
  column: 'size' | 'category',
  after: string,
  size?: string,
): Promise<string | null> {
  let q = db
    .selectFrom('product_sizes')
    .select((eb) => eb.fn.min<string>(`product_sizes.${column}`).as('value'))
    .where('product_sizes.archived', '=', 0)
  if (size !== undefined) q = q.where('product_sizes.size', '=', size)
  const row = await q.where(`product_sizes.${column}`, '>', after).executeTakeFirst()
  return row?.value ?? null
}

/**
 * The catalog's products on sale counted by category, sub-category and price, from the
 * category index in its order (the generated 100,000 products: 1,800 rows). Undefined
 * past `GRID_ROWS`.
 */
export async function productGrid(db: Executor): Promise<GridRow[] | undefined> {
  const rows = await db
    .selectFrom('products')
    .select((eb) => [
      'products.category as category',
      'products.sub_category as subCategory',
      'products.price as price',
      eb.fn.countAll<number>().as('n'),
    ])
    .where('products.archived', '=', 0)
    .groupBy(['products.category', 'products.sub_category', 'products.price'])
    .limit(GRID_ROWS + 1)
    .execute()
  return rows.length > GRID_ROWS ? undefined : rows.map(gridRow)
}

function gridRow(r: { category: string; subCategory: string; price: number; n: number }): GridRow {
  return { category: r.category, subCategory: r.subCategory, price: Number(r.price), count: Number(r.n) }
}

export interface GridRow {
  category: string
  subCategory: string
  price: number
  /** Products of this category, sub-category and price (with the row's size in stock). */
  count: number
}

export interface SizeGridRow extends GridRow {
  size: string
  /** Of `count`, the products rated 4 stars and up ("4 stars and up"). */
  rated: number
}

export async function priceSpan(db: Executor, dialect: Dialect, s: Selection) {
  const row = s.sizes.length
    ? await db
        .selectFrom('product_sizes')
        .select((eb) => [
          eb.fn.min<number>('product_sizes.price').as('min'),
          eb.fn.max<number>('product_sizes.price').as('max'),
        ])
        .where(sizeRowsMatching(dialect, s))
        .executeTakeFirst()
    : await db
        .selectFrom('products')
        .select((eb) => [eb.fn.min<number>('products.price').as('min'), eb.fn.max<number>('products.price').as('max')])
        .where(matching(dialect, s))
        .executeTakeFirst()
  return row && row.min !== null && row.max !== null ? { min: Number(row.min), max: Number(row.max) } : null
}

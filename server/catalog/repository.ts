import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely'
import type { Dialect, Executor } from '#server/db/database.ts'
import type { Database, ProductSizesTable, ProductsTable, SizeChartRowsTable } from '#server/db/schema.ts'

// Every catalog question is one query here (docs/decisions/009): nothing reads the
// whole products table to answer a page or an API call.

/** What a view selects, in the database's terms. */
export interface Selection {
  categories: string[]
  subCategories: string[]
  /** Products offering any of these sizes. */
  sizes: string[]
  minPrice: number | null
  maxPrice: number | null
  /**
   * Each group is one word of the search: a product's name must contain one of its
   * fragments (lower case, no wildcards). Groups combine with AND.
   */
  nameGroups: string[][]
  /** Names that do not contain this (the rest of a search after the names containing all of it). */
  notContaining?: string
}

export type Sort = 'position' | 'price-asc' | 'price-desc'

type Eb = ExpressionBuilder<Database, 'products'>

/**
 * How SQLite should answer (its planner has no statistics here). `by-position` and
 * `by-price` walk the index of the page's order and stop at the page's end, testing each
 * product against the filters (a unary + keeps SQLite from driving the query from
 * them instead): cheap when many products match. `gather` reads the matches through
 * the filters' indexes and sorts them: cheap when few do. Counts drive from the
 * filters too, with the price a test on the category index, which carries it, so a
 * price range's counts read that index alone.
 */
export type Plan = 'count' | 'gather' | 'by-position' | 'by-price'

/** The name contains the fragment: PostgreSQL's trigram index, or a scan (SQLite, under three characters). */
function nameContains(fragment: string): Expression<SqlBool> {
  return sql<SqlBool>`products.name_search like ${`%${fragment}%`}`
}

/**
 * The name contains the fragment, for PostgreSQL. pg_trgm's trigrams stop at each word,
 * so a fragment of several words or with punctuation ("blue sh", "t-sh") is also asked
 * of the name with only its letters and digits ("bluesh"), whose index spans them
 * (migration 2026-11-24T1000-joined-name-index; the expression is the index's, word for
 * word). A name containing the fragment contains it joined, so that test only narrows
 * the candidates to the matches. The name's own test is written with `strpos`, which no
 * index answers: PostgreSQL does not also read the name index and AND the two (those
 * candidates are every name with each word: `blue shirt` at 100,000 products read 2,941
 * to keep 164, 4.9 ms against 1.3 ms), and it estimates a third of the rows pass, so a
 * common phrase ("men s", 8,421 matches) still walks the catalog's order (1.1 ms) rather
 * than gathering every match (45 ms when the estimate was one row).
 */
function nameContainsJoined(fragment: string): Expression<SqlBool> {
  // Nothing but letters and digits, or under three of them (counting only ASCII, which
  // is alphanumeric to PostgreSQL in every locale): the name index's alone.
  if (/^[\p{L}\p{N}]+$/u.test(fragment) || fragment.replace(/[^a-z0-9]+/g, '').length < 3) return nameContains(fragment)
  const joined = (text: Expression<string>) => sql<string>`regexp_replace(${text}, '[^[:alnum:]]+', '', 'g')`
  const name = sql.ref<string>('products.name_search')
  return sql<SqlBool>`(${joined(name)} like '%' || ${joined(sql.val(fragment))} || '%' and strpos(${name}, ${fragment}) > 0)`
}

/** SQLite's trigram index answers a fragment of three characters or more. */
const ftsIndexed = (group: string[]) => group.every((f) => [...f].length >= 3)

/** The FTS5 query of the groups its trigram index answers: each fragment a quoted phrase, which matches where it is contained. */
function ftsQuery(groups: string[][]): string | null {
  const indexed = groups.filter(ftsIndexed)
  if (!indexed.length) return null
  const phrase = (f: string) => `"${f.replaceAll('"', '""')}"`
  return indexed.map((g) => `(${g.map(phrase).join(' OR ')})`).join(' AND ')
}

/**
 * The name contains one fragment of each group, for SQLite. Counting or gathering,
 * one FTS5 query for every group its trigram index answers (the index intersects them
 * itself, far faster than a LIKE per word) and a scan for the others; walking an
 * order's index, a test of each product walked (the walk stops after the page, where
 * reading every match from the index first would not).
 */
function namesMatching(groups: string[][], plan: Plan): Expression<SqlBool>[] {
  const walking = plan === 'by-position' || plan === 'by-price'
  const query = walking ? null : ftsQuery(groups)
  const all = groups
    .filter((g) => query === null || !ftsIndexed(g))
    .map((g) => sql<SqlBool>`(${sql.join(g.map(nameContains), sql` or `)})`)
  if (query !== null)
    all.push(sql<SqlBool>`products.id in (select product_id from products_fts where products_fts match ${query})`)
  return all
}

function matching(dialect: Dialect, s: Selection, plan: Plan = 'count') {
  return (eb: Eb) => {
    // SQLite, counting or gathering a search, drives from its name index (never from
    // archived, which every product has, and every storefront index leads with).
    const byName = dialect === 'sqlite' && (plan === 'count' || plan === 'gather') && s.nameGroups.some(ftsIndexed)
    const all: Expression<SqlBool>[] = [byName ? sql<SqlBool>`+products.archived = 0` : onSale(eb)]
    const unindexed = dialect === 'sqlite' && (plan === 'by-position' || plan === 'by-price')
    // Walking the price index, a price bound is the range walked; otherwise it is a test.
    const priceUnindexed = dialect === 'sqlite' && plan !== 'by-price'
    // Walking by price within one category, the category-and-price index is the walk.
    const oneCategoryByPrice = plan === 'by-price' && s.categories.length === 1
    if (s.categories.length)
      all.push(
        unindexed && !oneCategoryByPrice
          ? sql<SqlBool>`+products.category in (${sql.join(s.categories)})`
          : eb('products.category', 'in', s.categories),
      )
    if (s.subCategories.length)
      all.push(
        unindexed
          ? sql<SqlBool>`+products.sub_category in (${sql.join(s.subCategories)})`
          : eb('products.sub_category', 'in', s.subCategories),
      )
    if (s.minPrice !== null)
      all.push(priceUnindexed ? sql<SqlBool>`+products.price >= ${s.minPrice}` : eb('products.price', '>=', s.minPrice))
    if (s.maxPrice !== null)
      all.push(priceUnindexed ? sql<SqlBool>`+products.price <= ${s.maxPrice}` : eb('products.price', '<=', s.maxPrice))
    if (s.sizes.length) {
      all.push(
        eb.exists(
          eb
            .selectFrom('product_sizes')
            .select(sql.lit(1).as('one'))
            .whereRef('product_sizes.product_id', '=', 'products.id')
            .where('product_sizes.size', 'in', s.sizes)
            .where('product_sizes.stock', '>', 0),
        ),
      )
    }
    if (dialect === 'sqlite') all.push(...namesMatching(s.nameGroups, plan))
    else for (const group of s.nameGroups) all.push(eb.or(group.map(nameContainsJoined)))
    if (s.notContaining) all.push(sql<SqlBool>`products.name_search not like ${`%${s.notContaining}%`}`)
    return eb.and(all)
  }
}

/** On sale: not archived by the console (every storefront question asks only these). */
function onSale(eb: Eb): Expression<SqlBool> {
  return eb('products.archived', '=', 0)
}

const summaryColumns = ['products.id', 'products.name', 'products.price', 'products.image1'] as const

/**
 * One page of a view. `walk`: whether walking the order's index beats gathering the
 * matches and sorting them (the caller knows how many match).
 */
export async function pageOf(
  db: Executor,
  dialect: Dialect,
  s: Selection,
  options: {
    sort: Sort
    limit: number
    offset: number
    walk: boolean
    /** Only among the first this many (1 or more) products on sale in the catalog's order (a walk that gives up). */
    within?: number
  },
) {
  const plan: Plan = !options.walk ? 'gather' : options.sort === 'position' ? 'by-position' : 'by-price'
  // Gathering, the order is a sort of the matches, never a walk of an order's index.
  const order = (column: 'price' | 'position') =>
    plan === 'gather' && dialect === 'sqlite' ? sql.raw(`+products.${column}`) : sql.ref(`products.${column}`)
  let query = db
    .selectFrom('products')
    .select(summaryColumns)
    .where(matching(dialect, s, plan))
  if (options.within !== undefined) {
    const last = db
      .selectFrom('products as walked')
      .select('walked.position')
      .where('walked.archived', '=', 0)
      .orderBy('walked.position')
      .limit(1)
      .offset(Math.max(0, options.within - 1))
    // Fewer products on sale than that: all of them (positions are 32-bit integers).
    query = query.where('products.position', '<=', sql<number>`coalesce((${last}), ${2 ** 31 - 1})`)
  }
  if (options.sort === 'price-asc') query = query.orderBy(order('price'), 'asc')
  else if (options.sort === 'price-desc') query = query.orderBy(order('price'), 'desc')
  return query.orderBy(order('position')).orderBy('products.id').limit(options.limit).offset(options.offset).execute()
}

/**
 * The view's filters on size rows, each carrying its product's facet columns (in
 * stock, on sale): what the size facet counts, and what a size filter's counts read
 * instead of joining every product to its sizes.
 */
function sizeRowsMatching(dialect: Dialect, s: Selection) {
  return (eb: ExpressionBuilder<Database, 'product_sizes'>) => {
    const all: Expression<SqlBool>[] = [eb('product_sizes.archived', '=', 0), eb('product_sizes.stock', '>', 0)]
    if (s.sizes.length) all.push(eb('product_sizes.size', 'in', s.sizes))
    if (s.categories.length) all.push(eb('product_sizes.category', 'in', s.categories))
    if (s.subCategories.length) all.push(eb('product_sizes.sub_category', 'in', s.subCategories))
    if (s.minPrice !== null) all.push(eb('product_sizes.price', '>=', s.minPrice))
    if (s.maxPrice !== null) all.push(eb('product_sizes.price', '<=', s.maxPrice))
    if (s.nameGroups.length) {
      const named: Selection = { ...everything, nameGroups: s.nameGroups }
      all.push(
        eb(
          'product_sizes.product_id',
          'in',
          eb.selectFrom('products').select('products.id').where(matching(dialect, named)),
        ),
      )
    }
    return eb.and(all)
  }
}

const everything: Selection = {
  categories: [],
  subCategories: [],
  sizes: [],
  minPrice: null,
  maxPrice: null,
  nameGroups: [],
}

export async function countOf(db: Executor, dialect: Dialect, s: Selection): Promise<number> {
  const row = s.sizes.length
    ? await db
        .selectFrom('product_sizes')
        .select((eb) => eb.fn.count<number>('product_sizes.product_id').distinct().as('n'))
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
          sql<number>`count(distinct case when ${within('product_sizes.price')} then product_sizes.product_id end)`.as(
            'n',
          ),
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
        .groupBy(['products.category', 'products.sub_category'])
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
        .select([
          `product_sizes.${column} as value`,
          (eb) => eb.fn.count<number>('product_sizes.product_id').distinct().as('n'),
        ])
        .where(sizeRowsMatching(dialect, s))
        .groupBy(`product_sizes.${column}`)
        .execute()
    : await db
        .selectFrom('products')
        .select([`products.${column} as value`, (eb) => eb.fn.countAll<number>().as('n')])
        .where(matching(dialect, s))
        .groupBy(`products.${column}`)
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

/** A product on sale (never an archived one). */
export async function productRow(db: Executor, id: string) {
  return db.selectFrom('products').selectAll().where('id', '=', id).where('archived', '=', 0).executeTakeFirst()
}

/** The archived ones among these products, with their names (a cart drops their lines). */
export async function archivedAmong(db: Executor, ids: string[]) {
  if (ids.length === 0) return []
  return db.selectFrom('products').select(['id', 'name']).where('id', 'in', ids).where('archived', '=', 1).execute()
}

/** A product, archived or not: the console's and the product page's status. */
export async function anyProductRow(db: Executor, id: string) {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Sizes and chart rows of these products, in their order. */
export async function detailsOf(db: Executor, ids: string[]) {
  if (ids.length === 0) return { sizes: [], chart: [] }
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

export async function latest(db: Executor, limit: number) {
  return db
    .selectFrom('products')
    .select(summaryColumns)
    .where('archived', '=', 0)
    .orderBy('created_at', 'desc')
    .orderBy('position')
    .limit(limit)
    .execute()
}

export async function bestSellers(db: Executor, limit: number) {
  return db
    .selectFrom('products')
    .select(summaryColumns)
    .where('best_seller', '=', 1)
    .where('archived', '=', 0)
    .orderBy('position')
    .limit(limit)
    .execute()
}

/** Same category and sub-category, in catalog order, never the product itself. */
export async function inGroup(
  db: Executor,
  group: { category: string; subCategory: string; except?: string },
  limit: number,
) {
  let query = db
    .selectFrom('products')
    .select(summaryColumns)
    .where('category', '=', group.category)
    .where('sub_category', '=', group.subCategory)
    .where('archived', '=', 0)
  if (group.except !== undefined) query = query.where('id', '!=', group.except)
  return query.orderBy('position').limit(limit).execute()
}

export async function terms(db: Executor, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('catalog_terms').select('term').orderBy('term').limit(limit).execute()
  return rows.map((r) => r.term)
}

export async function countProducts(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function maxPosition(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.max<number>('position').as('last'))
    .executeTakeFirst()
  return row?.last === null || row?.last === undefined ? -1 : Number(row.last)
}

/** Prices of the given products on sale as they stand now, for pricing an order (an archived one is absent). */
export async function pricesOf(db: Executor, ids: string[]) {
  if (ids.length === 0) return []
  return db
    .selectFrom('products')
    .select(['id', 'name', 'price', 'image1'])
    .where('id', 'in', ids)
    .where('archived', '=', 0)
    .execute()
}

export async function stockOf(db: Executor, productIds: string[]) {
  if (productIds.length === 0) return []
  return db
    .selectFrom('product_sizes')
    .select(['product_id', 'size', 'stock'])
    .where('product_id', 'in', productIds)
    .execute()
}

/** Takes `quantity` pieces only if that many are left: the pieces left after, or null when too few. */
export async function takeStock(
  db: Executor,
  dialect: Dialect,
  line: { productId: string; size: string; quantity: number },
  now: number,
): Promise<number | null> {
  const row = await db
    .updateTable('product_sizes')
    .set((eb) => ({ stock: eb('stock', '-', line.quantity) }))
    .where('product_id', '=', line.productId)
    .where('size', '=', line.size)
    .where('stock', '>=', line.quantity)
    .returning('stock')
    .executeTakeFirst()
  if (!row) return null
  await touch(db, dialect, line.productId, now)
  return row.stock
}

/** Puts pieces back: the pieces left after. */
export async function returnStock(
  db: Executor,
  dialect: Dialect,
  line: { productId: string; size: string; quantity: number },
  now: number,
): Promise<number> {
  const row = await db
    .updateTable('product_sizes')
    .set((eb) => ({ stock: eb('stock', '+', line.quantity) }))
    .where('product_id', '=', line.productId)
    .where('size', '=', line.size)
    .returning('stock')
    .executeTakeFirst()
  await touch(db, dialect, line.productId, now)
  return row?.stock ?? 0
}

/** Marks a product changed, always later than any change before (the list's ETag moves). */
async function touch(db: Executor, dialect: Dialect, productId: string, now: number) {
  const later =
    dialect === 'postgres' ? sql<number>`greatest(updated_at + 1, ${now})` : sql<number>`max(updated_at + 1, ${now})`
  await db.updateTable('products').set({ updated_at: later }).where('id', '=', productId).execute()
}

/** A size row as its writers give it: the product's facet columns are added here. */
export type SizeRow = Omit<ProductSizesTable, 'archived' | 'category' | 'sub_category' | 'price'>

/** What a size row copies of its product, for the facet counts. */
function facetColumns(p: Pick<ProductsTable, 'archived' | 'category' | 'sub_category' | 'price'>) {
  return { archived: p.archived, category: p.category, sub_category: p.sub_category, price: p.price }
}

/** Many products at once: multi-row inserts in chunks the databases' parameter limits allow. */
export async function insertProducts(
  db: Executor,
  rows: { product: ProductsTable; sizes: SizeRow[]; chart: SizeChartRowsTable[] }[],
  newTerms: string[],
): Promise<void> {
  // SQLite allows 32,766 parameters a statement; PostgreSQL 65,535. Size rows have 8 columns, chart rows 7.
  for (const chunk of chunks(
    rows.map((r) => r.product),
    2000,
  ))
    await db.insertInto('products').values(chunk).execute()
  for (const chunk of chunks(
    rows.flatMap((r) => r.sizes.map((size) => ({ ...size, ...facetColumns(r.product) }))),
    3000,
  ))
    await db.insertInto('product_sizes').values(chunk).execute()
  for (const chunk of chunks(
    rows.flatMap((r) => r.chart),
    4000,
  ))
    await db.insertInto('size_chart_rows').values(chunk).execute()
  for (const chunk of chunks(newTerms, 4000)) {
    await db
      .insertInto('catalog_terms')
      .values(chunk.map((term) => ({ term })))
      .onConflict((oc) => oc.column('term').doNothing())
      .execute()
  }
}

/**
 * The console's edit of one product: the columns given change, and each size row's
 * copy of them with it; chart rows are replaced when given. Size rows and their stock
 * are written by writeSizes, never here.
 */
export async function updateProduct(
  db: Executor,
  dialect: Dialect,
  id: string,
  changes: Partial<Omit<ProductsTable, 'id' | 'position' | 'created_at' | 'updated_at'>>,
  details: { chart?: SizeChartRowsTable[] },
  now: number,
): Promise<void> {
  if (Object.keys(changes).length > 0) await db.updateTable('products').set(changes).where('id', '=', id).execute()
  const product = await facetsOf(db, id)
  await db.updateTable('product_sizes').set(facetColumns(product)).where('product_id', '=', id).execute()
  if (details.chart) {
    await db.deleteFrom('size_chart_rows').where('product_id', '=', id).execute()
    if (details.chart.length) await db.insertInto('size_chart_rows').values(details.chart).execute()
  }
  await touch(db, dialect, id, now)
}

function facetsOf(db: Executor, id: string) {
  return db
    .selectFrom('products')
    .select(['archived', 'category', 'sub_category', 'price'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
}

/** A product's sizes and their stock now, in no particular order. */
export function sizesNow(db: Executor, productId: string) {
  return db.selectFrom('product_sizes').select(['size', 'stock']).where('product_id', '=', productId).execute()
}

/**
 * Locks one size row for the caller's transaction (PostgreSQL) and answers its stock
 * now, or undefined when the size is gone.
 */
export async function lockSize(db: Executor, productId: string, size: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('product_sizes')
    .select('stock')
    .where('product_id', '=', productId)
    .where('size', '=', size)
    .forUpdate()
    .executeTakeFirst()
  return row?.stock
}

/**
 * The console's sizes of one product, in their new order: each row's position, its
 * stock only where `stock` is given (a count the owner left alone is not written, so
 * pieces orders took meanwhile stay taken), new sizes inserted, `removed` ones deleted.
 */
export async function writeSizes(
  db: Executor,
  productId: string,
  rows: { size: string; position: number; stock?: number; added: boolean }[],
  removed: string[],
): Promise<void> {
  if (removed.length)
    await db.deleteFrom('product_sizes').where('product_id', '=', productId).where('size', 'in', removed).execute()
  const added = rows.filter((r) => r.added)
  for (const r of rows) {
    if (r.added) continue
    await db
      .updateTable('product_sizes')
      .set({ position: r.position, ...(r.stock === undefined ? {} : { stock: r.stock }) })
      .where('product_id', '=', productId)
      .where('size', '=', r.size)
      .execute()
  }
  if (added.length) {
    const product = await facetsOf(db, productId)
    await db
      .insertInto('product_sizes')
      .values(
        added.map((r) => ({
          product_id: productId,
          position: r.position,
          size: r.size,
          stock: r.stock ?? 0,
          ...facetColumns(product),
        })),
      )
      .execute()
  }
}

/** Sets one size's pieces on the shelf: false when the product has no such size. */
export async function setStock(
  db: Executor,
  dialect: Dialect,
  line: { productId: string; size: string; stock: number },
  now: number,
): Promise<boolean> {
  const row = await db
    .updateTable('product_sizes')
    .set({ stock: line.stock })
    .where('product_id', '=', line.productId)
    .where('size', '=', line.size)
    .returning('stock')
    .executeTakeFirst()
  if (!row) return false
  await touch(db, dialect, line.productId, now)
  return true
}

/**
 * Sets one size's pieces on the shelf only if it still holds `opened` (what the owner
 * saw): 'set', or 'changed' when an order (or another save) moved it meanwhile, or
 * 'missing' when the product has no such size. One conditional statement, so nothing
 * between the check and the write.
 */
export async function setStockIf(
  db: Executor,
  dialect: Dialect,
  line: { productId: string; size: string; stock: number; opened: number },
  now: number,
): Promise<'set' | 'changed' | 'missing'> {
  const row = await db
    .updateTable('product_sizes')
    .set({ stock: line.stock })
    .where('product_id', '=', line.productId)
    .where('size', '=', line.size)
    .where('stock', '=', line.opened)
    .returning('stock')
    .executeTakeFirst()
  if (!row) {
    const exists = await db
      .selectFrom('product_sizes')
      .select('stock')
      .where('product_id', '=', line.productId)
      .where('size', '=', line.size)
      .executeTakeFirst()
    return exists ? 'changed' : 'missing'
  }
  await touch(db, dialect, line.productId, now)
  return 'set'
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely'
import type { Dialect, Executor } from '#server/db/database.ts'
import { compiledOnce } from '#server/db/compiled.ts'
import type { Database } from '#server/db/schema.ts'
import { ftsIndexed, sqliteNamesMatching } from '#server/catalog/search-sqlite.ts'
import { postgresNamesMatching } from '#server/catalog/search-postgres.ts'

// A view of the catalog on sale (the collection, a search, the home page's lists), one
// query a question (docs/decisions/009): what it selects, one page of it in order. Its
// counts are server/catalog/counts-repository.ts; each database's name search its own file.

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
  /** Only products whose price a sale has reduced now (the collection's "On sale"; docs/decisions/025). */
  reduced?: boolean
  /** Only products whose approved reviews average RATED_FROM or more (the collection's "4 stars and up"). */
  rated?: boolean
}

/** "4 stars and up": products.rating is the average in hundredths of a star. */
export const RATED_FROM = 400

export type Sort = 'position' | 'price-asc' | 'price-desc' | 'rating-desc'

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
export type Plan = 'count' | 'gather' | 'by-position' | 'by-price' | 'by-rating'

/** The view's filters on products, written for the plan (SQLite) and the dialect's name search. */
export function matching(dialect: Dialect, s: Selection, plan: Plan = 'count') {
  return (eb: Eb) => {
    // SQLite, counting or gathering a search, drives from its name index (never from
    // archived, which every product has, and every storefront index leads with).
    const byName = dialect === 'sqlite' && (plan === 'count' || plan === 'gather') && s.nameGroups.some(ftsIndexed)
    const all: Expression<SqlBool>[] = [byName ? sql<SqlBool>`+products.archived = 0` : onSale(eb)]
    const walking = plan === 'by-position' || plan === 'by-price' || plan === 'by-rating'
    const unindexed = dialect === 'sqlite' && walking
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
    if (s.reduced)
      all.push(unindexed ? sql<SqlBool>`+products.compare_at is not null` : eb('products.compare_at', 'is not', null))
    // Walking by rating, the rating index is the walk, and the rated products its beginning.
    if (s.rated)
      all.push(
        unindexed && plan !== 'by-rating'
          ? sql<SqlBool>`+products.rating >= ${RATED_FROM}`
          : eb('products.rating', '>=', RATED_FROM),
      )
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
    if (dialect === 'sqlite') all.push(...sqliteNamesMatching(s.nameGroups, walking))
    else all.push(...postgresNamesMatching(eb, s.nameGroups))
    if (s.notContaining) all.push(sql<SqlBool>`products.name_search not like ${`%${s.notContaining}%`}`)
    return eb.and(all)
  }
}

/** On sale: not archived by the console (every storefront question asks only these). */
function onSale(eb: Eb): Expression<SqlBool> {
  return eb('products.archived', '=', 0)
}

const summaryColumns = [
  'products.id',
  'products.name',
  'products.name_ur',
  'products.price',
  'products.compare_at',
  'products.image1',
  'products.rating',
  'products.rating_count',
] as const

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
  const plan: Plan = !options.walk
    ? 'gather'
    : options.sort === 'position'
      ? 'by-position'
      : options.sort === 'rating-desc'
        ? 'by-rating'
        : 'by-price'
  // Gathering, the order is a sort of the matches, never a walk of an order's index.
  const order = (column: 'price' | 'position' | 'rating') =>
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
  else if (options.sort === 'rating-desc') query = query.orderBy(order('rating'), 'desc')
  return query.orderBy(order('position')).orderBy('products.id').limit(options.limit).offset(options.offset).execute()
}

/**
 * The view's filters on size rows, each carrying its product's facet columns (in
 * stock, on sale): what the size facet counts, and what a size filter's counts read
 * instead of joining every product to its sizes.
 */
export function sizeRowsMatching(dialect: Dialect, s: Selection) {
  return (eb: ExpressionBuilder<Database, 'product_sizes'>) => {
    // Counting "On sale" on SQLite, the products reduced lead (their index, then each
    // one's size rows), not the size rows on sale, every one of them tested (1 s at 100,000).
    const all: Expression<SqlBool>[] = [
      dialect === 'sqlite' && s.reduced
        ? sql<SqlBool>`+product_sizes.archived = 0`
        : eb('product_sizes.archived', '=', 0),
      eb('product_sizes.stock', '>', 0),
    ]
    if (s.sizes.length) all.push(eb('product_sizes.size', 'in', s.sizes))
    if (s.categories.length) all.push(eb('product_sizes.category', 'in', s.categories))
    if (s.subCategories.length) all.push(eb('product_sizes.sub_category', 'in', s.subCategories))
    if (s.minPrice !== null) all.push(eb('product_sizes.price', '>=', s.minPrice))
    if (s.maxPrice !== null) all.push(eb('product_sizes.price', '<=', s.maxPrice))
    if (s.reduced)
      all.push(
        eb(
          'product_sizes.product_id',
          'in',
          eb
            .selectFrom('products')
            .select('products.id')
            .where('products.archived', '=', 0)
            .where('products.compare_at', 'is not', null),
        ),
      )
    // Each size row carries whether its product is rated 4 stars and up, last in the facet index.
    if (s.rated) all.push(eb('product_sizes.rated', '=', 1))
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

/** The whole catalog on sale, as a view. */
export const everything: Selection = {
  categories: [],
  subCategories: [],
  sizes: [],
  minPrice: null,
  maxPrice: null,
  nameGroups: [],
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
  const { category, subCategory, except } = group
  // A product page's related products, every visit: the SQL built once (server/db/compiled.ts).
  if (except !== undefined) return relatedTo(db, { category, subCategory, except, limit })
  return firstIn(db, { category, subCategory, limit })
}

const firstIn = compiledOnce((db, args: { category: string; subCategory: string; limit: number }) =>
  db
    .selectFrom('products')
    .select(summaryColumns)
    .where('category', '=', args.category)
    .where('sub_category', '=', args.subCategory)
    .where('archived', '=', 0)
    .orderBy('position')
    .limit(args.limit),
)

const relatedTo = compiledOnce((db, args: { category: string; subCategory: string; except: string; limit: number }) =>
  db
    .selectFrom('products')
    .select(summaryColumns)
    .where('category', '=', args.category)
    .where('sub_category', '=', args.subCategory)
    .where('archived', '=', 0)
    .where('id', '!=', args.except)
    .orderBy('position')
    .limit(args.limit),
)

export async function terms(db: Executor, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('catalog_terms').select('term').orderBy('term').limit(limit).execute()
  return rows.map((r) => r.term)
}

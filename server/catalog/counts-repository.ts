import { sql } from 'kysely'
import type { Dialect, Executor } from '#server/db/database.ts'
import { matching, sizeRowsMatching, type Selection } from '#server/catalog/browse-repository.ts'

// A view's total and facet counts (docs/decisions/009), each one indexed query: with a
// size chosen they read the size rows, which carry their product's facet columns;
// otherwise the products. server/catalog/counts.ts puts them together.

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

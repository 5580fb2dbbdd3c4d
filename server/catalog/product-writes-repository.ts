import type { Dialect, Executor } from '#server/db/database.ts'
import type { ProductSizesTable, ProductsTable, SizeChartRowsTable } from '#server/catalog/tables.ts'
import { touch } from '#server/catalog/stock-repository.ts'
import { RATED_FROM } from '#server/catalog/browse-repository.ts'

// Products added (the seed, the console) and edited (the console). Each size row
// carries a copy of its product's facet columns for the counts, written here with it.

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

/** A size row as its writers give it: the product's facet columns are added here. */
export type SizeRow = Omit<ProductSizesTable, 'archived' | 'category' | 'sub_category' | 'price' | 'rated'>

/** What a size row copies of its product, for the facet counts. */
function facetColumns(p: Pick<ProductsTable, 'archived' | 'category' | 'sub_category' | 'price' | 'rating'>) {
  return {
    archived: p.archived,
    category: p.category,
    sub_category: p.sub_category,
    price: p.price,
    rated: ratedOf(p.rating),
  }
}

const ratedOf = (rating: number) => (rating >= RATED_FROM ? 1 : 0)

/** Many products at once: multi-row inserts in chunks the databases' parameter limits allow. */
export async function insertProducts(
  db: Executor,
  rows: { product: ProductsTable; sizes: SizeRow[]; chart: SizeChartRowsTable[] }[],
  newTerms: string[],
): Promise<void> {
  // SQLite allows 32,766 parameters a statement; PostgreSQL 65,535. Product rows have 24
  // columns, size rows 8, chart rows 7.
  for (const chunk of chunks(
    rows.map((r) => r.product),
    1000,
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
    .select(['archived', 'category', 'sub_category', 'price', 'rating'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
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

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** A product's approved reviews as its own row keeps them: the count, the sum of stars, the average. */
export async function writeRating(
  db: Executor,
  productId: string,
  rating: { count: number; total: number },
): Promise<void> {
  // Hundredths of a star, rounded half up; 0 with none.
  const average = rating.count > 0 ? Math.round((rating.total * 100) / rating.count) : 0
  await db
    .updateTable('products')
    .set({ rating_count: rating.count, rating_total: rating.total, rating: average })
    .where('id', '=', productId)
    .execute()
  // The size rows' copy, for "4 stars and up"'s counts, where it changes.
  await db
    .updateTable('product_sizes')
    .set({ rated: ratedOf(average) })
    .where('product_id', '=', productId)
    .where('rated', '!=', ratedOf(average))
    .execute()
}

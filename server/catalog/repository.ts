import type { Executor } from '#server/db/database.ts'
import type { ProductSizesTable, ProductsTable, SizeChartRowsTable } from '#server/db/schema.ts'

export async function listProductRows(db: Executor) {
  const [products, sizes, chart] = await Promise.all([
    db.selectFrom('products').selectAll().orderBy('position').execute(),
    db.selectFrom('product_sizes').selectAll().orderBy('product_id').orderBy('position').execute(),
    db.selectFrom('size_chart_rows').selectAll().orderBy('product_id').orderBy('position').execute(),
  ])
  return { products, sizes, chart }
}

export async function countProducts(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Prices of the given products as they stand now, for pricing an order. */
export async function pricesOf(db: Executor, ids: string[]) {
  if (ids.length === 0) return []
  return db.selectFrom('products').select(['id', 'name', 'price', 'image1']).where('id', 'in', ids).execute()
}

export async function sizesOf(db: Executor, productId: string) {
  const rows = await db.selectFrom('product_sizes').select('size').where('product_id', '=', productId).execute()
  return rows.map((r) => r.size)
}

export async function insertProducts(
  db: Executor,
  rows: { product: ProductsTable; sizes: ProductSizesTable[]; chart: SizeChartRowsTable[] }[],
): Promise<void> {
  for (const row of rows) {
    await db.insertInto('products').values(row.product).execute()
    if (row.sizes.length) await db.insertInto('product_sizes').values(row.sizes).execute()
    if (row.chart.length) await db.insertInto('size_chart_rows').values(row.chart).execute()
  }
}

import { sql, type Kysely } from 'kysely'

// "4 stars and up" counted from indexes alone (docs/decisions/035). The size rows carry
// their product's facet columns for the counts (migration 2026-11-24T0650); they now carry
// whether it is rated 4 stars and up as well, last in their facet index, so a count with
// "4 stars and up", and the filter's own count beside every view, reads the index and not
// every matching product's row: at 100,000 generated products with 200,000 reviews, a
// count of size M from Rs 810 took 300 ms on SQLite, each of a view's six. The rating
// index carries the category, sub-category and price after its own columns, so the rated
// products' counts by category read it alone.

const RATED_FROM = 400

const facet = ['archived', 'size', 'category', 'sub_category', 'price', 'stock', 'product_id']
const rating = ['archived', 'rating desc', 'position']

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('product_sizes')
    .addColumn('rated', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`update product_sizes set rated = 1
    where product_id in (select id from products where rating >= ${RATED_FROM})`.execute(db)
  await db.schema.dropIndex('product_sizes_facet_idx').execute()
  await db.schema
    .createIndex('product_sizes_facet_idx')
    .on('product_sizes')
    .columns([...facet, 'rated'])
    .execute()
  await db.schema.dropIndex('products_rating_idx').execute()
  await db.schema
    .createIndex('products_rating_idx')
    .on('products')
    .columns([...rating, 'category', 'sub_category', 'price'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('products_rating_idx').execute()
  await db.schema.createIndex('products_rating_idx').on('products').columns(rating).execute()
  await db.schema.dropIndex('product_sizes_facet_idx').execute()
  await db.schema.createIndex('product_sizes_facet_idx').on('product_sizes').columns(facet).execute()
  await db.schema.alterTable('product_sizes').dropColumn('rated').execute()
}

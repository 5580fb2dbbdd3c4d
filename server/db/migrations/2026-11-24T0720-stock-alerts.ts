import type { Kysely } from 'kysely'

// Back-in-stock requests: a signed-in shopper asks to be emailed when a sold-out size of
// a product is back. The request goes when its email is written (one email each) or
// when the shopper cancels it; an account deleted takes its requests with it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stock_alerts')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('stock_alerts_pk', ['user_id', 'product_id', 'size'])
    .execute()
  // A restock reads the requests of one product.
  await db.schema.createIndex('stock_alerts_product_idx').on('stock_alerts').columns(['product_id', 'size']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stock_alerts').execute()
}

import type { Kysely } from 'kysely'

// The wishlist's emails: one when a kept product goes on sale (a sale's end mailed about
// is kept, so a new sale mails again and the same one never twice), and one when a size
// that was sold out when it was kept is back (the sizes awaited, gone once mailed). A
// shopper may turn them off on the Account page.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('wishlist_items').addColumn('sale_mailed_until', 'bigint').execute()
  await db.schema
    .createTable('wishlist_waits')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('size', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('wishlist_waits_pk', ['user_id', 'product_id', 'size'])
    .execute()
  // A restock reads the sizes awaited of one product.
  await db.schema
    .createIndex('wishlist_waits_product_idx')
    .on('wishlist_waits')
    .columns(['product_id', 'size'])
    .execute()
  await db.schema
    .createTable('wishlist_optouts')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wishlist_optouts').execute()
  await db.schema.dropTable('wishlist_waits').execute()
  await db.schema.alterTable('wishlist_items').dropColumn('sale_mailed_until').execute()
}

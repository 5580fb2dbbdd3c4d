import type { Kysely } from 'kysely'

// The wishlist: products a signed-in shopper keeps for later (a guest's stays in the
// browser until sign-in). An account or a product deleted takes its rows with it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wishlist_items')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('wishlist_items_pk', ['user_id', 'product_id'])
    .execute()
  // Who keeps a product: the emails when it goes on sale or a size comes back.
  await db.schema.createIndex('wishlist_items_product_idx').on('wishlist_items').column('product_id').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wishlist_items').execute()
}

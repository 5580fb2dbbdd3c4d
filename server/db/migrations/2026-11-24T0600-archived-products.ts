import type { Kysely } from 'kysely'

// The store owner's console takes products off sale without deleting them: past orders
// and audit entries still name them, and the product page can say "no longer available".
// Every storefront query reads only products with archived = 0.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  // The console's list: every product, newest first.
  await db.schema
    .createIndex('products_archived_created_idx')
    .on('products')
    .columns(['archived', 'created_at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('products_archived_created_idx').execute()
  await db.schema.alterTable('products').dropColumn('archived').execute()
}

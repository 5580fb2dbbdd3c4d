import type { Kysely } from 'kysely'

// The product list's stamp (its ETag, and the name of its files: server/catalog/product-list.ts)
// is the count, the sum of updated_at and the last position of the products on sale.
// Every change moves a product's updated_at forward, so the sum moves with any change,
// wherever the largest value is. This index answers all three without the table; it
// does not lead with archived, so SQLite never takes it for the storefront's queries.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('products_updated_idx').execute()
  await db.schema
    .createIndex('products_stamp_idx')
    .on('products')
    .columns(['updated_at', 'archived', 'position'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('products_stamp_idx').execute()
  await db.schema.createIndex('products_updated_idx').on('products').column('updated_at').execute()
}

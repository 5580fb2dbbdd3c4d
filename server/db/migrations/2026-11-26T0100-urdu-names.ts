import { sql, type Kysely } from 'kysely'

// A product's name and description in Urdu, for the Urdu storefront (pages under /ur):
// null where the owner has not written them, and the store shows the English.
//
// Search finds a product by either name with no index of its own (docs/decisions/023):
// name_search, which the trigram indexes hold (FTS5's products_fts on SQLite, both GIN
// indexes on PostgreSQL), now carries the Urdu name after the English one, so every
// existing question answers Urdu too. Every row's Urdu name is null here, so no
// name_search changes.
//
// The product list is a file named by the catalog's stamp (the sum of updated_at among
// others), and its answers gain these two fields: each product's updated_at moves on by
// one, as any change to a product moves it, so the list is written afresh and a client
// holding the old ETag reads the new one.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').addColumn('name_ur', 'text').execute()
  await db.schema.alterTable('products').addColumn('description_ur', 'text').execute()
  await sql`update products set updated_at = updated_at + 1`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('description_ur').execute()
  await db.schema.alterTable('products').dropColumn('name_ur').execute()
}

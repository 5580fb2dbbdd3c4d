import type { Kysely } from 'kysely'

// The sitemap reads every product on sale by id, with when it last changed, a page of
// 25,000 at a time (server/seo/). This index holds all three, in id order: a page starts
// by skipping index entries alone and reads no product row. It does not lead with
// archived, so SQLite never takes it for the storefront's queries.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('products_listed_idx').on('products').columns(['id', 'archived', 'updated_at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('products_listed_idx').execute()
}

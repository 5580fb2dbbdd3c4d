import type { Kysely } from 'kysely'

// Fewer failed deliveries (README, "Orders that need attention"): the phones the store will
// not ship to without a word, each with its reason, and on each order placed since, why it
// needs the owner's look (a JSON list of reasons; null for none).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('phone_blocklist')
    .addColumn('phone_key', 'text', (c) => c.primaryKey())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('phone_blocklist_created_idx').on('phone_blocklist').columns(['created_at']).execute()
  await db.schema.alterTable('orders').addColumn('attention', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('attention').execute()
  await db.schema.dropTable('phone_blocklist').execute()
}

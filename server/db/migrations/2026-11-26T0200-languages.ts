import type { Kysely } from 'kysely'

// The language a shopper reads the store in, for what the store writes to them: an
// account's, set by the storefront's language switch (null until they choose), and an
// order's, the store's language when it was placed ('en' for every earlier order). An
// email goes out in the account's language, else the order's, else English.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('language', 'text').execute()
  await db.schema
    .alterTable('orders')
    .addColumn('language', 'text', (c) => c.defaultTo('en'))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('language').execute()
  await db.schema.alterTable('users').dropColumn('language').execute()
}

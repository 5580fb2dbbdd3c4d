import type { Kysely } from 'kysely'

// docs/decisions/019: an admin's session ends after ADMIN_IDLE_MINUTES without a console
// request. Each session keeps when it last made one (null: not since it began, so the
// idle time counts from created_at). Shoppers' sessions never read it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('last_console_at', 'bigint').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('last_console_at').execute()
}

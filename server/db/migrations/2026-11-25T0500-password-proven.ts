import type { Kysely } from 'kysely'

// When the account's password was set by someone who proved they hold its address: a
// password reset link (the link reached the inbox), or the store's CLI creating an
// admin. Registration proves nothing, and neither does a verification link opened
// later (whoever registered the address may not be whoever opened it), so those leave
// it null. Promoting an account to admin needs it (or no password at all: Google's).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('password_proven_at', 'bigint').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('password_proven_at').execute()
}

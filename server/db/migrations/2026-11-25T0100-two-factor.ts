import type { Kysely } from 'kysely'

// Two-factor sign-in for admins (docs/decisions/015).
// - two_factor: an account's TOTP secret (RFC 6238). `pending_secret` is a setup not yet
//   confirmed with a code; `secret` and `enabled_at` are set when it is. `last_step` is
//   the last time step whose code was accepted: a code is accepted once.
// - recovery_codes: ten single-use codes, kept as hashes only.
// - login_challenges: the Login page's second step: a correct password waiting for its
//   code, for a few minutes, bound to the account and to the password it was given with.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('two_factor')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text')
    .addColumn('enabled_at', 'bigint')
    .addColumn('last_step', 'bigint')
    .addColumn('pending_secret', 'text')
    .addColumn('pending_at', 'bigint')
    .execute()

  await db.schema
    .createTable('recovery_codes')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addPrimaryKeyConstraint('recovery_codes_pk', ['user_id', 'code_hash'])
    .execute()

  await db.schema
    .createTable('login_challenges')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('password_mark', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('login_challenges_user_idx').on('login_challenges').column('user_id').execute()
  await db.schema.createIndex('login_challenges_expires_idx').on('login_challenges').column('expires_at').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_challenges').execute()
  await db.schema.dropTable('recovery_codes').execute()
  await db.schema.dropTable('two_factor').execute()
}

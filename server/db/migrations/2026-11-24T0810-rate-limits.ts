import type { Kysely } from 'kysely'

// Rate limits shared by every instance of the store on one PostgreSQL database
// (docs/decisions/013). One row a limiter's key and window; SQLite
// keeps its limits in the one process's memory, so the table stays empty there.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    // '<limiter>:<key>', e.g. 'login-account:ayesha@example.com'.
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute()
  // Expired windows are removed by time through this index.
  await db.schema.createIndex('rate_limits_reset_idx').on('rate_limits').column('reset_at').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute()
}

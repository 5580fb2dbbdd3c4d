import type { Kysely } from 'kysely'

// Jobs that must run once across every instance of the store (docs/decisions/017;
// docs/decisions/017): one row a job, claimed under a lease by one instance at a time.
// A job's row is written the first time it is claimed. The first is the cancelling of
// orders nobody confirmed in time.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    // Who holds the lease (a random id a process), null when nobody ever has.
    .addColumn('owner', 'text')
    // Epoch milliseconds; at or before now, anyone may claim it.
    .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    // When the job last finished a run, for the log and the curious.
    .addColumn('last_run_at', 'bigint')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_leases').execute()
}

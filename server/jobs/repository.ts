import { sql } from 'kysely'
import type { Executor } from '#server/db/database.ts'

/**
 * Takes the job's lease for `owner` until `leaseUntil` if nobody holds a live one: one
 * conditional update, so of instances claiming at once exactly one gets it (PostgreSQL
 * re-reads the row a concurrent claim changed and finds its lease live; SQLite has one
 * writer). The job's row is made on its first claim.
 */
export async function claim(
  db: Executor,
  job: { name: string; owner: string; now: number; leaseUntil: number },
): Promise<boolean> {
  await sql`insert into job_leases (name, owner, lease_until) values (${job.name}, null, 0)
    on conflict (name) do nothing`.execute(db)
  const result = await db
    .updateTable('job_leases')
    .set({ owner: job.owner, lease_until: job.leaseUntil })
    .where('name', '=', job.name)
    .where('lease_until', '<=', job.now)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Extends a lease its owner still holds: false when it ran out and another took it. */
export async function renew(
  db: Executor,
  job: { name: string; owner: string; now: number; leaseUntil: number },
): Promise<boolean> {
  const result = await db
    .updateTable('job_leases')
    .set({ lease_until: job.leaseUntil })
    .where('name', '=', job.name)
    .where('owner', '=', job.owner)
    .where('lease_until', '>', job.now)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Gives the lease back after a run, if still held, noting when the run ended. */
export async function release(db: Executor, job: { name: string; owner: string; now: number }): Promise<void> {
  await db
    .updateTable('job_leases')
    .set({ lease_until: job.now, last_run_at: job.now })
    .where('name', '=', job.name)
    .where('owner', '=', job.owner)
    .execute()
}

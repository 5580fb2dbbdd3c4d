// The tables the jobs domain owns: the leases of jobs that run once across instances. Only this
// domain's code reads and writes them, but for the exceptions docs/ARCHITECTURE.md lists
// (Boundaries). server/db/schema.ts joins every domain's tables into Kysely's Database.

/** A job that runs once across instances, claimed under a lease (docs/decisions/017). */
export interface JobLeasesTable {
  name: string
  owner: string | null
  lease_until: number
  last_run_at: number | null
}

export interface JobTables {
  job_leases: JobLeasesTable
}

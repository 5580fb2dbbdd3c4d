// The tables the limits domain owns: shared rate-limit windows. Only this domain's code reads and
// writes them, but for the exceptions docs/ARCHITECTURE.md lists (Boundaries). server/db/schema.ts
// joins every domain's tables into Kysely's Database.

/** A shared rate limiter's window for one key (PostgreSQL; docs/decisions/013). */
export interface RateLimitsTable {
  key: string
  count: number
  reset_at: number
}

export interface LimitTables {
  rate_limits: RateLimitsTable
}

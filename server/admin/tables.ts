// The tables the admin domain owns: the console's audit log. Only this domain's code reads and
// writes them, but for the exceptions docs/ARCHITECTURE.md lists (Boundaries). server/db/schema.ts
// joins every domain's tables into Kysely's Database.

/** What an admin changed, for the console's history (entity 'order' or 'product'). */
export interface AuditLogTable {
  id: string
  at: number
  actor_id: string
  /** The admin's name when they acted. */
  actor_name: string
  entity: string
  entity_id: string
  action: string
  /** JSON, or null when there was nothing before (or after). */
  before: string | null
  after: string | null
}

export interface AdminTables {
  audit_log: AuditLogTable
}

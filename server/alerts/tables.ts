// The tables the alerts domain owns: back-in-stock requests. Only this domain's code reads and
// writes them, but for the exceptions docs/ARCHITECTURE.md lists (Boundaries). server/db/schema.ts
// joins every domain's tables into Kysely's Database.

/** A shopper's request to be emailed when a sold-out size is back (one email, then it goes). */
export interface StockAlertsTable {
  user_id: string
  product_id: string
  size: string
  created_at: number
}

export interface AlertTables {
  stock_alerts: StockAlertsTable
}

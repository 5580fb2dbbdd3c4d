// The tables the account domain owns: saved delivery addresses. Only this domain's code reads and
// writes them, but for the exceptions docs/ARCHITECTURE.md lists (Boundaries). server/db/schema.ts
// joins every domain's tables into Kysely's Database.

/** A shopper's saved delivery address: the checkout's fields (contracts/orders.ts addressSchema). */
export interface SavedAddressesTable {
  id: string
  user_id: string
  first_name: string
  last_name: string
  email: string
  street: string
  city: string
  state: string
  pin_code: string
  country: string
  phone: string
  /** 1 for the one address the checkout fills in first; at most one per account. */
  is_default: number
  created_at: number
  updated_at: number
}

export interface AccountTables {
  saved_addresses: SavedAddressesTable
}

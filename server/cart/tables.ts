// The tables the cart domain owns: the shoppers' carts. Only this domain's code reads and writes
// them, but for the exceptions docs/ARCHITECTURE.md lists (Boundaries). server/db/schema.ts joins
// every domain's tables into Kysely's Database.

export interface CartItemsTable {
  user_id: string
  product_id: string
  size: string
  quantity: number
  /** When the line was first added: the cart's order. */
  added_at: number
  updated_at: number
}

export interface CartTables {
  cart_items: CartItemsTable
}

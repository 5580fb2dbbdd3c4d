// The tables the wishlist domain owns. Only this domain's code reads and writes them.
// server/db/schema.ts joins every domain's tables into Kysely's Database.

/** One product a shopper keeps for later. */
export interface WishlistItemsTable {
  user_id: string
  product_id: string
  created_at: number
}

export interface WishlistTables {
  wishlist_items: WishlistItemsTable
}

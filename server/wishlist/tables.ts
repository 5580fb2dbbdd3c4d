// The tables the wishlist domain owns. Only this domain's code reads and writes them.
// server/db/schema.ts joins every domain's tables into Kysely's Database.

/** One product a shopper keeps for later. */
export interface WishlistItemsTable {
  user_id: string
  product_id: string
  created_at: number
  /** The end of the sale last mailed about (null: none yet). */
  sale_mailed_until: number | null
}

/** A size that was sold out when the product was kept: its return is mailed once. */
export interface WishlistWaitsTable {
  user_id: string
  product_id: string
  size: string
}

/** A shopper who turned the wishlist's emails off. */
export interface WishlistOptoutsTable {
  user_id: string
  created_at: number
}

export interface WishlistTables {
  wishlist_items: WishlistItemsTable
  wishlist_waits: WishlistWaitsTable
  wishlist_optouts: WishlistOptoutsTable
}

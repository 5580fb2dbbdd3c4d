// The tables the catalog domain owns: products, their sizes and size charts, the words of their
// names. Only this domain's code reads and writes them, but for the exceptions
// docs/ARCHITECTURE.md lists (Boundaries). server/db/schema.ts joins every domain's tables into
// Kysely's Database.

export interface ProductsTable {
  id: string
  name: string
  /** The name in Urdu, for the Urdu storefront; null where the owner has not written one. */
  name_ur: string | null
  /**
   * What search matches: the name, then the Urdu name on a line of its own, folded as a
   * search is (server/catalog/search.ts, productSearchText; docs/decisions/023).
   */
  name_search: string
  description: string
  /** The description in Urdu; null where the owner has not written one. */
  description_ur: string | null
  /**
   * What a shopper pays now: the list price, or the winning sale's price while one runs
   * (materialized at every sale boundary: server/catalog/sales.ts, docs/decisions/025).
   */
  price: number
  /** The owner's own price. */
  list_price: number
  /** The product form's own sale: its price and window (null: none). */
  sale_price: number | null
  sale_starts_at: number | null
  sale_ends_at: number | null
  /** The list price while the product is on sale, else null (materialized with price). */
  compare_at: number | null
  /** When the winning sale ends, while on sale (materialized with price). */
  sale_until: number | null
  category: string
  sub_category: string
  image1: string
  image2: string
  image3: string
  image4: string
  best_seller: number
  position: number
  created_at: number
  /** When the product last changed: the product list's ETag moves with it. */
  updated_at: number
  /** 1: taken off sale by the console; the storefront never shows it. */
  archived: number
  /**
   * Its approved reviews: how many, the sum of their stars, and the average in hundredths
   * of a star (0 with none), written with each moderation decision (server/reviews).
   */
  rating_count: number
  rating_total: number
  rating: number
}

export interface ProductSizesTable {
  product_id: string
  position: number
  size: string
  /** Pieces on the shelf; never below 0 (docs/spec/rulings.md #24). */
  stock: number
  // The product's, copied for the facet counts (migration 2026-11-24T0650); the
  // catalog's repository writes them with the product and keeps them in step.
  archived: number
  category: string
  sub_category: string
  price: number
  /** 1 when the product's approved reviews average 4 stars or more ("4 stars and up"), else 0. */
  rated: number
}

export interface SizeChartRowsTable {
  product_id: string
  position: number
  size: string
  chest: string | null
  length: string | null
  waist: string | null
  sleeves: string | null
}

/** The distinct words of product names, for correcting a mistyped search (server/catalog/search.ts). */
export interface CatalogTermsTable {
  term: string
}

/** A sale the owner made in the console (docs/decisions/025): percent off over a window, in a scope. */
export interface SalesTable {
  id: string
  name: string
  percent_off: number
  /** Null: every category (sub-category). */
  category: string | null
  sub_category: string | null
  /** 1: only the products listed in sale_products. */
  has_products: number
  starts_at: number
  ends_at: number
  created_at: number
  updated_at: number
}

export interface SaleProductsTable {
  sale_id: string
  product_id: string
}

/** When every product's price was last brought to the sales (one row, id 1). */
export interface SaleClockTable {
  id: number
  /** The instant every product's price was last brought to (docs/decisions/025). */
  priced_at: number
  /** Sale writes since whose prices are still owed (docs/decisions/052). */
  owed: number
}

export interface CatalogTables {
  products: ProductsTable
  sales: SalesTable
  sale_products: SaleProductsTable
  sale_clock: SaleClockTable
  product_sizes: ProductSizesTable
  size_chart_rows: SizeChartRowsTable
  catalog_terms: CatalogTermsTable
}

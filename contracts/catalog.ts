export const CURRENCY = 'Rs'
export const categories = ['Men', 'Women', 'Kids'] as const
export const subCategories = ['TopWear', 'BottomWear', 'WinterWear'] as const
export type Category = (typeof categories)[number]
export type SubCategory = (typeof subCategories)[number]

export interface SizeChartRow {
  size: string
  /** Inches, as printed ("38", "27.5"); null where it does not apply (no chest on jeans). */
  chest: string | null
  length: string | null
  waist: string | null
  sleeves: string | null
}

/** A product as GET /api/product/list answers it (docs/spec/store-spec.md §3). Images are URLs. */
export interface Product {
  _id: string
  name: string
  /**
   * The name in Urdu, for the Urdu storefront (pages under /ur); null where the owner has
   * not written one (the store shows `name`). The API answers it always; a record made
   * before it existed, or an edit that leaves it alone, may omit it.
   */
  nameUr?: string | null
  /** Whole rupees: what a shopper pays now, the sale price during a sale (docs/decisions/025). */
  price: number
  /**
   * The list price while the product is on sale (struck through beside `price`); null
   * when it is not. A line is on sale exactly when this is not null.
   */
  compareAtPrice: number | null
  /** When the sale in force ends (ISO 8601), while on sale; else null. */
  saleEndsAt: string | null
  description: string
  /** The description in Urdu; null where the owner has not written one (the store shows `description`). */
  descriptionUr?: string | null
  category: Category
  subCategory: SubCategory
  sizes: string[]
  image1: string
  image2: string
  image3: string
  image4: string
  sizeChart: SizeChartRow[]
  bestSeller: boolean
  date: number
  /** Pieces left of each size in `sizes`; 0 is sold out (docs/spec/rulings.md #24). */
  stock: Record<string, number>
}

/**
 * What every shape of a product shares with the API's: its words, price, group, size
 * chart and flag. The console's products (contracts/admin.ts), the catalog's own
 * (server/catalog/product-writes.ts, products.ts) and the demo's records
 * (demo/catalog-types.ts) are these fields and what each adds.
 */
export type ProductDetails = Pick<
  Product,
  | 'name'
  | 'nameUr'
  | 'description'
  | 'descriptionUr'
  | 'price'
  | 'category'
  | 'subCategory'
  | 'sizeChart'
  | 'bestSeller'
>

/** One size and its pieces on the shelf, in the order the size picker shows them. */
export interface SizeStock {
  size: string
  stock: number
}

/** A product's four photos, image1..image4: keys in the image store, or their URLs. */
export type ProductImages = [string, string, string, string]

/** At or below this many pieces a size says "Only N left". */
export const LOW_STOCK = 3

/** 'Sold out', 'Only 2 left' or '' for a size with plenty. */
export function stockNote(left: number): string {
  if (left <= 0) return 'Sold out'
  if (left <= LOW_STOCK) return `Only ${left} left`
  return ''
}

/**
 * What a product card draws, and all a listing sends to the browser of each product (the
 * Urdu name too, for the Urdu storefront's cards and suggestions).
 */
export type ProductSummary = Pick<Product, '_id' | 'name' | 'nameUr' | 'price' | 'image1'> &
  Partial<Pick<Product, 'compareAtPrice'>> & {
    /** The average (to the hundredth) and count of its approved reviews; absent until it has one. */
    rating?: { average: number; count: number }
  }

export function toSummary({
  _id,
  name,
  nameUr,
  price,
  compareAtPrice,
  image1,
  rating,
}: ProductSummary): ProductSummary {
  return {
    _id,
    name,
    nameUr: nameUr ?? null,
    price,
    compareAtPrice: compareAtPrice ?? null,
    image1,
    ...(rating ? { rating } : {}),
  }
}

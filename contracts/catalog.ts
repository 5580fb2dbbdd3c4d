export const CURRENCY = 'Rs'
export const categories = ['Men', 'Women', 'Kids'] as const
export const subCategories = ['TopWear', 'BottomWear', 'WinterWear'] as const
export type Category = (typeof categories)[number]
export type SubCategory = (typeof subCategories)[number]

export interface SizeChartRow {
  size: string
  chest: string | null
  length: string | null
  waist: string | null
  sleeves: string | null
}

/** A product as GET /api/product/list answers it (spec section 3). Images are URLs. */
export interface Product {
  _id: string
  name: string
  price: number
  description: string
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
}

// The shape of the demo catalog's source data. The seed turns these into products,
// and demo/generate-product-images.ts draws each garment from the same record,
// so a product's pictures always match its name and colours.
import type { ProductDetails, SizeChartRow } from '#contracts/catalog.ts'

/** What the image generator knows how to draw. */
export const garmentKinds = [
  'tshirt',
  'polo',
  'shirt',
  'kurta',
  'blouse',
  'dress',
  'jeans',
  'trousers',
  'shorts',
  'skirt',
  'joggers',
  'hoodie',
  'sweater',
  'jacket',
  'puffer',
  'coat',
] as const
export type GarmentKind = (typeof garmentKinds)[number]

/** A product of the catalog (contracts/catalog.ts) as the demo writes it, with what its pictures are drawn from. */
export interface DemoProduct extends Omit<ProductDetails, 'sizeChart'> {
  /** Stable id, also the image file prefix: lowercase words joined by '-'. */
  id: string
  garment: GarmentKind
  /** CSS hex colours: main fabric, secondary (collar, cuffs, lining), accent (buttons, print, stitching). */
  colors: { main: string; secondary: string; accent: string }
  /** Pattern drawn on the fabric. */
  pattern: 'plain' | 'stripes' | 'checks' | 'print'
  /** In natural order: XS S M L XL XXL for adults, ages for kids ("2-3Y"), waist sizes for some bottoms ("30"). */
  sizes: string[]
  /** Null when the product has no size chart. */
  sizeChart: SizeChartRow[] | null
  /** Pieces of each size; sizes not named get the seed's own realistic quantity. */
  stock?: Record<string, number>
}

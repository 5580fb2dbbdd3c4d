import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The four ways each garment is pictured, in image1..image4 order. */
export const imageViews = ['front', 'back', 'detail', 'folded'] as const
export type ImageView = (typeof imageViews)[number]

/** Widths (px) each image is stored in, for the storefront's srcset (app/lib/images.ts). */
export const imageWidths = [400, 800] as const

/** The image store: generated product pictures, committed with the project. */
export const productImageDir = path.resolve(fileURLToPath(new URL('../../assets/products', import.meta.url)))

export const PRODUCT_IMAGE_PREFIX = '/images/products/'
const largest = Math.max(...imageWidths)

/** An image key ('<id>-front') as the URL the API answers: the largest width. */
export function productImageUrl(key: string): string {
  return `${PRODUCT_IMAGE_PREFIX}${key}-${largest}.webp`
}

export function imageKey(productId: string, view: ImageView): string {
  return `${productId}-${view}`
}

/** Only plain generated names reach the disk: no paths, no other types. */
export function isProductImageName(name: string): boolean {
  return /^[a-z0-9][a-z0-9-]{0,150}-\d{2,4}\.webp$/.test(name)
}

// Product images come in two widths (400 and 800 px, 4:5); the API answers the 800 one.
export const PRODUCT_IMAGE_WIDTH = 800
export const PRODUCT_IMAGE_HEIGHT = 1000

export function productSrcSet(url: string): string | undefined {
  if (!url.endsWith('-800.webp')) return undefined
  return `${url.replace(/-800\.webp$/, '-400.webp')} 400w, ${url} 800w`
}

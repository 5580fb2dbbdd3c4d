import { PRODUCT_IMAGE_HEIGHT, PRODUCT_IMAGE_WIDTH, productSrcSet } from '#app/lib/images.ts'

/** A product picture with its two widths and a fixed 4:5 box, so nothing shifts. */
export function ProductImage({
  src,
  alt,
  sizes,
  priority = false,
  className = '',
}: {
  src: string
  alt: string
  /** The `sizes` attribute: how wide the image is drawn. */
  sizes: string
  priority?: boolean
  className?: string
}) {
  return (
    <img
      src={src}
      srcSet={productSrcSet(src)}
      sizes={sizes}
      alt={alt}
      width={PRODUCT_IMAGE_WIDTH}
      height={PRODUCT_IMAGE_HEIGHT}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      className={`aspect-[4/5] h-auto w-full bg-sand object-cover ${className}`}
    />
  )
}

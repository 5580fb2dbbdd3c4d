import { useState } from 'react'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Link } from '#app/lib/i18n/links.tsx'
import { Expand } from '#app/components/icons.tsx'
import type { ProductSummary } from '#contracts/catalog.ts'
import { SalePrice } from '#app/components/price.tsx'
import { ProductImage } from '#app/components/product-image.tsx'
import { ImageViewer } from '#app/components/image-viewer.tsx'
import { Stars } from '#app/components/stars.tsx'
import { WishlistHeart } from '#app/components/wishlist-heart.tsx'
import { useWishlist } from '#app/lib/wishlist/wishlist-context.tsx'
import { useLang } from '#app/lib/i18n/language.ts'
import { Kept } from '#app/lib/kept-markup.tsx'

export const CARD_SIZES = '(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw'

/**
 * Image, name and price; the whole card opens the product, through the name's one link
 * (its ::after covers the card, so a card is one link, not two, for a screen reader and
 * for the server's render); the zoom and heart buttons sit above it.
 */
export function ProductCard({
  product,
  priority = false,
  headingLevel = 3,
}: {
  product: ProductSummary
  priority?: boolean
  headingLevel?: 2 | 3
}) {
  const { t } = useTranslation('catalog')
  const [zoom, setZoom] = useState(false)
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const href = `/productdetail/${product._id}`
  return (
    <article className="group relative">
      <div className="relative overflow-hidden rounded-xl bg-sand">
        <ProductImage
          src={product.image1}
          alt=""
          sizes={CARD_SIZES}
          priority={priority}
          className="transition-transform duration-500 group-hover:scale-[1.03]"
        />
        <button
          type="button"
          onClick={() => setZoom(true)}
          aria-label={t('card.zoom', { name: product.name })}
          className="absolute top-2.5 end-2.5 z-10 grid size-10 place-items-center rounded-full bg-white/90 text-ink shadow-sm transition hover:bg-white focus-visible:opacity-100 sm:opacity-0 sm:group-hover:opacity-100"
        >
          <Expand aria-hidden className="size-4" />
        </button>
        <WishlistHeart productId={product._id} name={product.name} className="absolute start-2.5 top-2.5 z-10" />
      </div>
      <div className="mt-3 space-y-1">
        <Heading className="font-sans text-sm leading-snug font-medium text-ink">
          {/* The name keeps its own direction on an Urdu page (docs/decisions/022). */}
          <Link to={href} dir="auto" className="after:absolute after:inset-0 hover:text-accent">
            {product.name}
          </Link>
        </Heading>
        {/* Stars only from approved reviews, and only when there are some (docs/spec/rulings.md #3). */}
        {product.rating && (
          <p className="flex items-center gap-1.5 text-xs text-muted">
            <Stars
              rating={product.rating.average}
              small
              label={t('card.rating', { rating: product.rating.average.toFixed(1), count: product.rating.count })}
            />
            <span aria-hidden>({product.rating.count})</span>
          </p>
        )}
        <p className="text-sm font-semibold text-ink">
          <SalePrice price={product.price} compareAtPrice={product.compareAtPrice} />
        </p>
      </div>
      {zoom && <ImageViewer src={product.image1} alt={product.name} onClose={() => setZoom(false)} />}
    </article>
  )
}

/**
 * A card in a grid's list. The server keeps its markup for the product as it stands, the
 * language and the heart (docs/decisions/040), and writes it again wherever the card shows.
 * A priority card is drawn each time: React preloads its eager image from the page's head.
 */
export function ProductCardItem({
  product,
  priority = false,
  className,
}: {
  product: ProductSummary
  priority?: boolean
  className?: string | undefined
}) {
  const lang = useLang()
  const on = useWishlist().has(product._id)
  if (priority) {
    return (
      <li className={className}>
        <ProductCard product={product} priority />
      </li>
    )
  }
  return (
    <Kept as="li" className={className} cacheKey={`card ${lang} ${on ? 'on' : 'off'} ${JSON.stringify(product)}`}>
      <ProductCard product={product} />
    </Kept>
  )
}

export function ProductGrid({
  children,
  className = '',
  columns = 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-4',
}: {
  children: React.ReactNode
  className?: string
  /** The column classes, for grids that share the row with a sidebar. */
  columns?: string
}) {
  return <ul className={`grid gap-x-4 gap-y-8 lg:gap-x-6 ${columns} ${className}`}>{children}</ul>
}

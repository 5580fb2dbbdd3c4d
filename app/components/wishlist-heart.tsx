import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Heart } from '#app/components/icons.tsx'
import { useLocalePath } from '#app/lib/i18n/links.tsx'
import { useWishlist } from '#app/lib/wishlist/wishlist-context.tsx'

/**
 * The heart on a card and on the product page: a plain form posted to /wishlist, which
 * keeps the product (or lets it go) and goes back to the page it was posted from, its
 * Referer (the form names no page, so a card's markup is the same on every page:
 * docs/decisions/040); once the app runs, the wishlist's context does it in place, a
 * guest's in the browser. A plain <form>, not React Router's: the app never lets it
 * submit, and a card drew React Router's for nothing (docs/decisions/039).
 */
export function WishlistHeart({
  productId,
  name,
  className = '',
}: {
  productId: string
  name: string
  className?: string
}) {
  const { t } = useTranslation()
  const wishlist = useWishlist()
  const localePath = useLocalePath()
  const on = wishlist.has(productId)
  return (
    <form
      method="post"
      action={localePath('/wishlist')}
      className={className}
      onSubmit={(e) => {
        e.preventDefault()
        void wishlist.set(productId, !on)
      }}
    >
      <input type="hidden" name="intent" value="heart" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="on" value={on ? '0' : '1'} />
      <button
        type="submit"
        aria-pressed={on}
        aria-label={t('wishlist.heart', { name })}
        className="grid size-10 place-items-center rounded-full bg-white/90 text-ink shadow-sm transition hover:bg-white"
      >
        <Heart aria-hidden className={`size-5 ${on ? 'fill-accent text-accent' : ''}`} />
      </button>
    </form>
  )
}

import { Star } from 'lucide-react'

/**
 * Five stars filled to `rating` (to the half star), read as `label` ("Rated 4.3 out of 5"):
 * the product page, its reviews and the cards draw them alike. Drawn only for real
 * ratings: docs/spec/rulings.md #3.
 */
export function Stars({ rating, label, size = 'size-4' }: { rating: number; label: string; size?: string }) {
  const halves = Math.round(rating * 2)
  return (
    <span role="img" aria-label={label} className="inline-flex items-center gap-0.5 text-accent">
      {[1, 2, 3, 4, 5].map((n) => {
        const fill = halves >= n * 2 ? 'full' : halves === n * 2 - 1 ? 'half' : 'none'
        return (
          <span key={n} aria-hidden className={`relative inline-block ${size}`}>
            <Star className={`absolute inset-0 ${size} text-line`} fill="currentColor" strokeWidth={0} />
            {fill !== 'none' && (
              <span className={`absolute inset-y-0 start-0 overflow-hidden ${fill === 'half' ? 'w-1/2' : 'w-full'}`}>
                <Star className={size} fill="currentColor" strokeWidth={0} />
              </span>
            )}
          </span>
        )
      })}
    </span>
  )
}

import type { CSSProperties } from 'react'

/**
 * Five stars filled to `rating` (to the half star), read as `label` ("Rated 4.3 out of 5"):
 * the product page, its reviews and the cards draw them alike, as one element (`.stars` in
 * app.css). Drawn only for real ratings: docs/spec/rulings.md #3.
 */
export function Stars({ rating, label, small = false }: { rating: number; label: string; small?: boolean }) {
  const halves = Math.min(10, Math.max(0, Math.round(rating * 2)))
  const style = { '--filled': `${halves * 10}%`, ...(small ? { '--star': '0.875rem' } : {}) } as CSSProperties
  return <span role="img" aria-label={label} className="stars" style={style} />
}

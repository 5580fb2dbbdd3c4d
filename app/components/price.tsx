import { formatPrice } from '#contracts/pricing.ts'

/** 'Rs 1,299' in both languages (docs/decisions/022), kept left to right inside Urdu text. */
export function Price({ amount, className = '' }: { amount: number; className?: string }) {
  return (
    <span dir="ltr" className={`tabular-nums ${className}`}>
      {formatPrice(amount)}
    </span>
  )
}

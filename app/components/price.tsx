import { formatPrice } from '#contracts/pricing.ts'

export function Price({ amount, className = '' }: { amount: number; className?: string }) {
  return <span className={`tabular-nums ${className}`}>{formatPrice(amount)}</span>
}

import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { formatPrice, percentOff } from '#contracts/pricing.ts'

/** 'Rs 1,299' in both languages (docs/decisions/022), kept left to right inside Urdu text. */
export function Price({ amount, className = '' }: { amount: number; className?: string }) {
  return (
    <span dir="ltr" className={`tabular-nums ${className}`}>
      {formatPrice(amount)}
    </span>
  )
}

/**
 * What a shopper pays, and during a sale the list price struck through with the
 * percentage off (docs/decisions/025). A screen reader hears "Rs 1,999, Was Rs 2,499,
 * 20% off".
 */
export function SalePrice({
  price,
  compareAtPrice,
  className = '',
}: {
  price: number
  compareAtPrice?: number | null | undefined
  className?: string
}) {
  const { t } = useTranslation('common')
  if (compareAtPrice === null || compareAtPrice === undefined || compareAtPrice <= price)
    return <Price amount={price} className={className} />
  const percent = percentOff(price, compareAtPrice)
  return (
    <span className={`inline-flex flex-wrap items-baseline gap-x-2 ${className}`}>
      <Price amount={price} className="text-accent" />
      <s className="text-[0.85em] font-normal text-muted">
        <span className="sr-only">{t('sale.was', { price: formatPrice(compareAtPrice) })}</span>
        <span aria-hidden>
          <Price amount={compareAtPrice} />
        </span>
      </s>
      <span className="rounded bg-accent px-1.5 py-0.5 text-xs font-semibold text-white">
        <span aria-hidden dir="ltr">
          {t('sale.badge', { percent })}
        </span>
        <span className="sr-only">{t('sale.off', { percent })}</span>
      </span>
    </span>
  )
}

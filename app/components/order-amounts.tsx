import { useTranslation } from 'react-i18next'
import { Price } from '#app/components/price.tsx'

/** An order's subtotal, delivery and total, as its lines and its stored amount give them. */
export function OrderAmounts({
  items,
  amount,
  totalLabel,
}: {
  items: readonly { price: number; quantity: number }[]
  amount: number
  totalLabel: string
}) {
  const { t } = useTranslation('orders')
  const subtotal = items.reduce((sum, i) => sum + i.price * i.quantity, 0)
  return (
    <dl className="mt-3 space-y-2 text-sm">
      <div className="flex justify-between">
        <dt className="text-muted">{t('amounts.subtotal')}</dt>
        <dd>
          <Price amount={subtotal} />
        </dd>
      </div>
      <div className="flex justify-between">
        <dt className="text-muted">{t('amounts.delivery')}</dt>
        <dd>
          <Price amount={amount - subtotal} />
        </dd>
      </div>
      <div className="flex justify-between border-t border-line pt-2 font-semibold">
        <dt>{totalLabel}</dt>
        <dd>
          <Price amount={amount} />
        </dd>
      </div>
    </dl>
  )
}

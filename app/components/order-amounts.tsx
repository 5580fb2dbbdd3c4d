import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import type { Order } from '#contracts/orders.ts'
import { Price } from '#app/components/price.tsx'

/**
 * An order's subtotal, delivery, discount code (or an exchange's credit) and total, as the order
 * recorded them (docs/decisions/026, 036).
 */
export function OrderAmounts({
  order,
  totalLabel,
}: {
  order: Pick<Order, 'subtotal' | 'deliveryFee' | 'discountCode' | 'discount' | 'amount'> &
    Partial<Pick<Order, 'exchangeFor'>>
  totalLabel: string
}) {
  const { t } = useTranslation('orders')
  return (
    <dl className="mt-3 space-y-2 text-sm">
      <div className="flex justify-between">
        <dt className="text-muted">{t('amounts.subtotal')}</dt>
        <dd>
          <Price amount={order.subtotal} />
        </dd>
      </div>
      <div className="flex justify-between">
        <dt className="text-muted">{t('amounts.delivery')}</dt>
        <dd>
          <Price amount={order.deliveryFee} />
        </dd>
      </div>
      {order.discountCode !== null && (
        <div className="flex justify-between">
          <dt className="text-muted">
            {t('amounts.discount')} <bdi>({order.discountCode})</bdi>
          </dt>
          <dd dir="ltr">
            −<Price amount={order.discount} />
          </dd>
        </div>
      )}
      {/* An exchange order: what the old pieces cost is paid already (docs/decisions/036). */}
      {order.discountCode === null && order.exchangeFor && order.discount > 0 && (
        <div className="flex justify-between">
          <dt className="text-muted">{t('amounts.exchangeCredit')}</dt>
          <dd dir="ltr">
            −<Price amount={order.discount} />
          </dd>
        </div>
      )}
      <div className="flex justify-between border-t border-line pt-2 font-semibold">
        <dt>{totalLabel}</dt>
        <dd>
          <Price amount={order.amount} />
        </dd>
      </div>
    </dl>
  )
}

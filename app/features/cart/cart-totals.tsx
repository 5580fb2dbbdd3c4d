import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { formatPrice, shortOfFreeDelivery, type Delivery, type Totals } from '#contracts/pricing.ts'
import { Price } from '#app/components/price.tsx'

/**
 * Subtotal, the delivery fee, the discount code's saving and the total (docs/spec/store-spec.md
 * §9: no fee on an empty subtotal; docs/decisions/026: the fee and the free-delivery threshold
 * are the server's settings, and the cart says what is left to reach it).
 */
export function CartTotals({
  totals,
  delivery,
  code = null,
  children,
}: {
  totals: Totals
  delivery?: Delivery
  /** The applied discount code, when it takes something off. */
  code?: string | null
  children?: React.ReactNode
}) {
  const { t } = useTranslation('cart')
  const short = delivery ? shortOfFreeDelivery(totals.subtotal, delivery) : null
  return (
    <section aria-labelledby="cart-totals-title" className="rounded-2xl border border-line bg-white p-6 sm:p-7">
      <h2 id="cart-totals-title" className="text-sm font-semibold tracking-[0.2em] text-ink uppercase">
        {t('totals.title')}
      </h2>
      <dl className="mt-5 space-y-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted">{t('totals.subtotal')}</dt>
          <dd>
            <Price amount={totals.subtotal} />
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted">{t('totals.shipping')}</dt>
          <dd>
            {totals.subtotal > 0 && totals.deliveryFee === 0 ? t('totals.free') : <Price amount={totals.deliveryFee} />}
          </dd>
        </div>
        {code !== null && totals.discount > 0 && (
          <div className="flex justify-between gap-4 text-success">
            <dt>
              {t('totals.discount')} <bdi className="font-medium">({code})</bdi>
            </dt>
            {/* The minus keeps its place before the amount on an Urdu page too. */}
            <dd dir="ltr">
              −<Price amount={totals.discount} />
            </dd>
          </div>
        )}
        <div className="flex justify-between gap-4 border-t border-line pt-4 text-base font-semibold">
          <dt>{t('totals.total')}</dt>
          <dd data-testid="cart-total">
            <Price amount={totals.total} />
          </dd>
        </div>
      </dl>
      {short !== null && (
        <p className="mt-4 rounded-lg bg-sand px-3 py-2 text-sm text-ink">
          {t('totals.freeDeliveryHint', { amount: formatPrice(short) })}
        </p>
      )}
      {children}
    </section>
  )
}

import { useTranslation } from 'react-i18next'
import type { Totals } from '#contracts/pricing.ts'
import { Price } from '#app/components/price.tsx'

/** Subtotal, the delivery fee and the total (docs/spec/store-spec.md §9: no fee on an empty subtotal). */
export function CartTotals({ totals, children }: { totals: Totals; children?: React.ReactNode }) {
  const { t } = useTranslation('cart')
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
            <Price amount={totals.deliveryFee} />
          </dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-line pt-4 text-base font-semibold">
          <dt>{t('totals.total')}</dt>
          <dd>
            <Price amount={totals.total} />
          </dd>
        </div>
      </dl>
      {children}
    </section>
  )
}

import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Printer } from '#app/components/icons.tsx'
import type { Order } from '#contracts/orders.ts'
import { useHydrated } from '#app/lib/hydrated.ts'
import { Price } from '#app/components/price.tsx'
import { OrderAmounts } from '#app/components/order-amounts.tsx'

/** What to send where: the lines, the amount to collect and the address, printable as the slip. */
export function PackingSlip({ order }: { order: Order }) {
  const { t } = useTranslation('admin')
  const hydrated = useHydrated()
  const a = order.address
  return (
    <section aria-labelledby="slip-title" className="rounded-2xl border border-line bg-white p-4 sm:p-5">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="slip-title" className="font-display text-lg font-semibold text-ink">
          {t('slip.title')}
        </h2>
        {/* Printing needs the app; before it runs the browser's own Print menu does the same. */}
        {hydrated && (
          <button
            type="button"
            onClick={() => window.print()}
            className="inline-flex min-h-11 items-center gap-1.5 text-sm text-muted hover:text-ink print:hidden"
          >
            <Printer aria-hidden className="size-4" />
            {t('slip.print')}
          </button>
        )}
      </div>
      <ul className="mt-3 divide-y divide-line">
        {order.items.map((item) => (
          <li key={`${item._id}|${item.size}`} className="flex items-baseline justify-between gap-3 py-2.5 text-sm">
            <span className="min-w-0">
              {item.name}
              <span className="block text-muted">{t('slip.line', { size: item.size, quantity: item.quantity })}</span>
            </span>
            <Price amount={item.price * item.quantity} className="shrink-0" />
          </li>
        ))}
      </ul>
      <OrderAmounts order={order} totalLabel={order.payment ? t('slip.collected') : t('slip.toCollect')} />
      <address className="mt-4 border-t border-line pt-3 text-sm leading-relaxed text-ink not-italic">
        {a.firstName} {a.lastName}
        {a.phone && ` · ${a.phone}`}
        <br />
        {a.street}, {a.city}, {[a.state, a.pinCode].filter(Boolean).join(' ')}, {a.country}
      </address>
    </section>
  )
}

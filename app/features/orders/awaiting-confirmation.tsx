import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Form, Link } from '#app/lib/i18n/links.tsx'
import { orderNumber } from '#contracts/orders.ts'
import { formatOrderDate } from '#app/lib/dates.ts'
import { useLang } from '#app/lib/i18n/language.ts'
import { OrderText } from '#app/features/orders/order-text.tsx'
import { Price } from '#app/components/price.tsx'

/** Cash-on-delivery orders waiting for the shopper's confirmation: one tap each. */
export function AwaitingConfirmation({
  orders,
  hours,
}: {
  orders: { id: string; amount: number; date: number; count: number }[]
  hours: number
}) {
  const { t } = useTranslation('orders')
  const lang = useLang()
  return (
    <section
      aria-labelledby="awaiting-title"
      className="mt-6 rounded-2xl border border-accent/30 bg-accent-soft/60 p-5 sm:p-6"
    >
      <h2 id="awaiting-title" className="font-display text-lg font-semibold text-ink">
        {t('awaiting.title', { count: orders.length })}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('awaiting.text', { hours })}</p>
      <ul className="mt-4 divide-y divide-accent/15">
        {orders.map((o) => (
          <li key={o.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <p className="text-sm text-ink">
              <Link to={`/order/${o.id}`} className="font-semibold underline-offset-4 hover:underline">
                <OrderText k="awaiting.order" number={orderNumber(o.id)} />
              </Link>
              <span className="text-muted">
                {' '}
                · {t('awaiting.items', { count: o.count })} · <Price amount={o.amount} /> ·{' '}
                {formatOrderDate(o.date, lang)}
              </span>
            </p>
            <div className="flex items-center gap-2">
              <Form method="post" action={`/order/${o.id}`}>
                <button
                  type="submit"
                  name="intent"
                  value="confirm"
                  aria-label={t('awaiting.confirmLabel', { number: orderNumber(o.id) })}
                  className="btn-primary min-h-11 px-5"
                >
                  {t('awaiting.confirm')}
                </button>
              </Form>
              <Link
                to={`/order/${o.id}?cancel`}
                aria-label={t('awaiting.cancelLabel', { number: orderNumber(o.id) })}
                className="inline-flex min-h-11 items-center rounded-full px-3 text-sm font-semibold text-danger underline-offset-4 hover:underline"
              >
                {t('awaiting.cancel')}
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}

import { Form, useNavigation } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { CircleAlert, MessageCircle } from '#app/components/icons.tsx'
import type { OrderStatus } from '#contracts/order-status.ts'
import { COURIERS } from '#contracts/couriers.ts'
import { RETURN_REASONS } from '#contracts/shipping.ts'
import { statusKey } from '#app/features/admin/console-text.ts'

/**
 * An order's next step: the status table's legal moves as plain forms, Shipped with its
 * courier (from the list of contracts/couriers.ts) and tracking number, the confirmation chat
 * while the order awaits it, and the tracking link's chat once it is on its way (only when
 * its courier has a tracking page: Other has none, contracts/couriers.ts).
 */
export function OrderMoves({
  status,
  nextStatuses,
  whatsappUrl,
  trackingUrl,
  message,
}: {
  status: OrderStatus
  nextStatuses: OrderStatus[]
  whatsappUrl: string
  trackingUrl: string | null
  message: string | undefined
}) {
  const { t } = useTranslation('admin')
  const busy = useNavigation().state === 'submitting'
  // Shipped asks for its courier, Returned for why it came back (the dashboard counts the reasons).
  const plain = nextStatuses.filter((s) => s !== 'Shipped' && s !== 'Returned')
  if (nextStatuses.length === 0) return null
  return (
    <section aria-labelledby="moves-title" className="rounded-2xl border border-line bg-white p-4 sm:p-5 print:hidden">
      <h2 id="moves-title" className="font-display text-lg font-semibold text-ink">
        {t('moves.title')}
      </h2>
      {(status === 'Order Placed' || ((status === 'Shipped' || status === 'Out for delivery') && trackingUrl)) && (
        <a
          href={whatsappUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-3 inline-flex min-h-11 items-center gap-2 rounded-full bg-[#1f7a4d] px-5 text-sm font-semibold text-white hover:bg-[#17603c]"
        >
          <MessageCircle aria-hidden className="size-4" />
          {status === 'Order Placed' ? t('moves.whatsapp') : t('moves.whatsappTracking')}
        </a>
      )}
      {message && (
        <p role="alert" className="mt-3 flex items-center gap-2 text-sm font-medium text-danger">
          <CircleAlert aria-hidden className="size-4 shrink-0" />
          {message}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {plain.map((to) => (
          <Form method="post" key={to}>
            <input type="hidden" name="to" value={to} />
            <button
              type="submit"
              disabled={busy}
              className={
                to === 'Cancelled'
                  ? 'inline-flex min-h-11 items-center rounded-full border border-danger px-5 text-sm font-semibold text-danger hover:bg-red-50'
                  : 'btn-primary'
              }
            >
              {t(`moves.${statusKey[to]}`)}
            </button>
          </Form>
        ))}
      </div>
      {nextStatuses.includes('Returned') && (
        <Form
          method="post"
          className="mt-4 grid gap-3 rounded-xl border border-line p-4 sm:grid-cols-[1fr_auto] sm:items-end"
        >
          <input type="hidden" name="to" value="Returned" />
          <label className="block">
            <span className="field-label">{t('moves.returnReason')}</span>
            <select name="note" required defaultValue={RETURN_REASONS[0]} className="field-input">
              {RETURN_REASONS.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </label>
          <button
            type="submit"
            disabled={busy}
            className="inline-flex min-h-11 items-center rounded-full border border-danger px-5 text-sm font-semibold text-danger hover:bg-red-50"
          >
            {t('moves.returned')}
          </button>
        </Form>
      )}
      {nextStatuses.includes('Shipped') && (
        <Form
          method="post"
          className="mt-4 grid gap-3 rounded-xl border border-line p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        >
          <input type="hidden" name="to" value="Shipped" />
          <label className="block">
            <span className="field-label">{t('moves.courier')}</span>
            <select name="courier" required defaultValue="" className="field-input">
              <option value="" disabled>
                {t('moves.courierPlaceholder')}
              </option>
              {COURIERS.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
          <label className="block">
            <span className="field-label">{t('moves.trackingNumber')}</span>
            <input name="trackingNumber" required maxLength={60} className="field-input" />
          </label>
          <button type="submit" disabled={busy} className="btn-primary">
            {t('moves.shipped')}
          </button>
        </Form>
      )}
    </section>
  )
}

import { Form, useNavigation } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { CircleAlert, CircleCheck, Download } from '#app/components/icons.tsx'
import { COURIERS } from '#contracts/couriers.ts'

/** The booking file's form: the orders ticked in the list below join it with `form="booking"`. */
export const BOOKING_FORM = 'booking'

/** What the bulk shipping form answers, for the page to show. */
export type BulkShipAnswer =
  | { ok: true; shipped: string[]; failed: { number: string; message: string }[] }
  | { ok: false; message: string; courier: string; list: string }

/**
 * The Packing tab's work with a courier (README, "Booking with a courier"): download the
 * orders as the courier's bulk-booking file (the ticked ones, or all), then paste or upload
 * what the portal answers (order number, tracking number) to mark them Shipped. Plain forms:
 * the download is a GET of the console's API, the list a multipart post to the page.
 */
export function CourierBooking({ answer }: { answer: BulkShipAnswer | undefined }) {
  const { t } = useTranslation('admin')
  const busy = useNavigation().state === 'submitting'
  const failed = answer?.ok === false ? answer : undefined
  return (
    <section aria-labelledby="booking-title" className="mt-5 grid gap-4 lg:grid-cols-2">
      <h2 id="booking-title" className="sr-only">
        {t('booking.title')}
      </h2>
      <Form
        id={BOOKING_FORM}
        method="get"
        action="/api/admin/orders/export"
        reloadDocument
        className="rounded-2xl border border-line bg-white p-4"
      >
        <h3 className="font-display text-base font-semibold text-ink">{t('booking.exportTitle')}</h3>
        <p className="mt-1 text-sm text-muted">{t('booking.exportText')}</p>
        <input type="hidden" name="status" value="Packing" />
        <div className="mt-3 flex flex-wrap gap-2">
          {(['postex', 'leopards'] as const).map((layout) => (
            <button
              key={layout}
              type="submit"
              name="layout"
              value={layout}
              className="inline-flex min-h-11 items-center gap-2 rounded-full border border-ink px-4 text-sm font-semibold text-ink hover:bg-ink hover:text-white"
            >
              <Download aria-hidden className="size-4" />
              {t(`booking.${layout}`)}
            </button>
          ))}
        </div>
      </Form>
      {/* Drawn afresh once a list is shipped, so the form is empty for the next one. */}
      <Form
        key={answer?.ok ? answer.shipped.join() : 'ship'}
        method="post"
        encType="multipart/form-data"
        className="rounded-2xl border border-line bg-white p-4"
      >
        <h3 className="font-display text-base font-semibold text-ink">{t('booking.shipTitle')}</h3>
        <p id="ship-list-hint" className="mt-1 text-sm text-muted">
          {t('booking.shipText')}
        </p>
        {answer?.ok === true && (
          <p role="status" className="mt-3 flex items-start gap-2 text-sm font-medium text-success">
            <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t('booking.shipped', { count: answer.shipped.length })}
            {answer.failed.map((f) => ` ${f.number}: ${f.message}.`).join('')}
          </p>
        )}
        {failed && (
          <p role="alert" className="mt-3 flex items-start gap-2 text-sm font-medium text-danger">
            <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            {failed.message}
          </p>
        )}
        <label className="mt-3 block">
          <span className="field-label">{t('moves.courier')}</span>
          <select name="courier" required defaultValue={failed?.courier ?? ''} className="field-input">
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
        <label className="mt-3 block">
          <span className="field-label">{t('booking.list')}</span>
          <textarea
            name="list"
            rows={4}
            defaultValue={failed?.list ?? ''}
            aria-describedby="ship-list-hint"
            placeholder={'#1A2B3C4D, LE-7781234\n#5E6F7A8B, LE-7781235'}
            className="field-input font-mono"
          />
        </label>
        <label className="mt-3 block">
          <span className="field-label">{t('booking.file')}</span>
          <input type="file" name="file" accept=".csv,.txt,text/csv,text/plain" className="mt-1 block w-full text-sm" />
        </label>
        <button type="submit" disabled={busy} className="btn-primary mt-4">
          {t('booking.ship')}
        </button>
      </Form>
    </section>
  )
}

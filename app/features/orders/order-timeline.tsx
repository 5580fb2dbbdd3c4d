import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { ArrowLeftRight, Check, PackageCheck, Truck, Undo2, X } from '#app/components/icons.tsx'
import type { RequestStep } from '#contracts/requests.ts'
import type { Order } from '#contracts/orders.ts'
import type { OrderStatus } from '#contracts/order-status.ts'
import { formatOrderDate, formatOrderTime } from '#app/lib/dates.ts'
import { useLang } from '#app/lib/i18n/language.ts'
import { orderMessage, statusName } from '#app/features/orders/order-labels.ts'
import { CourierLink } from '#app/features/orders/courier-link.tsx'

/** The road an order travels when all goes well. */
const road = [
  { status: 'Order Placed', label: 'timeline.placed' },
  { status: 'Confirmed', label: 'timeline.confirmed' },
  { status: 'Packing', label: 'timeline.packing' },
  { status: 'Shipped', label: 'timeline.shipped' },
  { status: 'Out for delivery', label: 'timeline.outForDelivery' },
  { status: 'Delivered', label: 'timeline.delivered' },
] as const satisfies readonly { status: OrderStatus; label: string }[]

/**
 * Where the order is (docs/spec/rulings.md #15): each step of the road with when it was
 * reached, the courier, tracking number and the courier's tracking page once shipped, and a Cancelled or Returned
 * order's last step in place of the rest, then the steps of an exchange or return asked for
 * after delivery (docs/decisions/036), each with its pieces or the store's note. An ordered list, so a screen reader reads it
 * as steps; reached steps say so in words, not only in colour.
 */
export function OrderTimeline({
  order,
}: {
  order: Pick<Order, 'status' | 'events' | 'courier' | 'trackingNumber' | 'trackingUrl'>
}) {
  const { t } = useTranslation('orders')
  const lang = useLang()
  // A request's steps leave the status as it was: they follow the road, not mark it.
  const moves = order.events.filter((e) => !e.request)
  const asked = order.events.filter((e) => e.request)
  const reached = new Map(moves.map((e) => [e.to, e]))
  const ended = order.status === 'Cancelled' || order.status === 'Returned' ? order.status : null
  const endEvent = ended ? reached.get(ended) : undefined
  // A cancelled order shows the steps it reached, then the cancellation.
  const steps = ended ? road.filter((s) => reached.has(s.status)) : [...road]
  const current = order.status

  return (
    <ol className="relative space-y-0" aria-label={t('timeline.label')}>
      {steps.map((step, i) => {
        const event = reached.get(step.status)
        const done = Boolean(event)
        const last = i === steps.length - 1 && !ended && asked.length === 0
        return (
          <li key={step.status} className="relative flex gap-4 pb-6 last:pb-0">
            {!last && (
              <span
                aria-hidden
                className={`absolute top-8 bottom-0 start-[15px] w-0.5 ${done ? 'bg-ink' : 'bg-line'}`}
              />
            )}
            <span
              aria-hidden
              className={`relative grid size-8 shrink-0 place-items-center rounded-full border-2 ${
                done ? 'border-ink bg-ink text-white' : 'border-line bg-white text-muted'
              } ${step.status === current ? 'ring-4 ring-accent/25' : ''}`}
            >
              {step.status === 'Shipped' ? (
                <Truck className="size-4" />
              ) : step.status === 'Delivered' ? (
                <PackageCheck className="size-4" />
              ) : done ? (
                <Check className="size-4" />
              ) : null}
            </span>
            <div className="min-w-0 pt-1">
              <p className={`text-sm font-semibold ${done ? 'text-ink' : 'text-muted'}`}>
                {t(step.label)}
                <span className="sr-only">{done ? t('timeline.done') : t('timeline.notYet')}</span>
                {step.status === current && !ended && <span className="sr-only">{t('timeline.current')}</span>}
              </p>
              {event && (
                <p className="text-xs text-muted">
                  <time dateTime={new Date(event.at).toISOString()}>
                    {t('timeline.when', {
                      date: formatOrderDate(event.at, lang),
                      time: formatOrderTime(event.at, lang),
                    })}
                  </time>
                </p>
              )}
              {step.status === 'Shipped' && done && order.courier && (
                <p className="mt-1 text-sm text-ink">
                  {order.courier} · {t('timeline.tracking')}{' '}
                  <span dir="ltr" className="font-mono font-semibold tracking-wide">
                    {order.trackingNumber}
                  </span>
                </p>
              )}
              {step.status === 'Shipped' && done && order.courier && order.trackingUrl && (
                <CourierLink courier={order.courier} url={order.trackingUrl} />
              )}
            </div>
          </li>
        )
      })}
      {ended && (
        <li className="relative flex gap-4">
          <span
            aria-hidden
            className="grid size-8 shrink-0 place-items-center rounded-full border-2 border-danger bg-danger text-white"
          >
            {ended === 'Returned' ? <Undo2 className="size-4" /> : <X className="size-4" />}
          </span>
          <div className="min-w-0 pt-1">
            <p className="text-sm font-semibold text-danger">
              {statusName(t, ended)}
              <span className="sr-only">{t('timeline.final')}</span>
            </p>
            {endEvent && (
              <p className="text-xs text-muted">
                <time dateTime={new Date(endEvent.at).toISOString()}>
                  {t('timeline.when', {
                    date: formatOrderDate(endEvent.at, lang),
                    time: formatOrderTime(endEvent.at, lang),
                  })}
                </time>
                {endEvent.by === 'shopper' ? t('timeline.byYou') : ''}
              </p>
            )}
            {/* The store's own processes say why (an order not confirmed in time: docs/decisions/017). */}
            {endEvent?.by === 'system' && endEvent.note && (
              <p className="mt-1 text-sm text-ink">{orderMessage(t, endEvent.note)}</p>
            )}
          </div>
        </li>
      )}
      {asked.map((event, i) => (
        <li key={`${event.at}-${i}`} className="relative flex gap-4 pt-6">
          <span
            aria-hidden
            className="grid size-8 shrink-0 place-items-center rounded-full border-2 border-accent bg-white text-accent"
          >
            <StepIcon step={event.request!} />
          </span>
          <div className="min-w-0 pt-1">
            <p className="text-sm font-semibold text-ink">{t(`timeline.request.${event.request!}`)}</p>
            <p className="text-xs text-muted">
              <time dateTime={new Date(event.at).toISOString()}>
                {t('timeline.when', { date: formatOrderDate(event.at, lang), time: formatOrderTime(event.at, lang) })}
              </time>
              {event.by === 'shopper' ? t('timeline.byYou') : ''}
            </p>
            {event.note && (
              <p className="mt-1 text-sm text-ink" dir="auto">
                {event.note}
              </p>
            )}
          </div>
        </li>
      ))}
    </ol>
  )
}

/** A request's step, drawn: what was asked, the store's answer, the pieces back. */
function StepIcon({ step }: { step: RequestStep }) {
  const Icon = {
    'exchange-requested': ArrowLeftRight,
    'return-requested': Undo2,
    approved: Check,
    declined: X,
    received: PackageCheck,
  }[step]
  return <Icon className="size-4" />
}

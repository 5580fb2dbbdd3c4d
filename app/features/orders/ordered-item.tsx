import { useId } from 'react'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Link } from '#app/lib/i18n/links.tsx'
import { formatOrderDate } from '#app/lib/dates.ts'
import { useLang } from '#app/lib/i18n/language.ts'
import { Price } from '#app/components/price.tsx'
import { ProductImage } from '#app/components/product-image.tsx'
import { orderNumber } from '#contracts/orders.ts'
import { paymentMethodName, statusTone, type OrderedItem, type StatusTone } from '#app/features/orders/my-orders.ts'
import { statusName } from '#app/features/orders/order-labels.ts'
import { OrderText } from '#app/features/orders/order-text.tsx'
import { CourierLink } from '#app/features/orders/courier-link.tsx'

const dotColour: Record<StatusTone, string> = {
  placed: 'bg-amber-500',
  moving: 'bg-sky-600',
  delivered: 'bg-green-600',
  cancelled: 'bg-red-600',
}

/** One ordered item of My Orders (docs/spec/store-spec.md §2): what, how many, when, how paid, where it is. */
export function OrderedItemRow({
  item,
  tracking,
  onTrack,
}: {
  item: OrderedItem
  tracking: boolean
  onTrack: () => void
}) {
  const { t } = useTranslation('orders')
  const lang = useLang()
  const href = `/productdetail/${item._id}`
  const nameId = useId()
  return (
    <li className="grid grid-cols-[80px_minmax(0,1fr)] gap-x-4 gap-y-4 py-6 sm:grid-cols-[96px_minmax(0,1fr)_auto] sm:items-center sm:gap-x-6">
      <div className="row-span-2 self-start overflow-hidden rounded-lg bg-sand sm:row-span-1">
        <Link to={href} tabIndex={-1} aria-hidden>
          <ProductImage src={item.image} alt="" sizes="96px" />
        </Link>
      </div>
      <div className="min-w-0">
        <h2 id={nameId} className="font-sans text-sm leading-snug font-medium text-ink sm:text-base">
          {/* The catalog's names keep their own direction on an Urdu page (docs/decisions/022). */}
          <Link to={href} dir="auto" className="hover:text-accent">
            {item.name}
          </Link>
        </h2>
        <p className="mt-1 text-sm font-semibold">
          <Price amount={item.price} />
        </p>
        <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
          <div className="flex gap-1">
            <dt>{t('item.quantity')}</dt>
            <dd className="text-ink">{item.quantity}</dd>
          </div>
          <div className="flex gap-1">
            <dt>{t('item.size')}</dt>
            <dd className="text-ink">{item.size}</dd>
          </div>
          <div className="flex gap-1">
            <dt>{t('item.date')}</dt>
            <dd className="text-ink">{formatOrderDate(item.date, lang)}</dd>
          </div>
          <div className="flex gap-1">
            <dt>{t('item.payment')}</dt>
            <dd className="text-ink">{paymentMethodName(item.paymentMethod, t)}</dd>
          </div>
          {item.discountCode !== null && (
            <div className="flex gap-1">
              <dt>{t('item.discountCode')}</dt>
              <dd className="text-ink">
                <bdi>{item.discountCode}</bdi>{' '}
                <bdi dir="ltr">
                  (−
                  <Price amount={item.discount} />)
                </bdi>
              </dd>
            </div>
          )}
          {item.request && (
            <div className="flex gap-1">
              <dt>{t('item.request')}</dt>
              <dd className="text-ink">{t(`item.requests.${item.request.kind}.${item.request.status}`)}</dd>
            </div>
          )}
        </dl>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 sm:flex-col sm:items-end sm:justify-center">
        <p className="flex items-center gap-2 text-sm font-medium">
          <span aria-hidden className={`size-2.5 rounded-full ${dotColour[statusTone(item.status)]}`} />
          {statusName(t, item.status)}
        </p>
        <Link
          to={`/order/${item.orderId}`}
          aria-describedby={nameId}
          className="text-sm text-muted underline underline-offset-4 hover:text-ink"
        >
          <OrderText k="item.order" number={orderNumber(item.orderId)} />
        </Link>
        <button
          type="button"
          onClick={onTrack}
          disabled={tracking}
          aria-busy={tracking}
          aria-describedby={nameId}
          className="inline-flex min-h-11 items-center justify-center rounded-full border border-ink px-5 text-sm font-semibold text-ink transition-colors hover:bg-ink hover:text-white disabled:cursor-wait disabled:opacity-60"
        >
          {tracking ? t('item.updating') : t('item.track')}
        </button>
        {item.courier && item.trackingUrl && (
          <CourierLink courier={item.courier} url={item.trackingUrl} className="basis-full sm:basis-auto" />
        )}
      </div>
    </li>
  )
}

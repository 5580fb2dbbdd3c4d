import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { ArrowLeftRight, Undo2 } from '#app/components/icons.tsx'
import { Link } from '#app/lib/i18n/links.tsx'
import { formatPrice } from '#contracts/pricing.ts'
import { orderNumber } from '#contracts/orders.ts'
import type { OrderRequest } from '#contracts/requests.ts'

/**
 * Where the order's exchange or return stands (docs/decisions/036): its pieces, the store's
 * answer and note, the exchange's new order, a return's money sent back.
 */
export function RequestCard({ request }: { request: OrderRequest }) {
  const { t } = useTranslation('orders')
  const Icon = request.kind === 'exchange' ? ArrowLeftRight : Undo2
  const status =
    request.status === 'approved' || request.status === 'received'
      ? t(`request.state.${request.status}.${request.kind}`, {
          amount: formatPrice(request.refundAmount),
          method: request.refundMethod ? t(`request.refunds.${request.refundMethod}`) : '',
          reference: request.refundReference ?? '',
        })
      : t(`request.state.${request.status}`)
  return (
    <section aria-labelledby="request-card-title" className="rounded-2xl border border-line bg-sand/60 p-5 sm:p-6">
      <h2 id="request-card-title" className="flex items-center gap-2 font-display text-lg font-semibold text-ink">
        <Icon aria-hidden className="size-5 text-accent" />
        {t(`request.cardTitle.${request.kind}`)}
      </h2>
      <p className="mt-1 text-sm font-medium text-ink">{status}</p>
      <ul className="mt-3 space-y-1 text-sm text-ink">
        {request.items.map((item) => (
          <li key={`${item._id}|${item.size}`}>
            <bdi>{item.name}</bdi>
            {' · '}
            {item.newSize
              ? t('request.itemExchange', {
                  size: isolate(item.size),
                  newSize: isolate(item.newSize),
                  quantity: item.quantity,
                })
              : t('request.itemReturn', { size: isolate(item.size), quantity: item.quantity })}
          </li>
        ))}
      </ul>
      {request.decisionNote && (
        <p className="mt-3 text-sm text-ink">
          {t('request.storeNote')} <bdi>{request.decisionNote}</bdi>
        </p>
      )}
      {request.exchangeOrderId && (
        <Link
          to={`/order/${request.exchangeOrderId}`}
          className="mt-3 inline-flex min-h-11 items-center text-sm font-semibold text-accent underline underline-offset-4"
        >
          {t('request.seeExchange', { number: isolate(orderNumber(request.exchangeOrderId)) })}
        </Link>
      )}
    </section>
  )
}

/** An exchange order's line to its original. */
export function ExchangeFor({ orderId }: { orderId: string }) {
  const { t } = useTranslation('orders')
  return (
    <p className="mt-5 flex items-center gap-2 text-sm text-ink">
      <ArrowLeftRight aria-hidden className="size-4 shrink-0 text-accent" />
      <Link to={`/order/${orderId}`} className="font-medium underline underline-offset-4">
        {t('request.exchangeFor', { number: isolate(orderNumber(orderId)) })}
      </Link>
    </p>
  )
}

/** A size ("2-3Y") or an order number kept in its own direction inside a sentence of either language. */
const isolate = (text: string) => `\u2068${text}\u2069`

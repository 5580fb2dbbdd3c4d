import { useNavigation } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Form, Link } from '#app/lib/i18n/links.tsx'
import { ArrowLeft, CircleAlert, CircleCheck } from '#app/components/icons.tsx'
import type { Route } from './+types/order.$orderId'
import { shopperMoves } from '#contracts/order-status.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { requireUser } from '#app/lib/auth.server.ts'
import { attempt, notFound } from '#app/lib/service-result.server.ts'
import { formValues } from '#app/lib/forms.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'
import { tFor } from '#app/lib/i18n/i18n.ts'
import { redirectIn, useLang } from '#app/lib/i18n/language.ts'
import { langOfPath } from '#contracts/languages.ts'
import { formatOrderDate } from '#app/lib/dates.ts'
import { Price } from '#app/components/price.tsx'
import { OrderAmounts } from '#app/components/order-amounts.tsx'
import { ProductImage } from '#app/components/product-image.tsx'
import { OrderTimeline } from '#app/features/orders/order-timeline.tsx'
import { orderNumber } from '#contracts/orders.ts'
import { paymentMethodName } from '#app/features/orders/my-orders.ts'
import { orderMessage, statusName } from '#app/features/orders/order-labels.ts'
import { OrderText } from '#app/features/orders/order-text.tsx'
import { RequestForm, RequestSent, type RequestResult } from '#app/features/orders/request-form.tsx'
import { ExchangeFor, RequestCard } from '#app/features/orders/request-card.tsx'
import { requestAction } from '#app/features/orders/request.server.ts'

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const t = tFor(langOfPath(location.pathname))
  const number = loaderData ? orderNumber(loaderData.order._id) : t('meta.order.unknown', { ns: 'orders' })
  return privatePageMeta({
    title: t('meta.order.title', { ns: 'orders', number }),
    description: t('meta.order.description', { ns: 'orders' }),
    origin: rootOrigin(matches),
  })
}

/** Signed-in only: the shopper's own order; anyone else's is not found. */
export async function loader({ context, url, params }: Route.LoaderArgs) {
  const user = requireUser(context, url)
  const { services } = context.get(appContext)
  const order = await services.orders.get(user._id, params.orderId)
  if (!order) notFound('Order not found')
  const done = url.searchParams.get('done')
  // A Delivered order within RETURN_DAYS offers its exchange or return form (docs/decisions/036).
  const requestOptions = order.status === 'Delivered' ? await services.orders.requestOptions(user._id, order._id) : null
  return {
    order,
    requestOptions,
    // Delivered: a signed review link for each product (docs/decisions/035).
    reviewLinks: await services.orders.reviewLinksFor(user._id, order),
    askingToCancel: url.searchParams.has('cancel'),
    done: done === 'confirm' || done === 'cancel' || done === 'request' ? done : null,
  }
}

/**
 * 'Confirm order' and 'Yes, cancel order' are plain forms posting here, so they work
 * before the app's scripts run; the answer is a fresh page (a reload never posts again).
 */
export async function action({ context, url, params, request }: Route.ActionArgs) {
  const user = requireUser(context, url)
  const { services } = context.get(appContext)
  const form = await request.formData()
  const { intent } = formValues(form, ['intent'])
  if (intent === 'request') {
    const order = await services.orders.get(user._id, params.orderId)
    if (!order) notFound('Order not found')
    const result: RequestResult = await requestAction(context, user._id, order, form)
    if ('requestSent' in result) return redirectIn(request, `/order/${params.orderId}?done=request`)
    return { request: result }
  }
  const run =
    intent === 'confirm'
      ? () => services.orders.confirm(user._id, params.orderId)
      : intent === 'cancel'
        ? () => services.orders.cancel(user._id, params.orderId)
        : null
  if (!run) return redirectIn(request, `/order/${params.orderId}`)
  const result = await attempt(context, run, {
    fallback: 'The order could not be changed. Please try again.',
    what: `order ${intent}`,
  })
  if (!result.ok) return { message: result.message, request: undefined }
  return redirectIn(request, `/order/${params.orderId}?done=${intent}`)
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('orders')
  const lang = useLang()
  const { order, askingToCancel, done, requestOptions, reviewLinks } = loaderData
  const requestResult = actionData && 'request' in actionData ? actionData.request : undefined
  const message = actionData && 'message' in actionData ? actionData.message : undefined
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const moves = shopperMoves(order.status)
  const canConfirm = moves.includes('Confirmed')
  const canCancel = moves.includes('Cancelled')
  const a = order.address

  return (
    <main id="main" className="container-page py-10 sm:py-14">
      <Link to="/order" className="inline-flex items-center gap-1.5 text-sm text-muted hover:text-ink">
        <ArrowLeft aria-hidden className="size-4 rtl:-scale-x-100" />
        {t('order.back')}
      </Link>
      <div className="mt-3 flex flex-wrap items-baseline justify-between gap-3 border-b border-line pb-5">
        <h1 className="section-title">
          <OrderText k="order.title" number={orderNumber(order._id)} />
        </h1>
        <p className="text-sm text-muted">
          {t('order.placed', {
            date: formatOrderDate(order.date, lang),
            method: paymentMethodName(order.paymentMethod, t),
          })}
        </p>
      </div>

      {message && (
        <p role="alert" className="mt-5 flex items-center gap-2 text-sm font-medium text-danger">
          <CircleAlert aria-hidden className="size-4 shrink-0" />
          {orderMessage(t, message)}
        </p>
      )}
      {order.exchangeFor && <ExchangeFor orderId={order.exchangeFor} />}
      {!actionData && done === 'request' && <RequestSent />}
      {!actionData && done && done !== 'request' && (
        <p role="status" className="mt-5 flex items-center gap-2 text-sm font-medium text-success">
          <CircleCheck aria-hidden className="size-4 shrink-0" />
          {done === 'confirm' ? t('order.confirmed') : t('order.cancelled')}
        </p>
      )}

      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_360px] lg:gap-14">
        <div className="space-y-10">
          {(canConfirm || canCancel) && (
            <section aria-labelledby="actions-title" className="rounded-2xl border border-line bg-sand/60 p-5 sm:p-6">
              <h2 id="actions-title" className="font-display text-lg font-semibold text-ink">
                {canConfirm ? t('order.confirmTitle') : t('order.changeTitle')}
              </h2>
              <p className="mt-1 text-sm text-muted">{canConfirm ? t('order.confirmText') : t('order.cancelText')}</p>
              {askingToCancel && canCancel ? (
                <div className="mt-4 rounded-xl border border-danger/30 bg-white p-4">
                  <p className="text-sm font-medium text-ink" id="cancel-question">
                    <OrderText k="order.cancelQuestion" number={orderNumber(order._id)} />
                  </p>
                  <div className="mt-3 flex flex-wrap gap-3">
                    <Form method="post" replace>
                      <button
                        type="submit"
                        name="intent"
                        value="cancel"
                        disabled={busy}
                        aria-describedby="cancel-question"
                        className="inline-flex min-h-11 items-center justify-center rounded-full bg-danger px-5 text-sm font-semibold text-white transition-colors hover:bg-red-800 disabled:opacity-60"
                      >
                        {t('order.yesCancel')}
                      </button>
                    </Form>
                    <Link
                      to={`/order/${order._id}`}
                      replace
                      preventScrollReset
                      className="inline-flex min-h-11 items-center justify-center rounded-full border border-ink px-5 text-sm font-semibold text-ink hover:bg-ink hover:text-white"
                    >
                      {t('order.keep')}
                    </Link>
                  </div>
                </div>
              ) : (
                <div className="mt-4 flex flex-wrap items-center gap-3">
                  {canConfirm && (
                    <Form method="post" replace>
                      <button type="submit" name="intent" value="confirm" disabled={busy} className="btn-primary">
                        {t('order.confirm')}
                      </button>
                    </Form>
                  )}
                  {canCancel && (
                    <Link
                      to={`/order/${order._id}?cancel`}
                      replace
                      preventScrollReset
                      className="inline-flex min-h-11 items-center justify-center rounded-full px-4 text-sm font-semibold text-danger underline-offset-4 hover:underline"
                    >
                      {t('order.cancel')}
                    </Link>
                  )}
                </div>
              )}
            </section>
          )}

          {order.request && <RequestCard request={order.request} />}
          {requestOptions && <RequestForm order={order} options={requestOptions} result={requestResult} />}

          <section aria-labelledby="progress-title">
            <h2 id="progress-title" className="mb-4 font-display text-lg font-semibold text-ink">
              {t('order.status', { status: statusName(t, order.status) })}
            </h2>
            <OrderTimeline order={order} />
          </section>

          <section aria-labelledby="items-title">
            <h2 id="items-title" className="mb-2 font-display text-lg font-semibold text-ink">
              {t('order.items')}
            </h2>
            <ul className="divide-y divide-line">
              {order.items.map((item) => (
                <li key={`${item._id}|${item.size}`} className="flex gap-4 py-4">
                  <div className="w-16 shrink-0 overflow-hidden rounded-lg bg-sand">
                    <ProductImage src={item.image} alt="" sizes="64px" />
                  </div>
                  <div className="min-w-0 flex-1">
                    <p className="text-sm font-medium text-ink">
                      <Link to={`/productdetail/${item._id}`} dir="auto" className="hover:text-accent">
                        {item.name}
                      </Link>
                    </p>
                    <p className="mt-1 text-sm text-muted">
                      {t('order.line', { size: item.size, quantity: item.quantity })}
                    </p>
                    {/* Delivered: the buyer may review the piece, through its signed link. */}
                    {reviewLinks[item._id] && (
                      <Link
                        to={reviewLinks[item._id]!}
                        className="mt-1 inline-flex min-h-11 items-center text-sm font-medium text-accent underline underline-offset-4"
                      >
                        {t('order.review')}
                        <span className="sr-only"> {item.name}</span>
                      </Link>
                    )}
                  </div>
                  <Price amount={item.price * item.quantity} className="text-sm font-semibold" />
                </li>
              ))}
            </ul>
          </section>
        </div>

        <aside className="space-y-6 lg:pt-1">
          <section aria-labelledby="total-title" className="rounded-2xl border border-line p-5">
            <h2 id="total-title" className="font-display text-lg font-semibold text-ink">
              {order.payment ? t('order.paid') : t('order.toPay')}
            </h2>
            <OrderAmounts order={order} totalLabel={t('order.total')} />
          </section>
          <section aria-labelledby="address-title" className="rounded-2xl border border-line p-5">
            <h2 id="address-title" className="font-display text-lg font-semibold text-ink">
              {t('order.address')}
            </h2>
            <address className="mt-3 text-sm leading-relaxed text-ink not-italic">
              {/* What the shopper typed, line by line in its own direction (docs/decisions/022). */}
              <bdi>
                {a.firstName} {a.lastName}
              </bdi>
              <br />
              <bdi>{a.street}</bdi>
              <br />
              <bdi>
                {a.city}, {a.state} {a.pinCode}
              </bdi>
              <br />
              <bdi>{a.country}</bdi>
              <br />
              <bdi dir="ltr">{a.phone}</bdi>
            </address>
          </section>
        </aside>
      </div>
    </main>
  )
}

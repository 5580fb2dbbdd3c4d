import { Link, redirect } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { ArrowLeft, TriangleAlert } from '#app/components/icons.tsx'
import type { Route } from './+types/orders.$orderId'
import { adminStatusMoveSchema } from '#contracts/admin.ts'
import { orderNumber } from '#contracts/orders.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { requireAdmin } from '#app/lib/auth.server.ts'
import { attempt, orNotFound } from '#app/lib/service-result.server.ts'
import { formValues, parseForm } from '#app/lib/forms.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'
import { formatOrderDate } from '#app/lib/dates.ts'
import { OrderTimeline } from '#app/features/orders/order-timeline.tsx'
import { OrderAudit } from '#app/features/admin/order-audit.tsx'
import { OrderCustomer } from '#app/features/admin/order-customer.tsx'
import { OrderMoves } from '#app/features/admin/order-moves.tsx'
import { PackingSlip } from '#app/features/admin/packing-slip.tsx'
import { consoleT, statusText } from '#app/features/admin/console-text.ts'

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const t = consoleT(location.pathname)
  const number = loaderData ? orderNumber(loaderData.detail.order._id) : ''
  return privatePageMeta({
    title: t('order.meta.title', { number }),
    description: t('order.meta.description'),
    origin: rootOrigin(matches),
  })
}

export async function loader({ context, url, params }: Route.LoaderArgs) {
  requireAdmin(context, url)
  const { services } = context.get(appContext)
  return { detail: orNotFound(await attempt(context, () => services.admin.order(params.orderId))) }
}

/** A status move, as a plain form: the table's legal moves only, Shipped with courier and tracking number. */
export async function action({ context, url, params, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, url)
  const { services } = context.get(appContext)
  const values = formValues(await request.formData(), ['to', 'courier', 'trackingNumber', 'note'])
  const input = parseForm(
    adminStatusMoveSchema,
    Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== '')),
  )
  if (!input.success) return { message: input.message, to: values.to }
  const moved = await attempt(context, () => services.admin.moveOrder(params.orderId, input.data, admin), {
    fallback: consoleT(url.pathname)('order.moveFailed'),
    what: 'order move',
  })
  if (!moved.ok) return { message: moved.message, to: values.to }
  return redirect(`/admin/orders/${params.orderId}`)
}

/** One order: what to send where, who the customer is, the confirmation chat and the next moves. */
export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, customer, pastOrders, returned, nextStatuses, whatsapp, audit, attention } = loaderData.detail
  const number = orderNumber(order._id)
  const { t } = useTranslation('admin')

  return (
    <main id="main" className="container-page py-8 sm:py-10">
      <Link
        to="/admin/orders"
        className="inline-flex min-h-11 items-center gap-1.5 text-sm text-muted hover:text-ink print:hidden"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t('order.back')}
      </Link>
      <div className="flex flex-wrap items-baseline justify-between gap-3 border-b border-line pb-4">
        <h1 className="section-title">{t('order.title', { number })}</h1>
        <p className="text-sm text-muted">
          {t('order.placed', { status: statusText(t, order.status), date: formatOrderDate(order.date) })}
        </p>
      </div>

      {attention.length > 0 && (order.status === 'Order Placed' || order.status === 'Confirmed') && (
        <p
          role="note"
          className="mt-5 flex items-start gap-2 rounded-xl border border-danger/30 bg-red-50 p-3 text-sm font-medium text-danger print:hidden"
        >
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t('order.attention', { reasons: attention.join('; ') })}
        </p>
      )}
      {returned > 0 && (
        <p
          role="note"
          className="mt-5 flex items-start gap-2 rounded-xl border border-danger/30 bg-red-50 p-3 text-sm text-danger print:hidden"
        >
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t('order.returned', { count: returned })}
        </p>
      )}

      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_360px]">
        <div className="space-y-8">
          <OrderMoves
            status={order.status}
            nextStatuses={nextStatuses}
            whatsappUrl={whatsapp.url}
            trackingUrl={order.trackingUrl}
            message={actionData?.message}
          />
          <PackingSlip order={order} />
          <section aria-labelledby="timeline-title" className="print:hidden">
            <h2 id="timeline-title" className="mb-4 font-display text-lg font-semibold text-ink">
              {t('order.timeline')}
            </h2>
            <OrderTimeline order={order} />
          </section>
        </div>

        <aside className="space-y-6 print:hidden">
          <OrderCustomer customer={customer} phone={order.address.phone} pastOrders={pastOrders} />
          <OrderAudit audit={audit} />
        </aside>
      </div>
    </main>
  )
}

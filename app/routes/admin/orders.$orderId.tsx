import { Form, Link, redirect, useNavigation } from 'react-router'
import { ArrowLeft, CircleAlert, MessageCircle, Printer, TriangleAlert } from 'lucide-react'
import type { Route } from './+types/orders.$orderId'
import { adminStatusMoveSchema } from '#contracts/admin.ts'
import type { OrderStatus } from '#contracts/order-status.ts'
import { orderNumber } from '#contracts/orders.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { requireAdmin } from '#app/lib/auth.server.ts'
import { attempt, orNotFound } from '#app/lib/service-result.server.ts'
import { formValues, parseForm } from '#app/lib/forms.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'
import { formatOrderDate } from '#app/lib/dates.ts'
import { useHydrated } from '#app/lib/hydrated.ts'
import { Price } from '#app/components/price.tsx'
import { OrderAmounts } from '#app/components/order-amounts.tsx'
import { OrderTimeline } from '#app/features/orders/order-timeline.tsx'

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const number = loaderData ? orderNumber(loaderData.detail.order._id) : ''
  return privatePageMeta({
    title: `Order ${number} · Console | Kapra`,
    description: 'One order: confirm, pack, ship, deliver.',
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
    fallback: 'The order could not be moved. Please try again.',
    what: 'order move',
  })
  if (!moved.ok) return { message: moved.message, to: values.to }
  return redirect(`/admin/orders/${params.orderId}`)
}

const moveLabel: Record<OrderStatus, string> = {
  'Order Placed': 'Order Placed',
  Confirmed: 'Mark confirmed',
  Packing: 'Start packing',
  Shipped: 'Mark shipped',
  'Out for delivery': 'Out for delivery',
  Delivered: 'Mark delivered',
  Returned: 'Mark returned',
  Cancelled: 'Cancel order',
}

/** One order: what to send where, who the customer is, the confirmation chat and the next moves. */
export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, customer, pastOrders, returned, nextStatuses, whatsapp, audit } = loaderData.detail
  const busy = useNavigation().state === 'submitting'
  const hydrated = useHydrated()
  const number = orderNumber(order._id)
  const a = order.address
  const plain = nextStatuses.filter((s) => s !== 'Shipped')

  return (
    <main id="main" className="container-page py-8 sm:py-10">
      <Link
        to="/admin/orders"
        className="inline-flex min-h-11 items-center gap-1.5 text-sm text-muted hover:text-ink print:hidden"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Orders
      </Link>
      <div className="flex flex-wrap items-baseline justify-between gap-3 border-b border-line pb-4">
        <h1 className="section-title">Order {number}</h1>
        <p className="text-sm text-muted">
          {order.status} · placed {formatOrderDate(order.date)}
        </p>
      </div>

      {returned > 0 && (
        <p
          role="note"
          className="mt-5 flex items-start gap-2 rounded-xl border border-danger/30 bg-red-50 p-3 text-sm text-danger print:hidden"
        >
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          This customer has {returned} returned {returned === 1 ? 'order' : 'orders'} (refused at the door). Confirm by
          phone before packing.
        </p>
      )}

      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_360px]">
        <div className="space-y-8">
          {nextStatuses.length > 0 && (
            <section
              aria-labelledby="moves-title"
              className="rounded-2xl border border-line bg-white p-4 sm:p-5 print:hidden"
            >
              <h2 id="moves-title" className="font-display text-lg font-semibold text-ink">
                Next step
              </h2>
              {order.status === 'Order Placed' && (
                <a
                  href={whatsapp.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-3 inline-flex min-h-11 items-center gap-2 rounded-full bg-[#1f7a4d] px-5 text-sm font-semibold text-white hover:bg-[#17603c]"
                >
                  <MessageCircle aria-hidden className="size-4" />
                  Confirm on WhatsApp
                </a>
              )}
              {actionData?.message && (
                <p role="alert" className="mt-3 flex items-center gap-2 text-sm font-medium text-danger">
                  <CircleAlert aria-hidden className="size-4 shrink-0" />
                  {actionData.message}
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
                        to === 'Cancelled' || to === 'Returned'
                          ? 'inline-flex min-h-11 items-center rounded-full border border-danger px-5 text-sm font-semibold text-danger hover:bg-red-50'
                          : 'btn-primary'
                      }
                    >
                      {moveLabel[to]}
                    </button>
                  </Form>
                ))}
              </div>
              {nextStatuses.includes('Shipped') && (
                <Form
                  method="post"
                  className="mt-4 grid gap-3 rounded-xl border border-line p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
                >
                  <input type="hidden" name="to" value="Shipped" />
                  <label className="block">
                    <span className="field-label">Courier</span>
                    <input
                      name="courier"
                      required
                      maxLength={60}
                      className="field-input"
                      placeholder="TCS, Leopards, M&P…"
                    />
                  </label>
                  <label className="block">
                    <span className="field-label">Tracking number</span>
                    <input name="trackingNumber" required maxLength={60} className="field-input" />
                  </label>
                  <button type="submit" disabled={busy} className="btn-primary">
                    Mark shipped
                  </button>
                </Form>
              )}
            </section>
          )}

          <section aria-labelledby="slip-title" className="rounded-2xl border border-line bg-white p-4 sm:p-5">
            <div className="flex items-baseline justify-between gap-3">
              <h2 id="slip-title" className="font-display text-lg font-semibold text-ink">
                Packing slip
              </h2>
              {/* Printing needs the app; before it runs the browser's own Print menu does the same. */}
              {hydrated && (
                <button
                  type="button"
                  onClick={() => window.print()}
                  className="inline-flex min-h-11 items-center gap-1.5 text-sm text-muted hover:text-ink print:hidden"
                >
                  <Printer aria-hidden className="size-4" />
                  Print
                </button>
              )}
            </div>
            <ul className="mt-3 divide-y divide-line">
              {order.items.map((item) => (
                <li
                  key={`${item._id}|${item.size}`}
                  className="flex items-baseline justify-between gap-3 py-2.5 text-sm"
                >
                  <span className="min-w-0">
                    {item.name}
                    <span className="block text-muted">
                      Size {item.size} × {item.quantity}
                    </span>
                  </span>
                  <Price amount={item.price * item.quantity} className="shrink-0" />
                </li>
              ))}
            </ul>
            <OrderAmounts
              items={order.items}
              amount={order.amount}
              totalLabel={order.payment ? 'Collected' : 'Cash to collect'}
            />
            <address className="mt-4 border-t border-line pt-3 text-sm leading-relaxed text-ink not-italic">
              {a.firstName} {a.lastName}
              {a.phone && ` · ${a.phone}`}
              <br />
              {a.street}, {a.city}, {[a.state, a.pinCode].filter(Boolean).join(' ')}, {a.country}
            </address>
          </section>

          <section aria-labelledby="timeline-title" className="print:hidden">
            <h2 id="timeline-title" className="mb-4 font-display text-lg font-semibold text-ink">
              Timeline
            </h2>
            <OrderTimeline order={order} />
          </section>
        </div>

        <aside className="space-y-6 print:hidden">
          <section aria-labelledby="customer-title" className="rounded-2xl border border-line bg-white p-4 sm:p-5">
            <h2 id="customer-title" className="font-display text-lg font-semibold text-ink">
              Customer
            </h2>
            {customer ? (
              <p className="mt-2 text-sm text-ink">
                {customer.name}
                <span className="block text-muted">{customer.email}</span>
              </p>
            ) : (
              <p className="mt-2 text-sm text-muted">The account no longer exists.</p>
            )}
            {/* An order of a deleted account keeps no phone (docs/decisions/012). */}
            {a.phone && (
              <p className="mt-2 text-sm">
                <a href={`tel:${a.phone}`} className="underline underline-offset-4">
                  {a.phone}
                </a>
              </p>
            )}
            <h3 className="mt-4 text-xs font-semibold tracking-wide text-muted uppercase">Other orders</h3>
            {pastOrders.length === 0 ? (
              <p className="mt-1 text-sm text-muted">{customer ? 'First order.' : 'Not known: the account is gone.'}</p>
            ) : (
              <ul className="mt-1 space-y-1 text-sm">
                {pastOrders.map((p) => (
                  <li key={p.id} className="flex justify-between gap-3">
                    <Link to={`/admin/orders/${p.id}`} className="font-mono underline-offset-4 hover:underline">
                      {p.number}
                    </Link>
                    <span className={p.status === 'Returned' ? 'text-danger' : 'text-muted'}>{p.status}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="audit-title" className="rounded-2xl border border-line bg-white p-4 sm:p-5">
            <h2 id="audit-title" className="font-display text-lg font-semibold text-ink">
              Changes by the store
            </h2>
            {audit.length === 0 ? (
              <p className="mt-2 text-sm text-muted">None yet.</p>
            ) : (
              <ol className="mt-2 space-y-2 text-sm">
                {audit.map((entry) => (
                  <li key={entry.id}>
                    <span className="text-ink">{entry.actor.name}</span>{' '}
                    <span className="text-muted">
                      {describe(entry.before)} → {describe(entry.after)} · {formatOrderDate(entry.at)}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </aside>
      </div>
    </main>
  )
}

function describe(value: unknown): string {
  if (!value || typeof value !== 'object') return '–'
  const v = value as { status?: string; courier?: string; trackingNumber?: string }
  return [v.status, v.courier && `${v.courier} ${v.trackingNumber ?? ''}`.trim()].filter(Boolean).join(', ')
}

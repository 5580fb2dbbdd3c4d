import { Form, Link } from '#app/lib/i18n/links.tsx'
import { orderNumber } from '#contracts/orders.ts'
import { formatOrderDate } from '#app/lib/dates.ts'
import { Price } from '#app/components/price.tsx'

/** Cash-on-delivery orders waiting for the shopper's confirmation: one tap each. */
export function AwaitingConfirmation({
  orders,
  hours,
}: {
  orders: { id: string; amount: number; date: number; count: number }[]
  hours: number
}) {
  return (
    <section
      aria-labelledby="awaiting-title"
      className="mt-6 rounded-2xl border border-accent/30 bg-accent-soft/60 p-5 sm:p-6"
    >
      <h2 id="awaiting-title" className="font-display text-lg font-semibold text-ink">
        Please confirm {orders.length === 1 ? 'your order' : `${orders.length} orders`}
      </h2>
      <p className="mt-1 text-sm text-muted">
        We pack cash-on-delivery orders once you confirm them. An order not confirmed within {hours} hours is cancelled.
      </p>
      <ul className="mt-4 divide-y divide-accent/15">
        {orders.map((o) => (
          <li key={o.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <p className="text-sm text-ink">
              <Link to={`/order/${o.id}`} className="font-semibold underline-offset-4 hover:underline">
                Order {orderNumber(o.id)}
              </Link>
              <span className="text-muted">
                {' '}
                · {o.count} {o.count === 1 ? 'item' : 'items'} · <Price amount={o.amount} /> · {formatOrderDate(o.date)}
              </span>
            </p>
            <div className="flex items-center gap-2">
              <Form method="post" action={`/order/${o.id}`}>
                <button
                  type="submit"
                  name="intent"
                  value="confirm"
                  aria-label={`Confirm order ${orderNumber(o.id)}`}
                  className="btn-primary min-h-11 px-5"
                >
                  Confirm order
                </button>
              </Form>
              <Link
                to={`/order/${o.id}?cancel`}
                aria-label={`Cancel order ${orderNumber(o.id)}`}
                className="inline-flex min-h-11 items-center rounded-full px-3 text-sm font-semibold text-danger underline-offset-4 hover:underline"
              >
                Cancel
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}

import { useNavigation } from 'react-router'
import { Form, Link } from '#app/lib/i18n/links.tsx'
import { CircleAlert, CircleCheck } from 'lucide-react'
import type { Route } from './+types/order-link'
import { orderNumber } from '#contracts/orders.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { attempt } from '#app/lib/service-result.server.ts'
import { formValues } from '#app/lib/forms.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'
import { formatOrderDate } from '#app/lib/dates.ts'
import { OrderAmounts } from '#app/components/order-amounts.tsx'
import { queryParam } from '#contracts/plain-text.ts'

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({
    title: 'Your order | Kapra',
    description: 'Confirm or cancel your Kapra order.',
    origin: rootOrigin(matches),
  })
}

/**
 * The confirm and cancel links of the order email. Opening one only shows the order and
 * one button: mail scanners open links too, so only the button's POST changes anything
 * (docs/decisions/011). No sign-in: the signed link is the key.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const token = queryParam(url.searchParams, 'token') ?? ''
  return { token, link: await services.orders.readLink(token) }
}

export async function action({ context, request }: Route.ActionArgs) {
  const { services } = context.get(appContext)
  const { token } = formValues(await request.formData(), ['token'])
  const result = await attempt(context, () => services.orders.actByLink(token ?? ''), {
    what: 'order link',
    fallback: 'The order could not be changed just now. Please try again.',
  })
  if (!result.ok) return { ok: false as const, message: result.message }
  return { ok: true as const, action: result.value.action, orderId: result.value.order._id }
}

const problems: Record<string, string> = {
  invalid: 'This link is not valid. Please open your order from My Orders.',
  expired: 'This link has expired. Please open your order from My Orders.',
  used: 'This link was already used.',
}

export default function OrderLink({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const { link, token } = loaderData

  if (actionData?.ok) {
    return (
      <Panel>
        <CircleCheck aria-hidden className="mx-auto size-10 text-success" />
        <h1 role="status" className="mt-4 font-display text-2xl font-semibold text-ink">
          {actionData.action === 'confirm' ? 'Thank you: your order is confirmed' : 'Your order is cancelled'}
        </h1>
        <p className="mt-2 text-muted">
          {actionData.action === 'confirm'
            ? 'We are getting it ready and will email you when it ships.'
            : 'Nothing is owed. We hope to see you again soon.'}
        </p>
        <Link to={`/order/${actionData.orderId}`} className="btn-primary mt-6">
          See my order
        </Link>
      </Panel>
    )
  }

  if (!('order' in link) || link.state === 'used') {
    return (
      <Panel>
        <CircleAlert aria-hidden className="mx-auto size-10 text-danger" />
        <h1 className="mt-4 font-display text-2xl font-semibold text-ink">This link does not work any more</h1>
        <p role="alert" className="mt-2 text-muted">
          {problems[link.state]}
        </p>
        <Link to="/order" className="btn-primary mt-6">
          My Orders
        </Link>
      </Panel>
    )
  }

  const { order, action } = link
  const number = orderNumber(order._id)
  const confirming = action === 'confirm'
  return (
    <Panel>
      <h1 className="font-display text-2xl font-semibold text-ink">
        {confirming ? `Confirm order ${number}` : `Cancel order ${number}?`}
      </h1>
      <p className="mt-2 text-sm text-muted">
        Placed {formatOrderDate(order.date)} · {order.status}
      </p>
      <ul className="mt-5 divide-y divide-line text-start text-sm">
        {order.items.map((item) => (
          <li key={`${item._id}|${item.size}`} className="flex justify-between gap-3 py-2">
            <span className="text-ink">{item.name}</span>
            <span className="shrink-0 text-muted">
              Size {item.size} · ×{item.quantity}
            </span>
          </li>
        ))}
      </ul>
      <div className="text-start">
        <OrderAmounts items={order.items} amount={order.amount} totalLabel="Total, cash on delivery" />
      </div>
      {actionData && !actionData.ok && (
        <p role="alert" className="mt-4 flex items-center justify-center gap-2 text-sm font-medium text-danger">
          <CircleAlert aria-hidden className="size-4 shrink-0" />
          {actionData.message}
        </p>
      )}
      {link.state === 'too-late' ? (
        <p role="alert" className="mt-5 text-sm text-muted">
          {confirming
            ? `This order is ${order.status} already; there is nothing to confirm.`
            : `This order is ${order.status} and can no longer be cancelled. Please contact us if you need help.`}
        </p>
      ) : (
        <Form method="post" replace className="mt-6">
          <input type="hidden" name="token" value={token} />
          <button
            type="submit"
            disabled={navigation.state === 'submitting'}
            className={
              confirming
                ? 'btn-primary w-full'
                : 'inline-flex min-h-11 w-full items-center justify-center rounded-full bg-danger px-5 text-sm font-semibold text-white transition-colors hover:bg-red-800 disabled:opacity-60'
            }
          >
            {confirming ? 'Confirm my order' : 'Yes, cancel my order'}
          </button>
        </Form>
      )}
      <Link
        to={`/order/${order._id}`}
        className="mt-4 inline-block text-sm text-muted underline-offset-4 hover:underline"
      >
        See the whole order
      </Link>
    </Panel>
  )
}

function Panel({ children }: { children: React.ReactNode }) {
  return (
    <main id="main" className="container-page py-14 sm:py-20">
      <div className="mx-auto max-w-lg rounded-2xl border border-line bg-white p-6 text-center sm:p-8">{children}</div>
    </main>
  )
}

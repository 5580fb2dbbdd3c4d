import { useNavigation } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Form, Link } from '#app/lib/i18n/links.tsx'
import { CircleAlert, CircleCheck } from '#app/components/icons.tsx'
import type { Route } from './+types/order-link'
import { orderNumber } from '#contracts/orders.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { attempt } from '#app/lib/service-result.server.ts'
import { formValues } from '#app/lib/forms.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'
import { tFor } from '#app/lib/i18n/i18n.ts'
import { useLang } from '#app/lib/i18n/language.ts'
import { langOfPath } from '#contracts/languages.ts'
import { formatOrderDate } from '#app/lib/dates.ts'
import { OrderAmounts } from '#app/components/order-amounts.tsx'
import { queryParam } from '#contracts/plain-text.ts'
import { orderMessage, statusName } from '#app/features/orders/order-labels.ts'
import { OrderText } from '#app/features/orders/order-text.tsx'

export function meta({ matches, location }: Route.MetaArgs) {
  const t = tFor(langOfPath(location.pathname))
  return privatePageMeta({
    title: t('meta.link.title', { ns: 'orders' }),
    description: t('meta.link.description', { ns: 'orders' }),
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

/** The server's own words for a link that does not work (server/orders/moves.ts), shown in the page's language. */
const problems: Record<string, string> = {
  invalid: 'This link is not valid. Please open your order from My Orders.',
  expired: 'This link has expired. Please open your order from My Orders.',
  used: 'This link was already used.',
}

export default function OrderLink({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('orders')
  const lang = useLang()
  const navigation = useNavigation()
  const { link, token } = loaderData

  if (actionData?.ok) {
    return (
      <Panel>
        <CircleCheck aria-hidden className="mx-auto size-10 text-success" />
        <h1 role="status" className="mt-4 font-display text-2xl font-semibold text-ink">
          {actionData.action === 'confirm' ? t('link.confirmed') : t('link.cancelled')}
        </h1>
        <p className="mt-2 text-muted">
          {actionData.action === 'confirm' ? t('link.confirmedText') : t('link.cancelledText')}
        </p>
        <Link to={`/order/${actionData.orderId}`} className="btn-primary mt-6">
          {t('link.seeOrder')}
        </Link>
      </Panel>
    )
  }

  if (!('order' in link) || link.state === 'used') {
    return (
      <Panel>
        <CircleAlert aria-hidden className="mx-auto size-10 text-danger" />
        <h1 className="mt-4 font-display text-2xl font-semibold text-ink">{t('link.broken')}</h1>
        <p role="alert" className="mt-2 text-muted">
          {orderMessage(t, problems[link.state] ?? '')}
        </p>
        <Link to="/order" className="btn-primary mt-6">
          {t('link.myOrders')}
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
        <OrderText k={confirming ? 'link.confirmTitle' : 'link.cancelTitle'} number={number} />
      </h1>
      <p className="mt-2 text-sm text-muted">
        {t('link.placed', { date: formatOrderDate(order.date, lang), status: statusName(t, order.status) })}
      </p>
      <ul className="mt-5 divide-y divide-line text-start text-sm">
        {order.items.map((item) => (
          <li key={`${item._id}|${item.size}`} className="flex justify-between gap-3 py-2">
            <bdi className="text-ink">{item.name}</bdi>
            <span className="shrink-0 text-muted">{t('link.line', { size: item.size, quantity: item.quantity })}</span>
          </li>
        ))}
      </ul>
      <div className="text-start">
        <OrderAmounts order={order} totalLabel={t('link.total')} />
      </div>
      {actionData && !actionData.ok && (
        <p role="alert" className="mt-4 flex items-center justify-center gap-2 text-sm font-medium text-danger">
          <CircleAlert aria-hidden className="size-4 shrink-0" />
          {orderMessage(t, actionData.message)}
        </p>
      )}
      {link.state === 'too-late' ? (
        <p role="alert" className="mt-5 text-sm text-muted">
          {t(confirming ? 'link.tooLateConfirm' : 'link.tooLateCancel', { status: statusName(t, order.status) })}
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
            {confirming ? t('link.confirmButton') : t('link.cancelButton')}
          </button>
        </Form>
      )}
      <Link
        to={`/order/${order._id}`}
        className="mt-4 inline-block text-sm text-muted underline-offset-4 hover:underline"
      >
        {t('link.seeWhole')}
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

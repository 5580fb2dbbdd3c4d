import { Form, Link, redirect } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Check, PackageCheck, X } from '#app/components/icons.tsx'
import type { Route } from './+types/requests'
import {
  adminRequestsQuerySchema,
  DECISION_NOTE_MAX,
  REFUND_REFERENCE_MAX,
  refundMethods,
  requestDecisionSchema,
  requestReceivedSchema,
  requestStatuses,
} from '#contracts/requests.ts'
import { orderNumber } from '#contracts/orders.ts'
import { formatPrice } from '#contracts/pricing.ts'
import { Pager } from '#app/features/admin/pager.tsx'
import { consoleT } from '#app/features/admin/console-text.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { requireAdmin } from '#app/lib/auth.server.ts'
import { attempt } from '#app/lib/service-result.server.ts'
import { formValues, parseForm } from '#app/lib/forms.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'

export function meta({ matches, location }: Route.MetaArgs) {
  const t = consoleT(location.pathname)
  return privatePageMeta({
    title: t('requests.meta.title'),
    description: t('requests.meta.description'),
    origin: rootOrigin(matches),
  })
}

/** The list's view from the address: a status (open first) and a page. */
function viewOf(url: URL) {
  const parsed = adminRequestsQuerySchema.safeParse({
    status: url.searchParams.get('status') || undefined,
    page: url.searchParams.get('page') || undefined,
  })
  return parsed.success ? parsed.data : adminRequestsQuerySchema.parse({})
}

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url)
  const { services } = context.get(appContext)
  const view = viewOf(url)
  return { view, list: await services.admin.requestsPage(view) }
}

/**
 * Approve or decline an open request with a note (intent=approve|decline), or mark an
 * approved one received with a return's refund (intent=received): the same service as
 * /api/admin/requests, back to the list as it was.
 */
export async function action({ context, url, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, url)
  const { services } = context.get(appContext)
  const t = consoleT(url.pathname)
  const values = formValues(await request.formData(), ['intent', 'requestId', 'note', 'refundMethod', 'reference'])
  const id = values.requestId ?? ''
  const run =
    values.intent === 'received'
      ? (() => {
          const parsed = parseForm(requestReceivedSchema, {
            ...(values.refundMethod ? { refundMethod: values.refundMethod } : {}),
            ...(values.reference ? { reference: values.reference } : {}),
          })
          return parsed.success ? () => services.admin.receiveRequest(id, parsed.data, admin) : parsed.message
        })()
      : (() => {
          const parsed = parseForm(requestDecisionSchema, {
            approve: values.intent === 'approve',
            note: values.note ?? '',
          })
          return parsed.success ? () => services.admin.decideRequest(id, parsed.data, admin) : parsed.message
        })()
  if (typeof run === 'string') return { id, message: run }
  const done = await attempt(context, run, { fallback: t('requests.failed'), what: 'request decision' })
  if (!done.ok) return { id, message: done.message }
  throw redirect(`/admin/requests${url.search}`)
}

/** Exchanges and returns: open ones to decide, approved ones to mark received, and the rest. */
export default function Requests({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin')
  const { view, list } = loaderData
  const href = (over: Partial<typeof view>) => {
    const next = { ...view, ...over }
    const params = new URLSearchParams({ status: next.status })
    if (next.page > 1) params.set('page', String(next.page))
    return `/admin/requests?${params.toString()}`
  }
  const tab = 'inline-flex min-h-11 items-center rounded-full px-4 text-sm font-medium'
  return (
    <main id="main" className="container-page py-8 sm:py-10">
      <h1 className="section-title">{t('requests.title')}</h1>
      <nav aria-label={t('requests.filters')} className="mt-4 flex flex-wrap items-center gap-2">
        {requestStatuses.map((status) => (
          <Link
            key={status}
            to={href({ status, page: 1 })}
            aria-current={view.status === status ? 'true' : undefined}
            className={`${tab} ${view.status === status ? 'bg-ink text-white' : 'border border-line bg-white text-ink'}`}
          >
            {t(`requests.status.${status}`)}
            {status === 'open' && list.open > 0 ? ` (${list.open})` : ''}
          </Link>
        ))}
      </nav>
      <p role="status" className="mt-4 text-sm text-muted">
        {t('requests.count', { count: list.total })}
      </p>
      <ul className="mt-3 space-y-4">
        {list.items.map((r) => {
          const failed = actionData?.id === r.id ? actionData.message : null
          return (
            <li key={r.id} className="rounded-2xl border border-line bg-white p-4">
              <article aria-labelledby={`request-${r.id}`}>
                <h2 id={`request-${r.id}`} className="font-semibold text-ink">
                  {t(`requests.kind.${r.kind}`)} ·{' '}
                  <Link to={`/admin/orders/${r.orderId}`} className="underline underline-offset-4">
                    {orderNumber(r.orderId)}
                  </Link>
                </h2>
                <p className="mt-1 text-xs break-words text-muted">
                  {r.customer} · {r.email} · <span dir="ltr">{r.phone}</span> ·{' '}
                  {new Date(r.createdAt).toISOString().slice(0, 10)}
                </p>
                <ul className="mt-2 space-y-1 text-sm text-ink">
                  {r.items.map((item) => (
                    <li key={`${item._id}|${item.size}`}>
                      {item.name} ·{' '}
                      {item.newSize
                        ? t('requests.itemExchange', {
                            size: item.size,
                            newSize: item.newSize,
                            quantity: item.quantity,
                          })
                        : t('requests.itemReturn', { size: item.size, quantity: item.quantity })}{' '}
                      · {formatPrice(item.price)}
                    </li>
                  ))}
                </ul>
                <p className="mt-2 text-sm text-ink">
                  <span className="font-medium">{t(`requests.reason.${r.reason}`)}</span>
                  {r.note && <span className="whitespace-pre-line"> · {r.note}</span>}
                </p>
                {r.photos.length > 0 && (
                  <ul aria-label={t('requests.photos')} className="mt-2 flex gap-2">
                    {r.photos.map((src, i) => (
                      <li key={src}>
                        <a href={src} className="block size-16 overflow-hidden rounded-lg bg-sand">
                          <img
                            src={src}
                            alt={t('requests.photo', { n: i + 1 })}
                            loading="lazy"
                            className="size-full object-cover"
                          />
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
                {r.decisionNote && (
                  <p className="mt-2 text-sm text-muted">{t('requests.noted', { note: r.decisionNote })}</p>
                )}
                {r.exchangeOrderId && (
                  <p className="mt-2 text-sm">
                    <Link to={`/admin/orders/${r.exchangeOrderId}`} className="underline underline-offset-4">
                      {t('requests.exchangeOrder', { number: orderNumber(r.exchangeOrderId) })}
                    </Link>
                  </p>
                )}
                {r.refundMethod && (
                  <p className="mt-2 text-sm text-ink">
                    {t('requests.refunded', {
                      amount: formatPrice(r.refundAmount),
                      method: t(`requests.refund.${r.refundMethod}`),
                      reference: r.refundReference ?? '',
                    })}
                  </p>
                )}
                {failed && (
                  <p role="alert" className="mt-2 text-sm text-danger">
                    {failed}
                  </p>
                )}
                {r.status === 'open' && (
                  <Form method="post" className="mt-3 space-y-2">
                    <input type="hidden" name="requestId" value={r.id} />
                    <label htmlFor={`note-${r.id}`} className="field-label">
                      {t('requests.note')}
                    </label>
                    <textarea
                      id={`note-${r.id}`}
                      name="note"
                      rows={2}
                      maxLength={DECISION_NOTE_MAX}
                      className="field-input"
                    />
                    <div className="flex flex-wrap gap-2">
                      <button type="submit" name="intent" value="approve" className="btn-primary px-4 py-2">
                        <Check aria-hidden className="size-4" />
                        {t('requests.approve')}
                        <span className="sr-only"> {orderNumber(r.orderId)}</span>
                      </button>
                      <button type="submit" name="intent" value="decline" className="btn-secondary px-4 py-2">
                        <X aria-hidden className="size-4" />
                        {t('requests.decline')}
                        <span className="sr-only"> {orderNumber(r.orderId)}</span>
                      </button>
                    </div>
                  </Form>
                )}
                {r.status === 'approved' && (
                  <Form method="post" className="mt-3 space-y-2">
                    <input type="hidden" name="requestId" value={r.id} />
                    {r.kind === 'return' && (
                      <div className="grid gap-2 sm:grid-cols-2">
                        <div>
                          <label htmlFor={`method-${r.id}`} className="field-label">
                            {t('requests.refundMethod', { amount: formatPrice(r.refundAmount) })}
                          </label>
                          <select id={`method-${r.id}`} name="refundMethod" required className="field-input">
                            {refundMethods.map((m) => (
                              <option key={m} value={m}>
                                {t(`requests.refund.${m}`)}
                              </option>
                            ))}
                          </select>
                        </div>
                        <div>
                          <label htmlFor={`reference-${r.id}`} className="field-label">
                            {t('requests.reference')}
                          </label>
                          <input
                            id={`reference-${r.id}`}
                            name="reference"
                            required
                            maxLength={REFUND_REFERENCE_MAX}
                            className="field-input"
                          />
                        </div>
                      </div>
                    )}
                    <button type="submit" name="intent" value="received" className="btn-primary px-4 py-2">
                      <PackageCheck aria-hidden className="size-4" />
                      {r.kind === 'return' ? t('requests.receivedReturn') : t('requests.receivedExchange')}
                      <span className="sr-only"> {orderNumber(r.orderId)}</span>
                    </button>
                  </Form>
                )}
              </article>
            </li>
          )
        })}
        {list.items.length === 0 && (
          <li className="rounded-2xl border border-line bg-white px-4 py-6 text-sm text-muted">{t('requests.none')}</li>
        )}
      </ul>
      <Pager page={list.page} pages={list.pages} href={(page) => href({ page })} />
    </main>
  )
}

import { Form, Link } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Search } from '#app/components/icons.tsx'
import type { Route } from './+types/orders'
import { adminOrdersQuerySchema } from '#contracts/admin.ts'
import { orderStatuses, type OrderStatus } from '#contracts/order-status.ts'
import { Pager } from '#app/features/admin/pager.tsx'
import { appContext } from '#app/lib/app-context.server.ts'
import { requireAdmin } from '#app/lib/auth.server.ts'
import { parseForm } from '#app/lib/forms.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'
import { formatOrderDate } from '#app/lib/dates.ts'
import { Price } from '#app/components/price.tsx'
import { consoleT, statusKey, statusText } from '#app/features/admin/console-text.ts'
import { BOOKING_FORM, CourierBooking, type BulkShipAnswer } from '#app/features/admin/courier-booking.tsx'
import { shipFromListAction } from '#app/features/admin/ship-list.server.ts'

export function meta({ matches, location }: Route.MetaArgs) {
  const t = consoleT(location.pathname)
  return privatePageMeta({
    title: t('orders.meta.title'),
    description: t('orders.meta.description'),
    origin: rootOrigin(matches),
  })
}

/** The queue as the URL holds it: ?status=&q=&from=&to=&page= (a bad value falls back to the default). */
export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url)
  const { services } = context.get(appContext)
  const raw = Object.fromEntries([...url.searchParams].filter(([, v]) => v !== ''))
  const parsed = parseForm(adminOrdersQuerySchema, raw)
  const query = parsed.success ? parsed.data : adminOrdersQuerySchema.parse({})
  return { query, page: await services.admin.orders(query), invalid: !parsed.success }
}

/** The Packing tab's list of tracking numbers from the courier, marking its orders Shipped. */
export async function action({ context, url, request }: Route.ActionArgs): Promise<BulkShipAnswer> {
  return shipFromListAction(context, url, request)
}

/** Opens on the orders awaiting confirmation; every status has its tab with its count. */
export default function OrderQueue({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin')
  const tabLabel = (status: OrderStatus) =>
    status === 'Order Placed' ? t('orders.tab.orderPlaced') : statusText(t, status)
  const { query, page, invalid } = loaderData
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize))
  const href = (changes: Record<string, string | number | undefined>) => {
    const params = new URLSearchParams()
    const next = {
      status: query.status,
      q: query.q,
      from: query.from,
      to: query.to,
      page: query.page,
      attention: query.attention,
      ...changes,
    }
    for (const [k, v] of Object.entries(next))
      if (v !== undefined && v !== '' && !(k === 'page' && v === 1)) params.set(k, String(v))
    return `/admin/orders?${params.toString()}`
  }
  return (
    <main id="main" className="container-page py-8 sm:py-10">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="section-title">{t('orders.title')}</h1>
        <Link to="/admin/blocklist" className="inline-flex min-h-11 items-center text-sm underline underline-offset-4">
          {t('orders.blocklistLink')}
        </Link>
      </div>

      <nav aria-label={t('orders.tabs')} className="-mx-4 mt-5 overflow-x-auto px-4">
        <ul className="flex w-max gap-2 pb-1">
          {/* Orders marked at placing (README, "Orders that need attention"), before the statuses. */}
          <li>
            <Link
              to={href({ attention: '1', page: 1 })}
              aria-current={query.attention ? 'page' : undefined}
              className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm whitespace-nowrap ${
                query.attention
                  ? 'border-danger bg-danger text-white'
                  : 'border-danger/40 bg-white text-danger hover:border-danger'
              }`}
            >
              {t('orders.attentionTab')}
              <span className={`rounded-full px-2 text-xs ${query.attention ? 'bg-white/20' : 'bg-red-50'}`}>
                {page.attentionCount}
              </span>
            </Link>
          </li>
          {orderStatuses.map((status) => {
            const current = status === query.status && !query.attention
            return (
              <li key={status}>
                <Link
                  to={href({ status, page: 1, attention: undefined })}
                  aria-current={current ? 'page' : undefined}
                  className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm whitespace-nowrap ${
                    current ? 'border-ink bg-ink text-white' : 'border-line bg-white text-ink hover:border-ink'
                  }`}
                >
                  {tabLabel(status)}
                  <span className={`rounded-full px-2 text-xs ${current ? 'bg-white/20' : 'bg-sand'}`}>
                    {page.counts[status]}
                  </span>
                </Link>
              </li>
            )
          })}
        </ul>
      </nav>

      <Form
        method="get"
        className="mt-5 grid gap-3 rounded-2xl border border-line bg-white p-4 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end"
      >
        <input type="hidden" name="status" value={query.status} />
        {query.attention && <input type="hidden" name="attention" value="1" />}
        <label className="block">
          <span className="text-sm font-medium text-ink">{t('orders.search')}</span>
          <span className="relative mt-1 block">
            <Search
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
            />
            <input
              type="search"
              name="q"
              defaultValue={query.q ?? ''}
              placeholder={t('orders.searchPlaceholder')}
              className="field-input pl-9"
            />
          </span>
        </label>
        <label className="block">
          <span className="text-sm font-medium text-ink">{t('orders.from')}</span>
          <input type="date" name="from" defaultValue={query.from ?? ''} className="field-input mt-1" />
        </label>
        <label className="block">
          <span className="text-sm font-medium text-ink">{t('orders.to')}</span>
          <input type="date" name="to" defaultValue={query.to ?? ''} className="field-input mt-1" />
        </label>
        <button type="submit" className="btn-primary">
          {t('search.button')}
        </button>
      </Form>
      {!query.attention && <ExportLinks status={query.status} from={query.from} to={query.to} />}
      {query.status === 'Packing' && !query.attention && <CourierBooking answer={actionData} />}
      {invalid && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {t('orders.invalid')}
        </p>
      )}

      <p role="status" className="mt-5 text-sm text-muted">
        {page.total === 0
          ? query.attention
            ? t('orders.emptyAttention')
            : query.q
              ? t('orders.emptyMatching', { status: t(`orders.emptyStatus.${statusKey[query.status]}`), q: query.q })
              : t('orders.empty', { status: t(`orders.emptyStatus.${statusKey[query.status]}`) })
          : t('orders.count', { count: page.total })}
      </p>

      {page.items.length > 0 && (
        <ul className="mt-3 divide-y divide-line rounded-2xl border border-line bg-white">
          {page.items.map((o) => (
            <li key={o.id} className="flex items-center">
              {query.status === 'Packing' && !query.attention && (
                <label className="grid min-h-11 min-w-11 shrink-0 cursor-pointer place-items-center ps-2">
                  <input
                    type="checkbox"
                    name="order"
                    value={o.id}
                    form={BOOKING_FORM}
                    aria-label={t('booking.choose', { number: o.number })}
                    className="size-4 accent-ink"
                  />
                </label>
              )}
              <Link
                to={`/admin/orders/${o.id}`}
                className="grid min-w-0 flex-1 grid-cols-[1fr_auto] gap-x-4 gap-y-1 px-4 py-3.5 hover:bg-paper sm:grid-cols-[7rem_1fr_8rem_7rem] sm:items-center"
              >
                <span className="font-mono text-sm font-semibold text-ink">{o.number}</span>
                <span className="text-right text-sm font-semibold sm:order-last">
                  <Price amount={o.amount} />
                </span>
                <span className="min-w-0 text-sm text-ink">
                  {o.name} <span className="text-muted">· {o.city}</span>
                  <span className="block text-xs text-muted">
                    {o.phone} · {t('orders.pieces', { count: o.itemCount })}
                    {query.attention && ` · ${statusText(t, o.status)}`}
                  </span>
                  {o.attention.length > 0 && (
                    <span className="mt-0.5 block text-xs font-medium text-danger">{o.attention.join(' · ')}</span>
                  )}
                </span>
                <span className="text-right text-xs text-muted sm:text-left sm:text-sm">{formatOrderDate(o.date)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}

      <Pager page={query.page} pages={pages} href={(n) => href({ page: n })} />
    </main>
  )
}

/**
 * The accountant's CSV of the dates chosen above (the search aside): this tab's status, or
 * every status. Plain links to the console's API: the browser downloads the file.
 */
function ExportLinks({
  status,
  from,
  to,
}: {
  status: OrderStatus
  from?: string | undefined
  to?: string | undefined
}) {
  const { t } = useTranslation('admin')
  const href = (withStatus: boolean) => {
    const params = new URLSearchParams()
    if (withStatus) params.set('status', status)
    if (from) params.set('from', from)
    if (to) params.set('to', to)
    const search = params.toString()
    return `/api/admin/orders/export${search ? `?${search}` : ''}`
  }
  const link = 'inline-flex min-h-11 items-center underline underline-offset-4 hover:text-ink'
  return (
    <p className="mt-3 flex flex-wrap items-center gap-x-4 text-sm text-muted">
      <span>{t('orders.exportLead')}</span>
      <a href={href(true)} download className={link}>
        {t('orders.exportStatus', { status: statusText(t, status) })}
      </a>
      <a href={href(false)} download className={link}>
        {t('orders.exportAll')}
      </a>
    </p>
  )
}

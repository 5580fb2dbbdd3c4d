import { Form, Link } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Plus } from '#app/components/icons.tsx'
import type { Route } from './+types/discounts'
import { formatPrice } from '#contracts/pricing.ts'
import type { AdminDiscount } from '#contracts/discounts.ts'
import { Pager } from '#app/features/admin/pager.tsx'
import { consoleT } from '#app/features/admin/console-text.ts'
import { describeValue, isoToKarachi } from '#app/features/admin/discount-input.ts'
import { saveDiscountAction } from '#app/features/admin/save-discount.server.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { requireAdmin } from '#app/lib/auth.server.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'

export function meta({ matches, location }: Route.MetaArgs) {
  const t = consoleT(location.pathname)
  return privatePageMeta({
    title: t('discounts.meta.title'),
    description: t('discounts.meta.description'),
    origin: rootOrigin(matches),
  })
}

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url)
  const { services } = context.get(appContext)
  const asked = Number(url.searchParams.get('page') ?? '1')
  const page = Number.isInteger(asked) && asked >= 1 && asked <= 100_000 ? asked : 1
  return { list: await services.admin.discounts(page) }
}

/** "End now" from the list: the code's id comes with the form's address. */
export function action({ context, url, request }: Route.ActionArgs) {
  const id = url.searchParams.get('id')
  return id ? saveDiscountAction(context, url, request, id) : null
}

const statusTone: Record<AdminDiscount['status'], string> = {
  active: 'bg-green-50 text-success',
  scheduled: 'bg-sand text-ink',
  ended: 'bg-stone-100 text-muted',
  'used-up': 'bg-stone-100 text-muted',
}

/** The owner's codes, newest first: kind and value, uses of the limit, window, status; each can be ended now. */
export default function Discounts({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin')
  const { list } = loaderData
  const when = (iso: string | null, none: string) => (iso ? isoToKarachi(iso).replace('T', ' ') : none)
  return (
    <main id="main" className="container-page py-8 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="section-title">{t('discounts.title')}</h1>
        <Link to="/admin/discounts/new" className="btn-primary">
          <Plus aria-hidden className="size-4" />
          {t('discounts.new')}
        </Link>
      </div>
      <p role="status" className="mt-4 text-sm text-muted">
        {t('discounts.count', { count: list.total })}
      </p>
      <ul className="mt-3 divide-y divide-line rounded-2xl border border-line bg-white">
        {list.discounts.map((d) => (
          <li
            key={d.id}
            className="grid gap-2 px-4 py-3 text-sm sm:grid-cols-[minmax(0,1fr)_9rem_8rem_auto] sm:items-center sm:gap-4"
          >
            <span className="min-w-0">
              <Link
                to={`/admin/discounts/${d.id}`}
                className="font-semibold text-ink underline-offset-4 hover:underline"
              >
                {d.code}
              </Link>
              <span className="block text-muted">
                {describeValue(t, d)}
                {d.minSubtotal > 0 && ` · ${t('discounts.over', { amount: formatPrice(d.minSubtotal) })}`}
                {d.firstOrderOnly && ` · ${t('discounts.firstOrder')}`}
              </span>
              <span className="block text-xs text-muted">
                {when(d.startsAt, t('discounts.now'))} → {when(d.endsAt, t('discounts.noEnd'))}
              </span>
            </span>
            <span>{t('discounts.used', { used: d.used, max: d.maxUses ?? t('discounts.unlimited') })}</span>
            <span>
              <span className={`rounded-full px-2.5 py-1 text-xs font-semibold ${statusTone[d.status]}`}>
                {t(`discounts.status.${d.status}`)}
              </span>
            </span>
            {d.status === 'ended' ? (
              <span />
            ) : (
              <Form method="post" action={`/admin/discounts?id=${d.id}`}>
                <input type="hidden" name="intent" value="end" />
                <button type="submit" className="btn-secondary min-h-11 px-4 py-2">
                  {t('discounts.endNow')}
                  <span className="sr-only"> {d.code}</span>
                </button>
              </Form>
            )}
          </li>
        ))}
        {list.discounts.length === 0 && <li className="px-4 py-6 text-sm text-muted">{t('discounts.none')}</li>}
      </ul>
      <Pager page={list.page} pages={list.pages} href={(n) => `/admin/discounts${n > 1 ? `?page=${n}` : ''}`} />
    </main>
  )
}

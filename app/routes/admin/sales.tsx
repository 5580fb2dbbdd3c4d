import { Form, Link } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Plus } from '#app/components/icons.tsx'
import type { Route } from './+types/sales'
import { adminSalesQuerySchema } from '#contracts/admin.ts'
import type { SaleStatus } from '#contracts/sales.ts'
import { scopeLabel, windowLabel } from '#app/features/admin/sale-labels.ts'
import { Pager } from '#app/features/admin/pager.tsx'
import { consoleT } from '#app/features/admin/console-text.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { requireAdmin } from '#app/lib/auth.server.ts'
import { parseForm } from '#app/lib/forms.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'

export function meta({ matches, location }: Route.MetaArgs) {
  const t = consoleT(location.pathname)
  return privatePageMeta({
    title: t('sales.meta.title'),
    description: t('sales.meta.description'),
    origin: rootOrigin(matches),
  })
}

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url)
  const { services } = context.get(appContext)
  const raw = Object.fromEntries([...url.searchParams].filter(([, v]) => v !== ''))
  const parsed = parseForm(adminSalesQuerySchema, raw)
  const { page } = parsed.success ? parsed.data : adminSalesQuerySchema.parse({})
  return { page: await services.admin.sales(page) }
}

const statusStyle: Record<SaleStatus, string> = {
  scheduled: 'bg-sand text-ink',
  running: 'bg-accent text-white',
  ended: 'bg-line text-muted',
}

/** The sales, newest first: name, scope, percent, window (Pakistan time) and status; "End now" on the live ones. */
export default function Sales({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin')
  const { page } = loaderData
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize))
  return (
    <main id="main" className="container-page py-8 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="section-title">{t('sales.title')}</h1>
        <Link to="/admin/sales/new" className="btn-primary inline-flex items-center gap-1.5">
          <Plus aria-hidden className="size-4" />
          {t('sales.new')}
        </Link>
      </div>
      <p role="status" className="mt-4 text-sm text-muted">
        {t('sales.count', { count: page.total })}
      </p>
      <ul className="mt-3 divide-y divide-line rounded-2xl border border-line bg-white">
        {page.items.map((sale) => (
          <li key={sale.id} className="grid gap-2 px-4 py-3 text-sm sm:grid-cols-[1fr_auto] sm:items-center sm:gap-4">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2">
                <Link
                  to={`/admin/sales/${sale.id}`}
                  className="font-medium text-ink underline-offset-4 hover:underline"
                >
                  {sale.name}
                </Link>
                <span className="font-semibold text-accent">{t('sales.percentOff', { percent: sale.percentOff })}</span>
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusStyle[sale.status]}`}>
                  {t(`sales.status.${sale.status}`)}
                </span>
              </p>
              <p className="mt-1 text-muted">
                {scopeLabel(t, sale)} · {windowLabel(t, sale)}
              </p>
            </div>
            {sale.status !== 'ended' && (
              <Form method="post" action={`/admin/sales/${sale.id}`}>
                <input type="hidden" name="intent" value="end" />
                {/* Named by what it shows, then which sale: a name that starts with the visible words. */}
                <button
                  type="submit"
                  className="inline-flex min-h-11 items-center rounded-full border border-line px-4 text-sm font-medium text-ink hover:border-ink"
                >
                  {t('sales.endNow')}
                  <span className="sr-only"> {sale.name}</span>
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      <Pager page={page.page} pages={pages} href={(n) => (n > 1 ? `/admin/sales?page=${n}` : '/admin/sales')} />
    </main>
  )
}

import { Form } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import type { Route } from './+types/customers'
import { adminCustomersQuerySchema } from '#contracts/admin.ts'
import { Pager } from '#app/features/admin/pager.tsx'
import { appContext } from '#app/lib/app-context.server.ts'
import { requireAdmin } from '#app/lib/auth.server.ts'
import { parseForm } from '#app/lib/forms.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'
import { consoleT } from '#app/features/admin/console-text.ts'

export function meta({ matches, location }: Route.MetaArgs) {
  const t = consoleT(location.pathname)
  return privatePageMeta({
    title: t('customers.meta.title'),
    description: t('customers.meta.description'),
    origin: rootOrigin(matches),
  })
}

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url)
  const { services } = context.get(appContext)
  const raw = Object.fromEntries([...url.searchParams].filter(([, v]) => v !== ''))
  const parsed = parseForm(adminCustomersQuerySchema, raw)
  const query = parsed.success ? parsed.data : adminCustomersQuerySchema.parse({})
  return { query, page: await services.admin.customers(query) }
}

/** Customers, latest order first: how many orders, delivered and returned (repeat refusers stand out). */
export default function Customers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin')
  const { query, page } = loaderData
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize))
  const pageHref = (n: number) =>
    `/admin/customers?${new URLSearchParams({ ...(query.q ? { q: query.q } : {}), ...(n > 1 ? { page: String(n) } : {}) }).toString()}`
  return (
    <main id="main" className="container-page py-8 sm:py-10">
      <h1 className="section-title">{t('customers.title')}</h1>
      <Form method="get" role="search" className="mt-5 flex gap-2">
        <label className="min-w-0 flex-1">
          <span className="sr-only">{t('customers.search')}</span>
          <input
            type="search"
            name="q"
            defaultValue={query.q}
            placeholder={t('customers.searchPlaceholder')}
            className="field-input"
          />
        </label>
        <button type="submit" className="btn-primary">
          {t('search.button')}
        </button>
      </Form>
      <p role="status" className="mt-4 text-sm text-muted">
        {t('customers.count', { count: page.total })}
      </p>
      <ul className="mt-3 divide-y divide-line rounded-2xl border border-line bg-white">
        {page.items.map((c) => (
          <li
            key={c.id}
            className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[1fr_10rem_auto] sm:items-center sm:gap-4"
          >
            <span className="min-w-0">
              <span className="font-medium text-ink">{c.name}</span>
              <span className="block truncate text-muted">{c.email}</span>
            </span>
            <span className="text-muted">{c.lastPhone ?? t('customers.noOrders')}</span>
            <span className="flex gap-3 text-xs sm:justify-end">
              <span>{t('customers.orders', { count: c.orders })}</span>
              <span className="text-success">{t('customers.delivered', { count: c.delivered })}</span>
              <span className={c.returned > 0 ? 'font-semibold text-danger' : 'text-muted'}>
                {t('customers.returned', { count: c.returned })}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <Pager page={query.page} pages={pages} href={pageHref} />
    </main>
  )
}

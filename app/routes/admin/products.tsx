import { Form, Link } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { FileSpreadsheet, Plus } from '#app/components/icons.tsx'
import type { Route } from './+types/products'
import { Pager } from '#app/features/admin/pager.tsx'
import { appContext } from '#app/lib/app-context.server.ts'
import { requireAdmin } from '#app/lib/auth.server.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'
import { Price } from '#app/components/price.tsx'
import { ProductImage } from '#app/components/product-image.tsx'
import { queryParam } from '#contracts/plain-text.ts'
import { consoleT } from '#app/features/admin/console-text.ts'

export function meta({ matches, location }: Route.MetaArgs) {
  const t = consoleT(location.pathname)
  return privatePageMeta({
    title: t('products.meta.title'),
    description: t('products.meta.description'),
    origin: rootOrigin(matches),
  })
}

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url)
  const { services } = context.get(appContext)
  const q = (queryParam(url.searchParams, 'q') ?? '').slice(0, 100).trim()
  const page = Math.max(1, Math.min(100_000, Number(url.searchParams.get('page')) || 1))
  return { q, result: await services.admin.products({ q, page }) }
}

/** The catalog, newest first: what each product costs and how many of each size are left. */
export default function Products({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin')
  const { q, result } = loaderData
  const pages = Math.max(1, Math.ceil(result.total / result.pageSize))
  const href = (page: number) =>
    `/admin/products?${new URLSearchParams({ ...(q ? { q } : {}), ...(page > 1 ? { page: String(page) } : {}) }).toString()}`
  return (
    <main id="main" className="container-page py-8 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="section-title">{t('products.title')}</h1>
        <div className="flex flex-wrap gap-2">
          <Link
            to="/admin/products/import"
            className="inline-flex min-h-11 items-center gap-1.5 rounded-full border border-line px-4 text-sm font-medium text-ink hover:border-ink"
          >
            <FileSpreadsheet aria-hidden className="size-4" />
            {t('products.import')}
          </Link>
          <Link to="/admin/products/new" className="btn-primary">
            <Plus aria-hidden className="size-4" />
            {t('products.new')}
          </Link>
        </div>
      </div>
      <Form method="get" role="search" className="mt-5 flex gap-2">
        <label className="min-w-0 flex-1">
          <span className="sr-only">{t('products.search')}</span>
          <input
            type="search"
            name="q"
            defaultValue={q}
            placeholder={t('products.searchPlaceholder')}
            className="field-input"
          />
        </label>
        <button type="submit" className="btn-primary">
          {t('search.button')}
        </button>
      </Form>
      <p role="status" className="mt-4 text-sm text-muted">
        {t('products.count', { count: result.total, total: result.total.toLocaleString('en-PK') })}
      </p>
      <ul className="mt-3 divide-y divide-line rounded-2xl border border-line bg-white">
        {result.items.map((p) => (
          <li key={p.id}>
            <Link
              to={`/admin/products/${p.id}`}
              className="grid grid-cols-[56px_minmax(0,1fr)_auto] items-center gap-3 px-3 py-3 hover:bg-paper sm:gap-4 sm:px-4"
            >
              <span className="overflow-hidden rounded-md bg-sand">
                <ProductImage src={p.image1} alt="" sizes="56px" />
              </span>
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium text-ink">
                  {p.name}
                  {p.archived && (
                    <span className="ml-2 rounded-full bg-sand px-2 py-0.5 text-xs font-normal text-muted">
                      {t('products.archived')}
                    </span>
                  )}
                  {p.bestSeller && (
                    <span className="ml-2 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-normal text-accent-dark">
                      {t('products.bestSeller')}
                    </span>
                  )}
                </span>
                <span className="block text-xs text-muted">
                  {p.category} · {p.subCategory}
                </span>
                <span className="mt-1 flex flex-wrap gap-1 text-[11px]">
                  {p.sizes.map((s) => (
                    <span
                      key={s.size}
                      className={`rounded border px-1.5 py-0.5 ${
                        s.stock === 0
                          ? 'border-danger/40 text-danger'
                          : s.stock <= 3
                            ? 'border-accent/40 text-accent-dark'
                            : 'border-line text-muted'
                      }`}
                    >
                      {s.size} · {s.stock}
                    </span>
                  ))}
                </span>
              </span>
              <Price amount={p.price} className="text-sm font-semibold" />
            </Link>
          </li>
        ))}
      </ul>
      <Pager page={result.page} pages={pages} href={href} />
    </main>
  )
}

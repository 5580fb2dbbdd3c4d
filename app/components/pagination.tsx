import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import type { TFunction } from 'i18next'
import { Link } from '#app/lib/i18n/links.tsx'
import { ChevronLeft, ChevronRight } from '#app/components/icons.tsx'

/**
 * 'Showing 25–48 of 1,234 products', or '18 products' when one page holds them all, in the
 * language of `t` (the `catalog` messages; counts with Latin digits: docs/decisions/022).
 */
export function showingLabel(
  { total, page, pageSize }: { total: number; page: number; pageSize: number },
  t: TFunction<'catalog'>,
): string {
  if (total <= pageSize && page === 1) return t('showing.all', { count: total })
  const first = (page - 1) * pageSize + 1
  const last = Math.min(total, page * pageSize)
  if (first > total) return t('showing.past', { count: total, page, pages: pagesOf(total, pageSize) })
  return t('showing.range', { count: total, first, last })
}

export function pagesOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize))
}

/** The page numbers to offer: the first, the last, and two either side of the current one. */
export function pageWindow(page: number, pages: number): (number | 'gap')[] {
  const shown = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((p) => p >= 1 && p <= pages))
  const sorted = [...shown].sort((a, b) => a - b)
  const out: (number | 'gap')[] = []
  for (const p of sorted) {
    const last = out.at(-1)
    if (typeof last === 'number' && p - last > 1) out.push(p - last === 2 ? last + 1 : 'gap')
    out.push(p)
  }
  return out
}

/** Real links to every page (a crawler and a shopper without the app follow them alike). */
export function Pagination({
  page,
  total,
  pageSize,
  hrefFor,
}: {
  page: number
  total: number
  pageSize: number
  hrefFor: (page: number) => string
}) {
  const { t } = useTranslation('catalog')
  const pages = pagesOf(total, pageSize)
  if (pages <= 1 && page <= 1) return null
  const step = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-full text-sm font-medium'
  return (
    <nav aria-label={t('pages.label')} className="mt-10 flex flex-wrap items-center justify-center gap-1.5">
      {page > 1 ? (
        <Link
          to={hrefFor(Math.min(page - 1, pages))}
          rel="prev"
          className={`${step} gap-1 px-3 text-ink hover:bg-sand`}
        >
          <ChevronLeft aria-hidden className="size-4 rtl:-scale-x-100" />
          {t('pages.previous')}
        </Link>
      ) : null}
      <ul className="flex flex-wrap items-center gap-1">
        {pageWindow(Math.min(page, pages), pages).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={hrefFor(p)}
                aria-label={t('pages.page', { page: p })}
                aria-current={p === page ? 'page' : undefined}
                className={`${step} px-2 tabular-nums ${
                  p === page ? 'bg-ink text-white' : 'border border-line bg-white text-ink hover:border-ink'
                }`}
              >
                {p}
              </Link>
            </li>
          ),
        )}
      </ul>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} rel="next" className={`${step} gap-1 px-3 text-ink hover:bg-sand`}>
          {t('pages.next')}
          <ChevronRight aria-hidden className="size-4 rtl:-scale-x-100" />
        </Link>
      ) : null}
    </nav>
  )
}

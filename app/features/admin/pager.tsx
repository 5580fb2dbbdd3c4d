import { Link } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { ChevronLeft, ChevronRight } from '#app/components/icons.tsx'

/** The console's pages: Previous, where we are, Next (real links, so Back works). */
export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  const { t } = useTranslation('admin')
  if (pages <= 1) return null
  const step = 'inline-flex min-h-11 items-center gap-1 rounded-full border border-line bg-white px-4'
  return (
    <nav aria-label={t('pager.label')} className="mt-6 flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} className={step}>
          <ChevronLeft aria-hidden className="size-4" />
          {t('pager.previous')}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-muted">{t('pager.where', { page, pages })}</span>
      {page < pages ? (
        <Link to={href(page + 1)} className={step}>
          {t('pager.next')}
          <ChevronRight aria-hidden className="size-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}

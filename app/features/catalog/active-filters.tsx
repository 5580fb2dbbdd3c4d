import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Link } from '#app/lib/i18n/links.tsx'
import { X } from '#app/components/icons.tsx'
import { collectionHref, priceRangeLabel, type CatalogFilters } from '#contracts/catalog-filters.ts'
import { useFilterWord } from '#app/features/catalog/filter-words.ts'

/** The filters in force as chips, each a link to the collection without it, and one to clear them all. */
export function ActiveFilters({ filters, clearHref }: { filters: CatalogFilters; clearHref: string }) {
  const { t } = useTranslation('catalog')
  const word = useFilterWord()
  const without = (change: Partial<CatalogFilters>) => collectionHref({ ...filters, ...change, page: 1 })
  const price = priceRangeLabel(filters, word)
  const chips = [
    ...filters.categories.map((c) => ({
      label: word(`category.${c}`),
      href: without({ categories: filters.categories.filter((x) => x !== c) }),
    })),
    ...filters.subCategories.map((s) => ({
      label: word(`subCategory.${s}`),
      href: without({ subCategories: filters.subCategories.filter((x) => x !== s) }),
    })),
    ...filters.sizes.map((s) => ({
      label: t('chips.size', { size: s }),
      href: without({ sizes: filters.sizes.filter((x) => x !== s) }),
    })),
    ...(price ? [{ label: price, href: without({ minPrice: null, maxPrice: null }) }] : []),
    ...(filters.onSale ? [{ label: word('describe.onSale'), href: without({ onSale: false }) }] : []),
    ...(filters.rated ? [{ label: word('describe.rated'), href: without({ rated: false }) }] : []),
    ...(filters.q.trim()
      ? [{ label: word('describe.search', { q: filters.q.trim() }), href: without({ q: '' }) }]
      : []),
  ]
  const chip = 'inline-flex min-h-9 items-center gap-1.5 rounded-full text-sm font-medium transition-colors'
  return (
    <ul aria-label={t('chips.label')} className="mt-4 flex flex-wrap items-center gap-2">
      {chips.map((c) => (
        <li key={c.label}>
          <Link
            to={c.href}
            replace
            preventScrollReset
            aria-label={t('chips.remove', { label: c.label })}
            className={`${chip} bg-sand py-1 pe-2.5 ps-3.5 text-ink hover:bg-line`}
          >
            {c.label}
            <X aria-hidden className="size-3.5" />
          </Link>
        </li>
      ))}
      <li>
        <Link
          to={clearHref}
          replace
          preventScrollReset
          className={`${chip} px-2 text-muted underline underline-offset-4 hover:text-ink`}
        >
          {t('chips.clearAll')}
        </Link>
      </li>
    </ul>
  )
}

import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Link } from '#app/lib/i18n/links.tsx'
import { useLang } from '#app/lib/i18n/language.ts'
import { Kept } from '#app/lib/kept-markup.tsx'
import { ChevronRight } from '#app/components/icons.tsx'
import { useFilterWord } from '#app/features/catalog/filter-words.ts'
import type { Product } from '#contracts/catalog.ts'

/**
 * Home › Collection › the product's category › its type. The server keeps its markup for the
 * language, the category and the type (docs/decisions/050).
 */
export function ProductBreadcrumb({ product }: { product: Pick<Product, 'category' | 'subCategory'> }) {
  const { t } = useTranslation('catalog')
  const lang = useLang()
  return (
    <Kept
      as="nav"
      cacheKey={`breadcrumb ${lang} ${JSON.stringify([product.category, product.subCategory])}`}
      aria-label={t('detail.breadcrumb')}
      className="mb-5 sm:mb-8"
    >
      <Trail category={product.category} subCategory={product.subCategory} />
    </Kept>
  )
}

function Trail({ category, subCategory }: Pick<Product, 'category' | 'subCategory'>) {
  const { t } = useTranslation('catalog')
  const word = useFilterWord()
  const categoryHref = `/collection?category=${category}`
  return (
    <ol className="flex flex-wrap items-center gap-1 text-sm text-muted">
      {[
        { to: '/', label: t('detail.home') },
        { to: '/collection', label: t('detail.collection') },
        { to: categoryHref, label: word(`category.${category}`) },
      ].map((c) => (
        <li key={c.to} className="flex items-center gap-1">
          <Link to={c.to} className="rounded py-1 hover:text-ink hover:underline">
            {c.label}
          </Link>
          <ChevronRight aria-hidden className="size-3.5 rtl:-scale-x-100" />
        </li>
      ))}
      <li>
        <Link to={`${categoryHref}&subCategory=${subCategory}`} className="rounded py-1 hover:text-ink hover:underline">
          {word(`subCategory.${subCategory}`)}
        </Link>
      </li>
    </ol>
  )
}

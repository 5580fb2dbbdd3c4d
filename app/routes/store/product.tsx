import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Link } from '#app/lib/i18n/links.tsx'
import { ArrowRight } from '#app/components/icons.tsx'
import type { Route } from './+types/product'
import { appContext } from '#app/lib/app-context.server.ts'
import { pageMeta, rootOrigin } from '#app/lib/meta.ts'
import { categories } from '#contracts/catalog.ts'
import { langOfPath, locale } from '#contracts/languages.ts'
import { i18nFor } from '#app/lib/i18n/i18n.ts'
import { requestLang, useLang } from '#app/lib/i18n/language.ts'
import { inLanguage } from '#app/lib/i18n/product-text.ts'
import { NO_FILTERS, parseFilters } from '#contracts/catalog-filters.ts'
import { groupedDigits } from '#contracts/digits.ts'
import { Pagination, showingLabel } from '#app/components/pagination.tsx'
import { ProductCardItem, ProductGrid } from '#app/components/product-card.tsx'

// docs/spec/rulings.md #20: the product listing, paged like the collection.
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const filters = { ...NO_FILTERS, page: parseFilters(new URL(request.url).searchParams).page }
  const result = await services.catalog.browse(filters)
  const lang = requestLang(request)
  return { ...result, items: result.items.map((p) => inLanguage(lang, p)) }
}

const pageHref = (page: number) => (page > 1 ? `/product?page=${page}` : '/product')

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const lang = langOfPath(location.pathname)
  const t = i18nFor(lang).getFixedT(lang, 'catalog')
  return pageMeta({
    title: t('listing.metaTitle'),
    description: loaderData
      ? t('listing.metaDescriptionCount', { total: loaderData.total })
      : t('listing.metaDescription'),
    image: loaderData?.items[0]?.image1,
    origin: rootOrigin(matches),
    path: pageHref(loaderData?.page ?? 1),
    lang,
  })
}

export default function ProductListing({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageSize, facets } = loaderData
  const { t } = useTranslation('catalog')
  const lang = useLang()
  const groups = categories.filter((c) => facets.categories[c] > 0)
  return (
    <main id="main" className="container-page pt-8 pb-16 sm:pt-12 sm:pb-24">
      <div className="flex flex-wrap items-end justify-between gap-4 border-b border-line pb-6">
        <div className="max-w-2xl">
          <p className="text-xs font-semibold tracking-[0.22em] text-accent uppercase">{t('listing.eyebrow')}</p>
          {/* Nastaliq's tall letters reach into the line above: more room on Urdu pages. */}
          <h1 className="mt-2 font-display text-3xl font-semibold tracking-tight text-ink sm:text-4xl [&:lang(ur)]:mt-5">
            {t('listing.title')}
          </h1>
          <p className="mt-3 text-sm leading-relaxed text-muted sm:text-base">{t('listing.intro', { count: total })}</p>
        </div>
        <Link to="/collection" className="btn-secondary">
          {t('listing.filterAndSort')}
        </Link>
      </div>

      {groups.length > 1 && (
        <nav aria-label={t('listing.categories')} className="mt-6">
          <ul className="flex flex-wrap gap-2">
            {groups.map((category) => (
              <li key={category}>
                <Link
                  to={`/collection?category=${category}`}
                  className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line bg-white px-4 text-sm font-medium text-ink transition-colors hover:border-ink"
                >
                  {t(`category.${category}`)}
                  <span aria-hidden className="text-xs text-muted tabular-nums">
                    {groupedDigits(facets.categories[category]) ??
                      facets.categories[category].toLocaleString(locale(lang))}
                  </span>
                  <ArrowRight aria-hidden className="size-4 rtl:-scale-x-100" />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}

      {total === 0 ? (
        <div className="mt-10 rounded-2xl border border-dashed border-line bg-white/60 px-6 py-16 text-center">
          <p className="font-display text-xl font-semibold text-ink">{t('listing.emptyTitle')}</p>
          <p className="mx-auto mt-2 max-w-sm text-sm text-muted">{t('listing.emptyText')}</p>
        </div>
      ) : (
        <section aria-labelledby="listing-title" className="mt-8 sm:mt-10">
          <h2 id="listing-title" className="sr-only">
            {t('results.heading')}
          </h2>
          <p role="status" className="mb-6 text-sm font-medium text-ink tabular-nums">
            {showingLabel({ total, page, pageSize }, t)}
          </p>
          {items.length > 0 ? (
            <ProductGrid>
              {items.map((product, i) => (
                <ProductCardItem key={product._id} product={product} priority={page === 1 && i < 4} />
              ))}
            </ProductGrid>
          ) : (
            <p className="rounded-2xl border border-dashed border-line bg-white/60 px-6 py-16 text-center">
              <Link to="/product" className="btn-secondary">
                {t('results.firstPage')}
              </Link>
            </p>
          )}
          <Pagination page={page} total={total} pageSize={pageSize} hrefFor={pageHref} />
        </section>
      )}
    </main>
  )
}

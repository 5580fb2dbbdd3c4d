import { useNavigation } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Link } from '#app/lib/i18n/links.tsx'
import { langOfPath, withoutLang } from '#contracts/languages.ts'
import { i18nFor } from '#app/lib/i18n/i18n.ts'
import { redirectIn, requestLang } from '#app/lib/i18n/language.ts'
import { inLanguage } from '#app/lib/i18n/product-text.ts'
import type { Route } from './+types/collection'
import { appContext } from '#app/lib/app-context.server.ts'
import { pageMeta, rootOrigin } from '#app/lib/meta.ts'
import {
  collectionHref,
  describeFilters,
  filtersToSearch,
  hasActiveFilters,
  NO_FILTERS,
  parseFilters,
} from '#contracts/catalog-filters.ts'
import { ActiveFilters } from '#app/features/catalog/active-filters.tsx'
import { filterWordIn } from '#app/features/catalog/filter-words.ts'
import { CollectionFilters, SortSelect } from '#app/features/catalog/collection-filters.tsx'
import { ProductCardItem, ProductGrid } from '#app/components/product-card.tsx'
import { Pagination, showingLabel } from '#app/components/pagination.tsx'

// Filters, sort, search and page live in the URL and are answered here, on the server,
// by the catalog's queries, so a filtered view renders complete on first load and can
// be shared. A URL that says the same view another way is sent to its shortest form.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const url = new URL(request.url)
  const filters = parseFilters(url.searchParams)
  const canonical = filtersToSearch(filters).toString()
  if (canonical !== url.searchParams.toString()) throw redirectIn(request, collectionHref(filters), 301)
  const result = await services.catalog.browse(filters)
  const lang = requestLang(request)
  return { ...result, items: result.items.map((p) => inLanguage(lang, p)), filters }
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const lang = langOfPath(location.pathname)
  const t = i18nFor(lang).getFixedT(lang, 'catalog')
  const filters = loaderData?.filters
  const label = filters ? describeFilters(filters, filterWordIn(t)) : ''
  const total = loaderData?.total ?? 0
  const page = filters && filters.page > 1 ? filters.page : null
  const title = label
    ? page
      ? t('collection.metaTitleFilteredPage', { label, page })
      : t('collection.metaTitleFiltered', { label })
    : page
      ? t('collection.metaTitlePage', { page })
      : t('collection.metaTitle')
  return pageMeta({
    title,
    description: label
      ? t('collection.metaDescriptionFiltered', { count: total, label })
      : t('collection.metaDescription'),
    image: loaderData?.items[0]?.image1,
    origin: rootOrigin(matches),
    path: filters ? collectionHref(filters) : '/collection',
    lang,
  })
}

export default function Collection({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageSize, facets, filters } = loaderData
  const { t } = useTranslation('catalog')
  const navigation = useNavigation()
  const pending = navigation.state === 'loading' && withoutLang(navigation.location.pathname) === '/collection'
  const cleared = collectionHref({ ...NO_FILTERS, sort: filters.sort })

  return (
    <main id="main" className="container-page pt-8 pb-16 sm:pt-12 sm:pb-24">
      <div className="max-w-2xl">
        <p className="text-xs font-semibold tracking-[0.22em] text-accent uppercase">{t('collection.eyebrow')}</p>
        {/* Nastaliq's tall letters reach into the line above: more room on Urdu pages. */}
        <h1 className="mt-2 font-display text-3xl font-semibold tracking-tight text-ink sm:text-4xl [&:lang(ur)]:mt-5">
          {t('collection.title')}
        </h1>
        <p className="mt-3 text-sm leading-relaxed text-muted sm:text-base">{t('collection.intro')}</p>
      </div>

      <div className="mt-8 grid gap-5 md:mt-10 md:grid-cols-[200px_minmax(0,1fr)] md:gap-10 lg:grid-cols-[220px_minmax(0,1fr)] lg:gap-12">
        <aside aria-label={t('filters.title')} className="md:self-start">
          <CollectionFilters filters={filters} facets={facets} />
        </aside>

        <section aria-labelledby="collection-results" className="min-w-0">
          <h2 id="collection-results" className="sr-only">
            {t('results.heading')}
          </h2>
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line pb-4">
            <p role="status" className="text-sm font-medium text-ink tabular-nums">
              {showingLabel({ total, page, pageSize }, t)}
            </p>
            <SortSelect value={filters.sort} />
          </div>

          {hasActiveFilters(filters) && <ActiveFilters filters={filters} clearHref={cleared} />}

          <div aria-busy={pending} className={`mt-6 transition-opacity ${pending ? 'opacity-60' : ''}`}>
            {items.length > 0 ? (
              <ProductGrid columns="grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
                {items.map((product, i) => (
                  // Cards past the first rows are laid out when they near the screen: Nastaliq is
                  // slow to shape, and 24 cards of it held an Urdu phone's first seconds.
                  <ProductCardItem
                    key={product._id}
                    className={i >= 4 ? 'card-deferred' : undefined}
                    product={product}
                    priority={page === 1 && i < 2}
                  />
                ))}
              </ProductGrid>
            ) : total > 0 ? (
              <div className="rounded-2xl border border-dashed border-line bg-white/60 px-6 py-16 text-center">
                <p className="font-display text-xl font-semibold text-ink">{t('results.pastLast')}</p>
                <Link to={collectionHref({ ...filters, page: 1 })} className="btn-secondary mt-6">
                  {t('results.firstPage')}
                </Link>
              </div>
            ) : (
              <div className="rounded-2xl border border-dashed border-line bg-white/60 px-6 py-16 text-center">
                <p className="font-display text-xl font-semibold text-ink">{t('collection.noMatch')}</p>
                <p className="mx-auto mt-2 max-w-sm text-sm text-muted">{t('collection.noMatchHint')}</p>
                <Link to={cleared} replace preventScrollReset className="btn-secondary mt-6">
                  {t('collection.clearFilters')}
                </Link>
              </div>
            )}
          </div>

          <Pagination
            page={page}
            total={total}
            pageSize={pageSize}
            hrefFor={(p) => collectionHref({ ...filters, page: p })}
          />
        </section>
      </div>
    </main>
  )
}

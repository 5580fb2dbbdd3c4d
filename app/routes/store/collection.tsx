import { redirect, useNavigation } from 'react-router'
import { Link } from '#app/lib/i18n/links.tsx'
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
import { CollectionFilters, SortSelect } from '#app/features/catalog/collection-filters.tsx'
import { ProductCard, ProductGrid } from '#app/components/product-card.tsx'
import { Pagination, showingLabel } from '#app/components/pagination.tsx'

// Filters, sort, search and page live in the URL and are answered here, on the server,
// by the catalog's queries, so a filtered view renders complete on first load and can
// be shared. A URL that says the same view another way is sent to its shortest form.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const url = new URL(request.url)
  const filters = parseFilters(url.searchParams)
  const canonical = filtersToSearch(filters).toString()
  if (canonical !== url.searchParams.toString()) throw redirect(collectionHref(filters), 301)
  const result = await services.catalog.browse(filters)
  return { ...result, filters }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const filters = loaderData?.filters
  const label = filters ? describeFilters(filters) : ''
  const total = loaderData?.total ?? 0
  const page = filters && filters.page > 1 ? ` · Page ${filters.page}` : ''
  return pageMeta({
    title: label ? `${label}${page} · Collection | Kapra` : `All Collections${page} | Kapra`,
    description: label
      ? `${countLabel(total)} for ${label} at Kapra: clothing for men, women and kids, with cash on delivery across Pakistan.`
      : 'Shop the whole Kapra collection: kurtas, shirts, denim and winter layers for men, women and kids, with cash on delivery across Pakistan.',
    image: loaderData?.items[0]?.image1,
    origin: rootOrigin(matches),
    path: filters ? collectionHref(filters) : '/collection',
  })
}

function countLabel(n: number) {
  return `${n.toLocaleString('en-PK')} ${n === 1 ? 'product' : 'products'}`
}

export default function Collection({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageSize, facets, filters } = loaderData
  const navigation = useNavigation()
  const pending = navigation.state === 'loading' && navigation.location.pathname === '/collection'
  const cleared = collectionHref({ ...NO_FILTERS, sort: filters.sort })

  return (
    <main id="main" className="container-page pt-8 pb-16 sm:pt-12 sm:pb-24">
      <div className="max-w-2xl">
        <p className="text-xs font-semibold tracking-[0.22em] text-accent uppercase">The Kapra edit</p>
        <h1 className="mt-2 font-display text-3xl font-semibold tracking-tight text-ink sm:text-4xl">
          All Collections
        </h1>
        <p className="mt-3 text-sm leading-relaxed text-muted sm:text-base">
          Kurtas, shirts, denim and winter layers for men, women and kids. Cash on delivery across Pakistan.
        </p>
      </div>

      <div className="mt-8 grid gap-5 md:mt-10 md:grid-cols-[200px_minmax(0,1fr)] md:gap-10 lg:grid-cols-[220px_minmax(0,1fr)] lg:gap-12">
        <aside aria-label="Filters" className="md:self-start">
          <CollectionFilters filters={filters} facets={facets} />
        </aside>

        <section aria-labelledby="collection-results" className="min-w-0">
          <h2 id="collection-results" className="sr-only">
            Products
          </h2>
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line pb-4">
            <p role="status" className="text-sm font-medium text-ink tabular-nums">
              {showingLabel({ total, page, pageSize })}
            </p>
            <SortSelect value={filters.sort} />
          </div>

          {hasActiveFilters(filters) && <ActiveFilters filters={filters} clearHref={cleared} />}

          <div aria-busy={pending} className={`mt-6 transition-opacity ${pending ? 'opacity-60' : ''}`}>
            {items.length > 0 ? (
              <ProductGrid columns="grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
                {items.map((product, i) => (
                  <li key={product._id}>
                    <ProductCard product={product} priority={page === 1 && i < 2} />
                  </li>
                ))}
              </ProductGrid>
            ) : total > 0 ? (
              <div className="rounded-2xl border border-dashed border-line bg-white/60 px-6 py-16 text-center">
                <p className="font-display text-xl font-semibold text-ink">This page is past the last one</p>
                <Link to={collectionHref({ ...filters, page: 1 })} className="btn-secondary mt-6">
                  Back to the first page
                </Link>
              </div>
            ) : (
              <div className="rounded-2xl border border-dashed border-line bg-white/60 px-6 py-16 text-center">
                <p className="font-display text-xl font-semibold text-ink">No products match your filters</p>
                <p className="mx-auto mt-2 max-w-sm text-sm text-muted">
                  Try fewer filters or a different search word.
                </p>
                <Link to={cleared} replace preventScrollReset className="btn-secondary mt-6">
                  Clear filters
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

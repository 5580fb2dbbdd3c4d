import { useState } from 'react'
import { Link, useLocation, useNavigate, useNavigation } from 'react-router'
import { X } from 'lucide-react'
import type { Route } from './+types/collection'
import { appContext } from '#app/lib/app-context.ts'
import { pageMeta, rootOrigin } from '#app/lib/meta.ts'
import {
  describeFilters,
  facetCounts,
  filterProducts,
  filtersToSearch,
  hasActiveFilters,
  parseFilters,
  type CatalogFilters,
} from '#app/features/catalog/filter.ts'
import { CollectionFilters, SortSelect } from '#app/features/catalog/collection-filters.tsx'
import { ProductCard, ProductGrid } from '#app/features/catalog/product-card.tsx'

// Filters, sort and search live in the URL and are applied here, on the server, so a
// filtered view renders complete on first load and can be shared (issue 3).
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const filters = parseFilters(new URL(request.url).searchParams)
  const all = await services.catalog.list()
  const products = filterProducts(all, filters).map(({ _id, name, price, image1 }) => ({ _id, name, price, image1 }))
  return { products, filters, counts: facetCounts(all, filters) }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const filters = loaderData?.filters
  const label = filters ? describeFilters(filters) : ''
  const count = loaderData?.products.length ?? 0
  const search = filters ? filtersToSearch(filters).toString() : ''
  return pageMeta({
    title: label ? `${label} · Collection | Kapra` : 'All Collections | Kapra',
    description: label
      ? `${countLabel(count)} for ${label} at Kapra: clothing for men, women and kids, with cash on delivery across Pakistan.`
      : 'Shop the whole Kapra collection: kurtas, shirts, denim and winter layers for men, women and kids, with cash on delivery across Pakistan.',
    image: loaderData?.products[0]?.image1,
    origin: rootOrigin(matches),
    path: `/collection${search ? `?${search}` : ''}`,
  })
}

function countLabel(n: number) {
  return `${n} ${n === 1 ? 'product' : 'products'}`
}

export default function Collection({ loaderData }: Route.ComponentProps) {
  const { products, counts } = loaderData
  const navigate = useNavigate()
  const navigation = useNavigation()
  const location = useLocation()
  const pending = navigation.state === 'loading' && navigation.location.pathname === '/collection'
  // The controls show the shopper's choice at once, while that view loads; the URL
  // (back, forward, links, the search bar) takes over as soon as it changes.
  const [chosen, setChosen] = useState<{ from: string; filters: CatalogFilters } | null>(null)
  const filters =
    chosen?.from === location.search
      ? chosen.filters
      : parseFilters(new URLSearchParams(pending ? navigation.location.search : location.search))

  const hrefFor = (next: CatalogFilters) => {
    const search = filtersToSearch(next).toString()
    return search ? `/collection?${search}` : '/collection'
  }
  const update = (next: CatalogFilters) => {
    setChosen({ from: location.search, filters: next })
    void navigate(hrefFor(next), { replace: true, preventScrollReset: true })
  }
  const cleared = hrefFor({ categories: [], subCategories: [], q: '', sort: filters.sort })

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
          <CollectionFilters filters={filters} counts={counts} onChange={update} />
        </aside>

        <section aria-labelledby="collection-results" className="min-w-0">
          <h2 id="collection-results" className="sr-only">
            Products
          </h2>
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line pb-4">
            <p role="status" className="text-sm font-medium text-ink tabular-nums">
              {countLabel(products.length)}
            </p>
            <SortSelect value={filters.sort} onChange={(sort) => update({ ...filters, sort })} />
          </div>

          {hasActiveFilters(filters) && <ActiveFilters filters={filters} hrefFor={hrefFor} clearHref={cleared} />}

          <div aria-busy={pending} className={`mt-6 transition-opacity ${pending ? 'opacity-60' : ''}`}>
            {products.length > 0 ? (
              <ProductGrid columns="grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
                {products.map((product, i) => (
                  <li key={product._id}>
                    <ProductCard product={product} priority={i < 2} />
                  </li>
                ))}
              </ProductGrid>
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
        </section>
      </div>
    </main>
  )
}

function ActiveFilters({
  filters,
  hrefFor,
  clearHref,
}: {
  filters: CatalogFilters
  hrefFor: (f: CatalogFilters) => string
  clearHref: string
}) {
  const chips = [
    ...filters.categories.map((c) => ({
      label: c,
      href: hrefFor({ ...filters, categories: filters.categories.filter((x) => x !== c) }),
    })),
    ...filters.subCategories.map((s) => ({
      label: s,
      href: hrefFor({ ...filters, subCategories: filters.subCategories.filter((x) => x !== s) }),
    })),
    ...(filters.q.trim() ? [{ label: `“${filters.q.trim()}”`, href: hrefFor({ ...filters, q: '' }) }] : []),
  ]
  const chip = 'inline-flex min-h-9 items-center gap-1.5 rounded-full text-sm font-medium transition-colors'
  return (
    <ul aria-label="Active filters" className="mt-4 flex flex-wrap items-center gap-2">
      {chips.map((c) => (
        <li key={c.label}>
          <Link
            to={c.href}
            replace
            preventScrollReset
            aria-label={`Remove filter ${c.label}`}
            className={`${chip} bg-sand py-1 pr-2.5 pl-3.5 text-ink hover:bg-line`}
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
          Clear all
        </Link>
      </li>
    </ul>
  )
}

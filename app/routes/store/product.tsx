import { Link } from '#app/lib/i18n/links.tsx'
import { ArrowRight } from 'lucide-react'
import type { Route } from './+types/product'
import { appContext } from '#app/lib/app-context.server.ts'
import { pageMeta, rootOrigin } from '#app/lib/meta.ts'
import { categories } from '#contracts/catalog.ts'
import { NO_FILTERS, parseFilters } from '#contracts/catalog-filters.ts'
import { Pagination, showingLabel } from '#app/components/pagination.tsx'
import { ProductCard, ProductGrid } from '#app/components/product-card.tsx'

// docs/spec/rulings.md #20: the product listing, paged like the collection.
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const filters = { ...NO_FILTERS, page: parseFilters(new URL(request.url).searchParams).page }
  return services.catalog.browse(filters)
}

const pageHref = (page: number) => (page > 1 ? `/product?page=${page}` : '/product')

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'All Products | Kapra',
    description: `Every piece in the Kapra store${
      loaderData ? `, ${loaderData.total.toLocaleString('en-PK')} in all` : ''
    }: clothing for men, women and kids, from everyday tops to winter coats, with cash on delivery across Pakistan.`,
    image: loaderData?.items[0]?.image1,
    origin: rootOrigin(matches),
    path: pageHref(loaderData?.page ?? 1),
  })
}

export default function ProductListing({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageSize, facets } = loaderData
  const groups = categories.filter((c) => facets.categories[c] > 0)
  return (
    <main id="main" className="container-page pt-8 pb-16 sm:pt-12 sm:pb-24">
      <div className="flex flex-wrap items-end justify-between gap-4 border-b border-line pb-6">
        <div className="max-w-2xl">
          <p className="text-xs font-semibold tracking-[0.22em] text-accent uppercase">Shop all</p>
          <h1 className="mt-2 font-display text-3xl font-semibold tracking-tight text-ink sm:text-4xl">All Products</h1>
          <p className="mt-3 text-sm leading-relaxed text-muted sm:text-base">
            {total.toLocaleString('en-PK')} {total === 1 ? 'piece' : 'pieces'} for men, women and kids, from everyday
            tops to winter coats.
          </p>
        </div>
        <Link to="/collection" className="btn-secondary">
          Filter and sort
        </Link>
      </div>

      {groups.length > 1 && (
        <nav aria-label="Shop a category" className="mt-6">
          <ul className="flex flex-wrap gap-2">
            {groups.map((category) => (
              <li key={category}>
                <Link
                  to={`/collection?category=${category}`}
                  className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line bg-white px-4 text-sm font-medium text-ink transition-colors hover:border-ink"
                >
                  {category}
                  <span aria-hidden className="text-xs text-muted tabular-nums">
                    {facets.categories[category].toLocaleString('en-PK')}
                  </span>
                  <ArrowRight aria-hidden className="size-4" />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}

      {total === 0 ? (
        <div className="mt-10 rounded-2xl border border-dashed border-line bg-white/60 px-6 py-16 text-center">
          <p className="font-display text-xl font-semibold text-ink">New pieces are on their way</p>
          <p className="mx-auto mt-2 max-w-sm text-sm text-muted">
            The store has no products right now. Please check back soon.
          </p>
        </div>
      ) : (
        <section aria-labelledby="listing-title" className="mt-8 sm:mt-10">
          <h2 id="listing-title" className="sr-only">
            Products
          </h2>
          <p role="status" className="mb-6 text-sm font-medium text-ink tabular-nums">
            {showingLabel({ total, page, pageSize })}
          </p>
          {items.length > 0 ? (
            <ProductGrid>
              {items.map((product, i) => (
                <li key={product._id}>
                  <ProductCard product={product} priority={page === 1 && i < 4} />
                </li>
              ))}
            </ProductGrid>
          ) : (
            <p className="rounded-2xl border border-dashed border-line bg-white/60 px-6 py-16 text-center">
              <Link to="/product" className="btn-secondary">
                Back to the first page
              </Link>
            </p>
          )}
          <Pagination page={page} total={total} pageSize={pageSize} hrefFor={pageHref} />
        </section>
      )}
    </main>
  )
}

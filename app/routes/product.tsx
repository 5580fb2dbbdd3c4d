import { Link } from 'react-router'
import { ArrowRight } from 'lucide-react'
import type { Route } from './+types/product'
import { categories } from '#contracts/catalog.ts'
import { appContext } from '#app/lib/app-context.ts'
import { pageMeta, rootOrigin } from '#app/lib/meta.ts'
import { ProductCard, ProductGrid } from '#app/features/catalog/product-card.tsx'

// DECISIONS 20: the spec leaves /product's content unshown; it is the full listing.
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const all = await services.catalog.list()
  const card = ({ _id, name, price, image1 }: (typeof all)[number]) => ({ _id, name, price, image1 })
  return {
    total: all.length,
    groups: categories
      .map((category) => ({ category, products: all.filter((p) => p.category === category).map(card) }))
      .filter((g) => g.products.length > 0),
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'All Products | Kapra',
    description: `Every piece in the Kapra store${
      loaderData ? `, ${loaderData.total} in all` : ''
    }: clothing for men, women and kids, from everyday tops to winter coats, with cash on delivery across Pakistan.`,
    image: loaderData?.groups[0]?.products[0]?.image1,
    origin: rootOrigin(matches),
    path: '/product',
  })
}

export default function ProductListing({ loaderData }: Route.ComponentProps) {
  const { total, groups } = loaderData
  return (
    <main id="main" className="container-page pt-8 pb-16 sm:pt-12 sm:pb-24">
      <div className="flex flex-wrap items-end justify-between gap-4 border-b border-line pb-6">
        <div className="max-w-2xl">
          <p className="text-xs font-semibold tracking-[0.22em] text-accent uppercase">Shop all</p>
          <h1 className="mt-2 font-display text-3xl font-semibold tracking-tight text-ink sm:text-4xl">All Products</h1>
          <p className="mt-3 text-sm leading-relaxed text-muted sm:text-base">
            {total} {total === 1 ? 'piece' : 'pieces'} for men, women and kids, from everyday tops to winter coats.
          </p>
        </div>
        <Link to="/collection" className="btn-secondary">
          Filter and sort
        </Link>
      </div>

      {groups.length > 1 && (
        <nav aria-label="Jump to a category" className="mt-6">
          <ul className="flex flex-wrap gap-2">
            {groups.map(({ category, products }) => (
              <li key={category}>
                <a
                  href={`#listing-${category}`}
                  className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line bg-white px-4 text-sm font-medium text-ink transition-colors hover:border-ink"
                >
                  {category}
                  <span aria-hidden className="text-xs text-muted tabular-nums">
                    {products.length}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}

      {groups.length === 0 ? (
        <div className="mt-10 rounded-2xl border border-dashed border-line bg-white/60 px-6 py-16 text-center">
          <p className="font-display text-xl font-semibold text-ink">New pieces are on their way</p>
          <p className="mx-auto mt-2 max-w-sm text-sm text-muted">
            The store has no products right now. Please check back soon.
          </p>
        </div>
      ) : (
        groups.map(({ category, products }, g) => (
          <section key={category} aria-labelledby={`listing-${category}`} className="mt-10 scroll-mt-24 sm:mt-14">
            <div className="mb-6 flex items-baseline justify-between gap-4">
              <h2 id={`listing-${category}`} className="section-title">
                {category}
                <span aria-hidden className="ml-3 align-middle text-sm font-normal text-muted tabular-nums">
                  {products.length}
                </span>
              </h2>
              <Link
                to={`/collection?category=${category}`}
                className="inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-ink underline-offset-4 hover:text-accent hover:underline"
              >
                Shop {category}
                <ArrowRight aria-hidden className="size-4" />
              </Link>
            </div>
            <ProductGrid>
              {products.map((product, i) => (
                <li key={product._id}>
                  <ProductCard product={product} priority={g === 0 && i < 4} />
                </li>
              ))}
            </ProductGrid>
          </section>
        ))
      )}
    </main>
  )
}

import { describe, expect, test } from 'vitest'
import type { Lang } from '#contracts/languages.ts'
import { NO_FILTERS, type CatalogFilters, type Facets } from '#contracts/catalog-filters.ts'
import { CollectionFilters } from '#app/features/catalog/collection-filters.tsx'
import { SizeChart } from '#app/features/catalog/size-chart.tsx'
import { ProductBreadcrumb } from '#app/features/catalog/product-breadcrumb.tsx'
import { ProductDescription } from '#app/features/catalog/product-description.tsx'
import type { Product, SizeChartRow } from '#contracts/catalog.ts'
import type { MarkupCache } from '#app/lib/kept-markup.tsx'
import { createMarkupCache } from '#app/lib/kept-markup.server.ts'
import { drawPageAt } from '#tests/support/server-render.tsx'

// The collection's filters and a product's size chart, breadcrumb and description kept (docs/decisions/050): React in production does not mend an
// attribute that differs at hydration, so this test, not the browser, holds the key honest.

/**
 * Each view drawn with `cache` (the first time, then from the cache) must be byte for byte
 * what is drawn without one.
 */
async function expectKeptAsDrawn<View>(
  cache: MarkupCache,
  views: View[],
  draw: (view: View & { cache: MarkupCache | null }) => Promise<string>,
) {
  for (const view of views) {
    const plain = await draw({ ...view, cache: null })
    expect(await draw({ ...view, cache })).toBe(plain)
    expect(await draw({ ...view, cache })).toBe(plain)
  }
}

const facets: Facets = {
  categories: { Men: 12, Women: 30, Kids: 0 },
  subCategories: { TopWear: 20, BottomWear: 15, WinterWear: 7 },
  sizes: [
    { size: 'S', count: 9 },
    { size: 'M', count: 14 },
    { size: 'XL', count: 0 },
  ],
  price: { min: 1390, max: 11990 },
  onSale: 4,
  rated: 6,
}

function drawFilters({
  cache,
  lang = 'en',
  filters = NO_FILTERS,
  facets: given = facets,
}: {
  cache: MarkupCache | null
  lang?: Lang
  filters?: CatalogFilters
  facets?: Facets
}): Promise<string> {
  return drawPageAt({
    cache,
    lang,
    path: lang === 'en' ? '/collection' : '/ur/collection',
    Component: () => <CollectionFilters filters={filters} facets={given} />,
  })
}

const views: { lang?: Lang; filters?: CatalogFilters; facets?: Facets }[] = [
  {},
  { lang: 'ur' },
  { filters: { ...NO_FILTERS, categories: ['Men'], sizes: ['M'], onSale: true } },
  { filters: { ...NO_FILTERS, minPrice: 1500, maxPrice: 4000, rated: true, q: 'kurta "lawn" <b>' } },
  { lang: 'ur', filters: { ...NO_FILTERS, subCategories: ['TopWear', 'WinterWear'] } },
  { facets: { ...facets, sizes: [], price: null, categories: { Men: 0, Women: 0, Kids: 0 } } },
]

describe('the collection filters kept', () => {
  test('kept, the filters are the very markup drawn without a cache, the first time and after', async () => {
    const cache = createMarkupCache({ maxChars: 1_000_000 })
    await expectKeptAsDrawn(cache, views, drawFilters)
    expect(cache.size).toBe(views.length)
  })

  test('every choice, count and language is in the key: a view drawn after another shows its own', async () => {
    const cache = createMarkupCache({ maxChars: 1_000_000 })
    await drawFilters({ cache })
    const men = await drawFilters({ cache, filters: { ...NO_FILTERS, categories: ['Men'] } })
    expect(men).toMatch(/checked="" value="Men"/)
    const fewer = await drawFilters({ cache, facets: { ...facets, onSale: 1 } })
    expect(fewer).toMatch(/id="collection-filters-sale-1-count"[^>]*>1</)
    expect(fewer).not.toMatch(/checked="" value="Men"/)
    const urdu = await drawFilters({ cache, lang: 'ur' })
    expect(urdu).toBe(await drawFilters({ cache: null, lang: 'ur' }))
    expect(urdu).not.toBe(await drawFilters({ cache }))
    // The page of results is not drawn by the filters: every page of a view shares them.
    await drawFilters({ cache, filters: { ...NO_FILTERS, page: 3 } })
    expect(cache.size).toBe(4)
  })

  test('each input has an id of its own, and its label and count point at it', async () => {
    const html = await drawFilters({ cache: null })
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1])
    expect(new Set(ids).size).toBe(ids.length)
    for (const [, target] of html.matchAll(/ for="([^"]+)"/g)) expect(ids).toContain(target)
    for (const [, target] of html.matchAll(/aria-describedby="([^"]+)"/g)) expect(ids).toContain(target)
  })
})

const rows: SizeChartRow[] = [
  { size: 'S', chest: '38', length: '27', waist: null, sleeves: '8' },
  { size: 'M', chest: '40', length: '28', waist: null, sleeves: '8.5' },
  { size: 'L', chest: '42 <"wide">', length: '29', waist: null, sleeves: null },
]

interface ChartView {
  lang?: Lang
  rows?: SizeChartRow[]
  selected?: string | null
  available?: string[]
  soldOut?: string[]
  prefix?: string
}

function drawChart({
  cache,
  lang = 'en',
  rows: given = rows,
  selected = null,
  available = ['S', 'M', 'L'],
  soldOut = [],
  prefix = 'purchase-size',
}: ChartView & { cache: MarkupCache | null }): Promise<string> {
  return drawPageAt({
    cache,
    lang,
    path: lang === 'en' ? '/productdetail/kurta' : '/ur/productdetail/kurta',
    Component: () => (
      <SizeChart
        rows={given}
        selected={selected}
        available={available}
        soldOut={soldOut}
        onSelect={() => {}}
        radioId={(size) => `${prefix}-${size}`}
        hydrated={false}
      />
    ),
  })
}

describe("a product's size chart kept", () => {
  const charts: ChartView[] = [
    {},
    { lang: 'ur' },
    { selected: 'M' },
    { available: ['S'], soldOut: ['M', 'L'] },
    { prefix: 'other' },
    { rows: [] },
  ]

  test('kept, the chart is the very markup drawn without a cache, the first time and after', async () => {
    const cache = createMarkupCache({ maxChars: 1_000_000 })
    await expectKeptAsDrawn(cache, charts, drawChart)
    // A chart without rows is a sentence, not kept.
    expect(cache.size).toBe(charts.length - 1)
  })

  test('the size chosen, the stock and the radios are in the key', async () => {
    const cache = createMarkupCache({ maxChars: 1_000_000 })
    await drawChart({ cache })
    await drawChart({ cache, available: ['S', 'M'] })
    expect(await drawChart({ cache, available: ['S', 'M'], soldOut: ['L'] })).toMatch(/L<span[^>]*> <!-- -->sold out/)
    expect(await drawChart({ cache, prefix: 'other' })).toContain('for="other-S"')
    expect(await drawChart({ cache, selected: 'S' })).toContain('bg-accent-soft')
    expect(await drawChart({ cache, rows: rows.slice(0, 2) })).not.toContain('42 &lt;&quot;wide&quot;&gt;')
  })
})

type Facts = Pick<Product, '_id' | 'description' | 'category' | 'subCategory' | 'sizes'>
const kurta: Facts = {
  _id: 'lawn-kurta',
  description: 'Fine <lawn> & "cotton", in a rose print.',
  category: 'Women',
  subCategory: 'TopWear',
  sizes: ['S', 'M', '12-13Y'],
}

function drawFacts({
  cache,
  lang = 'en',
  product = kurta,
}: {
  cache: MarkupCache | null
  lang?: Lang
  product?: Facts
}) {
  return drawPageAt({
    cache,
    lang,
    path: lang === 'en' ? `/productdetail/${product._id}` : `/ur/productdetail/${product._id}`,
    Component: () => (
      <>
        <ProductBreadcrumb product={product} />
        <ProductDescription product={product} />
      </>
    ),
  })
}

describe("a product's breadcrumb and description kept", () => {
  const products: { lang?: Lang; product?: Facts }[] = [
    {},
    { lang: 'ur' },
    { product: { ...kurta, category: 'Kids', subCategory: 'WinterWear' } },
    { product: { ...kurta, category: 'Men' } },
    { product: { ...kurta, _id: 'other-kurta' } },
    { product: { ...kurta, description: 'Another text.' } },
    { product: { ...kurta, sizes: ['M'] } },
  ]

  test('kept, they are the very markup drawn without a cache, the first time and after', async () => {
    const cache = createMarkupCache({ maxChars: 1_000_000 })
    await expectKeptAsDrawn(cache, products, drawFacts)
  })

  test('each fact drawn is in its key', async () => {
    const cache = createMarkupCache({ maxChars: 1_000_000 })
    await drawFacts({ cache })
    for (const view of products.slice(1))
      expect(await drawFacts({ ...view, cache })).toBe(await drawFacts({ ...view, cache: null }))
    expect(await drawFacts({ cache, product: { ...kurta, subCategory: 'BottomWear' } })).toContain(
      'href="/collection?category=Women&amp;subCategory=BottomWear"',
    )
  })
})

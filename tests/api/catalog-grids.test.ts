import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql, SelectQueryNode, TableNode, type KyselyPlugin } from 'kysely'
import { largeCatalog } from '#demo/large-catalog.ts'
import { everything, type Selection } from '#server/catalog/browse-repository.ts'
import { productGrid, sizeGrid, type GridRow, type SizeGridRow } from '#server/catalog/counts-repository.ts'
import { viewCounts } from '#server/catalog/counts.ts'
import { createCatalogService } from '#server/catalog/service.ts'
import { NO_FILTERS } from '#contracts/catalog-filters.ts'
import { createTestStore, databases, type TestStore } from '#tests/api/harness.ts'

// A view's counts added up from the catalog's grids (docs/decisions/009, "Counting at
// size") are the counts its queries read, on each database: a generated catalog with
// archived products, sizes out of stock and products on sale, and views of every shape
// the grids answer (none, one or several sizes; categories, sub-categories, price bounds).

const views: Partial<Selection>[] = [
  {},
  { categories: ['Men'] },
  { categories: ['Men', 'Kids'], subCategories: ['BottomWear'] },
  { subCategories: ['TopWear', 'WinterWear'] },
  { minPrice: 1500 },
  { maxPrice: 2990 },
  { categories: ['Women'], minPrice: 1000, maxPrice: 4000 },
  { sizes: ['M'] },
  { sizes: ['XXL'], categories: ['Men'] },
  { sizes: ['2-3Y'], minPrice: 900 },
  { sizes: ['L'], categories: ['Women'], subCategories: ['BottomWear'], minPrice: 1500, maxPrice: 4000 },
  { sizes: ['8-9Y'], categories: ['Kids'], subCategories: ['WinterWear'], minPrice: 2000, maxPrice: 9000 },
  { sizes: ['S', 'M'], categories: ['Men'] },
  { sizes: ['XS', 'XL', '12-13Y'], maxPrice: 3000 },
  { sizes: ['M'], minPrice: 99_000 },
  { sizes: ['NONE'] },
  { categories: ['Kids'], minPrice: 50_000 },
  // "4 stars and up": the size rows' grid counts it apart (its rated products), the products' grid not at all.
  { rated: true },
  { rated: true, categories: ['Men'], minPrice: 1500 },
  { rated: true, sizes: ['M'] },
  { rated: true, sizes: ['L'], categories: ['Women'], minPrice: 1500, maxPrice: 4000 },
  { rated: true, sizes: ['S', 'XL'] },
]

describe.each(databases)('catalog grids (%s)', (kind) => {
  let store: TestStore
  let grids: { products: GridRow[] | undefined; sizes: SizeGridRow[] | undefined }
  let reducedAnywhere: number
  let ratedAnywhere: number

  beforeAll(async () => {
    store = await createTestStore(kind, { catalog: [] })
    const [products] = largeCatalog(600, { now: Date.UTC(2026, 10, 26), chunkSize: 600 })
    await store.services.catalog.add(products!)
    const { db } = store.connection
    // Archived products (with their size rows, as the repository keeps them), sizes sold
    // out, and products on sale, each a scattering of the catalog.
    const archived = sql<boolean>`id in (select id from products where position % 7 = 0)`
    await db.updateTable('products').set({ archived: 1 }).where(archived).execute()
    await db
      .updateTable('product_sizes')
      .set({ archived: 1 })
      .where(sql<boolean>`product_id in (select id from products where archived = 1)`)
      .execute()
    await db
      .updateTable('product_sizes')
      .set({ stock: 0 })
      .where(sql<boolean>`product_id in (select id from products where position % 5 = 1)`)
      .where('size', 'in', ['M', 'XL', '4-5Y'])
      .execute()
    await db
      .updateTable('products')
      .set({ compare_at: sql`price + 500` })
      .where(sql<boolean>`position % 4 = 2`)
      .execute()
    // Products rated 4 stars and up (and some just under), their size rows told as the catalog tells them.
    const rated = (position: number, total: number) =>
      db
        .selectFrom('products')
        .select('id')
        .where(sql<boolean>`position % 3 = ${position}`)
        .execute()
        .then((rows) => Promise.all(rows.map((r) => store.services.catalog.writeRating(db, r.id, { count: 2, total }))))
    await rated(0, 9)
    await rated(1, 7)
    grids = { products: await productGrid(db), sizes: await sizeGrid(db, store.connection.dialect) }
    ratedAnywhere = Number(
      (
        await db
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('archived', '=', 0)
          .where('rating', '>=', 400)
          .executeTakeFirstOrThrow()
      ).n,
    )
    reducedAnywhere = Number(
      (
        await db
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('archived', '=', 0)
          .where('compare_at', 'is not', null)
          .executeTakeFirstOrThrow()
      ).n,
    )
  })
  afterAll(() => store.close())

  it('hold a row a price of each pair (and size in stock), far fewer than the rows they count', () => {
    expect(grids.products!.length).toBeGreaterThan(9)
    expect(grids.products!.reduce((n, r) => n + r.count, 0)).toBe(600 - Math.ceil(600 / 7))
    expect(grids.sizes!.length).toBeGreaterThan(grids.products!.length)
    expect(reducedAnywhere).toBeGreaterThan(0)
    expect(ratedAnywhere).toBeGreaterThan(0)
    expect(grids.sizes!.reduce((n, r) => n + r.rated, 0)).toBeGreaterThan(0)
  })

  it('keep each size row’s "4 stars and up" in step with its product’s reviews', async () => {
    const { db } = store.connection
    const { id } = await db.selectFrom('products').select('id').where('archived', '=', 0).executeTakeFirstOrThrow()
    const flags = async () =>
      (await db.selectFrom('product_sizes').select('rated').where('product_id', '=', id).execute()).map((r) => r.rated)
    await store.services.catalog.writeRating(db, id, { count: 3, total: 12 })
    expect(new Set(await flags())).toEqual(new Set([1]))
    await store.services.catalog.writeRating(db, id, { count: 3, total: 11 })
    expect(new Set(await flags())).toEqual(new Set([0]))
    await store.services.catalog.writeRating(db, id, { count: 0, total: 0 })
    expect(new Set(await flags())).toEqual(new Set([0]))
  })

  it('are the same read in one query or, as on SQLite, a size and category at a time', async () => {
    const { db } = store.connection
    const key = (r: SizeGridRow) => `${r.size} ${r.category} ${r.subCategory} ${r.price}`
    const inPieces = (await sizeGrid(db, 'sqlite'))!
    const whole = (await sizeGrid(db, 'postgres'))!
    expect(inPieces.length).toBeGreaterThan(100)
    expect(inPieces.toSorted((a, b) => key(a).localeCompare(key(b)))).toStrictEqual(
      whole.toSorted((a, b) => key(a).localeCompare(key(b))),
    )
  })

  async function same(view: Partial<Selection>) {
    const s: Selection = { ...everything, ...view }
    const { db, dialect } = store.connection
    const read = await viewCounts(db, dialect, s, reducedAnywhere, {}, ratedAnywhere)
    const added = await viewCounts(db, dialect, s, reducedAnywhere, grids, ratedAnywhere)
    expect(added).toStrictEqual(read)
    return read
  }

  it.each(views.map((v) => [JSON.stringify(v), v] as const))('count %s as its queries do', async (_, view) => {
    const read = await same(view)
    if (!view.minPrice || view.minPrice < 10_000) expect(read.total + read.facets.sizes.length).toBeGreaterThan(0)
  })

  it('count a view asking for what no product in the store is (on sale, 4 stars and up) as empty, with no query', async () => {
    const noDatabase = undefined as never
    const views: [Partial<Selection>, number, number][] = [
      [{ reduced: true, categories: ['Kids'] }, 0, ratedAnywhere],
      [{ rated: true, sizes: ['M'], minPrice: 800 }, reducedAnywhere, 0],
    ]
    for (const [view, reduced, rated] of views) {
      const empty = await viewCounts(noDatabase, 'sqlite', { ...everything, ...view }, reduced, grids, rated)
      expect(empty.total).toBe(0)
      expect(Object.values(empty.facets.categories)).toEqual([0, 0, 0])
      expect(new Set(Object.values(empty.facets.subCategories))).toEqual(new Set([0]))
      expect(empty.facets).toMatchObject({ sizes: [], price: null, onSale: 0, rated: 0 })
    }
  })

  it('count a view whose price bounds are prices of the catalog, bounds included, as its queries do', async () => {
    const prices = [...new Set(grids.products!.map((r) => r.price))].sort((a, b) => a - b)
    const [low, high] = [prices[Math.floor(prices.length / 4)]!, prices[Math.floor((prices.length * 3) / 4)]!]
    for (const view of [
      { minPrice: low, maxPrice: high },
      { minPrice: high, maxPrice: high },
      { sizes: ['L'], minPrice: low, maxPrice: high },
      { sizes: ['L'], categories: ['Men'], maxPrice: low },
      { sizes: ['S', 'L'], minPrice: low },
    ])
      expect((await same(view)).total).toBeGreaterThan(0)
  })
})

describe.each(databases)('what a size selling out reads again (%s)', (kind) => {
  let store: TestStore
  afterAll(() => store?.close())

  it('the size counts only, and only for a view that counts sizes: the sale’s view reads no grid', async () => {
    store = await createTestStore(kind)
    const { db, dialect } = store.connection
    // Which of the catalog's two grids each query reads: a grouped count over its table.
    const reads: string[] = []
    const spy: KyselyPlugin = {
      transformQuery({ node }) {
        if (SelectQueryNode.is(node) && node.groupBy) {
          const from = node.from?.froms[0]
          if (from && TableNode.is(from)) reads.push(from.table.identifier.name)
        }
        return node
      },
      transformResult: ({ result }) => Promise.resolve(result),
    }
    const catalog = createCatalogService(db.withPlugin(spy), dialect)
    const grids = () => ({
      products: reads.filter((t) => t === 'products').length,
      sizes: reads.filter((t) => t === 'product_sizes').length,
    })
    const sale = { ...NO_FILTERS, onSale: true }

    await catalog.browse(NO_FILTERS)
    const first = grids()
    expect(first.products).toBeGreaterThan(0)
    expect(first.sizes).toBeGreaterThan(0)

    catalog.stockChanged(['oxford-shirt'])
    reads.length = 0
    await catalog.browse(sale)
    expect(grids()).toEqual({ products: 0, sizes: 0 })
    await catalog.browse(NO_FILTERS)
    expect(grids()).toEqual({ products: 0, sizes: first.sizes })

    // A change to the catalog itself (a price, a product) reads both again.
    catalog.invalidate()
    reads.length = 0
    await catalog.browse(NO_FILTERS)
    expect(grids()).toEqual(first)
  })
})

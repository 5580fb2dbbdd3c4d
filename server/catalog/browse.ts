import type { Db, Dialect } from '#server/db/database.ts'
import type { Category, Product, ProductSummary, SubCategory } from '#contracts/catalog.ts'
import { PAGE_SIZE, type CatalogFilters, type CatalogPage, type Facets } from '#contracts/catalog-filters.ts'
import { productImageUrl } from '#server/catalog/images.ts'
import { normalizeQuery, searchGroups } from '#server/catalog/search.ts'
import { gridAnswers, sizeGridAnswers, viewCounts } from '#server/catalog/counts.ts'
import { keptAnswers, lastKnownAnswers, refreshedAnswer } from '#server/catalog/kept.ts'
import { toProducts } from '#server/catalog/products.ts'
import * as repo from '#server/catalog/browse-repository.ts'
import { anyProductRow, productRow, productRows } from '#server/catalog/repository.ts'
import { countOf, productGrid, sizeGrid } from '#server/catalog/counts-repository.ts'

/** The most catalog words search corrects typos against (the most a real catalog's names use). */
const MAX_TERMS = 50_000
/**
 * How many products on sale SQLite walks, in the catalog's order, for a page whose
 * matches it has not counted, before it gathers them instead: about 0.8 ms at 100,000
 * products, less than counting a common phrase in FTS5 (1.6 ms for `blue sh`).
 */
const WALK_FIRST = 5_000

/**
 * The storefront's questions (docs/decisions/009): a product, the collection's view,
 * suggestions and the home and product pages' short lists, each one or a few indexed
 * queries. It keeps the words of product names (for typo correction) and the counts of
 * recently asked views, each for at most `maxAgeMs`; and its last answers, served while
 * the database is out of reach (docs/decisions/013).
 */
export function createBrowse(
  db: Db,
  dialect: Dialect,
  options: { maxAgeMs: number; maxViews: number; maxKnown: number; now: () => number; walkFirst?: number },
) {
  const { maxAgeMs, now } = options
  const walkFirst = options.walkFirst ?? WALK_FIRST
  const views = keptAnswers(options)
  const lastKnown = lastKnownAnswers(options.maxKnown)
  // The whole catalog's counts by category, sub-category, size and price: refreshed in the
  // background, so no shopper's view waits for them but the first after a start or a change.
  const grids = {
    products: refreshedAnswer(() => productGrid(db), options),
    sizes: refreshedAnswer(() => sizeGrid(db, dialect), options),
  }
  let vocabulary: { at: number; terms: Promise<string[]> } | undefined

  function words(): Promise<string[]> {
    if (!vocabulary || now() - vocabulary.at > maxAgeMs) {
      const terms = repo.terms(db, MAX_TERMS)
      const entry = { at: now(), terms }
      vocabulary = entry
      terms.catch(() => {
        if (vocabulary === entry) vocabulary = undefined
      })
    }
    return vocabulary.terms
  }

  async function selectionOf(filters: CatalogFilters): Promise<repo.Selection> {
    return {
      categories: filters.categories,
      subCategories: filters.subCategories,
      sizes: filters.sizes,
      minPrice: filters.minPrice,
      maxPrice: filters.maxPrice,
      ...(filters.onSale ? { reduced: true } : {}),
      ...(filters.rated ? { rated: true } : {}),
      nameGroups: normalizeQuery(filters.q) ? searchGroups(filters.q, await words()) : [],
    }
  }

  /** The total and facet counts of a view: shared by its pages and sorts, kept briefly. */
  function countsOf(selection: repo.Selection): Promise<{ total: number; facets: Facets }> {
    return views.kept(`counts ${JSON.stringify(selection)}`, async () => {
      const [reduced, rated, products, sizes] = await Promise.all([
        reducedAnywhere(),
        ratedAnywhere(),
        gridAnswers(selection) && !selection.sizes.length ? grids.products.get() : undefined,
        sizeGridAnswers(selection) ? grids.sizes.get() : undefined,
      ])
      return viewCounts(db, dialect, selection, reduced, { products, sizes }, rated)
    })
  }

  /** How many products are rated 4 stars and up in the whole store: one read of the rating index, kept with the counts. */
  function ratedAnywhere(): Promise<number> {
    return views.kept('rated', () => countOf(db, dialect, { ...repo.everything, rated: true }))
  }

  /**
   * How many products the store offers, which decides how a page of a view is read: the
   * products' grid added up (it counts products whatever their stock, so a size selling out
   * leaves it kept), else one count. Not the whole catalog's facets: a view of its own (the
   * sale's) then never waits for the size rows' grid, read again after every sell-out.
   */
  function offered(): Promise<number> {
    return views.kept('offered', async () => {
      const grid = await grids.products.get()
      return grid ? grid.reduce((n, r) => n + r.count, 0) : countOf(db, dialect, repo.everything)
    })
  }

  /** How many products are on sale in the whole store: one read of its own index, kept with the counts. */
  function reducedAnywhere(): Promise<number> {
    return views.kept('reduced', () => countOf(db, dialect, { ...repo.everything, reduced: true }))
  }

  /** The collection's view: one page of the matching products in order, the total and each filter's counts. */
  async function browse(filters: CatalogFilters, pageSize: number): Promise<CatalogPage<ProductSummary>> {
    const selection = await selectionOf(filters)
    const exact = normalizeQuery(filters.q)
    const sort: repo.Sort =
      filters.sort === 'low-high'
        ? 'price-asc'
        : filters.sort === 'high-low'
          ? 'price-desc'
          : filters.sort === 'rating'
            ? 'rating-desc'
            : 'position'
    const offset = (filters.page - 1) * pageSize
    // The counts (usually kept) come first: they say whether a page exists and how to read it.
    const [counts, onSale] = await Promise.all([countsOf(selection), offered()])
    const rows =
      offset >= counts.total
        ? []
        : await pageOf(selection, exact, sort, {
            limit: pageSize,
            offset,
            onSale,
            matches: counts.total,
          })
    return { items: rows.map(summary), total: counts.total, page: filters.page, pageSize, facets: counts.facets }
  }

  async function suggest(q: string, limit: number): Promise<ProductSummary[]> {
    const exact = normalizeQuery(q)
    if (exact.length < 2) return []
    const selection = { ...repo.everything, nameGroups: searchGroups(q, await words()) }
    const onSale = await offered()
    // How many names match is not known: read() finds the few names asked for.
    const rows = await pageOf(selection, exact, 'position', { limit, offset: 0, onSale, matches: null })
    return rows.map(summary)
  }

  /**
   * A page of a view. A search of several words (or of a word with punctuation) in the
   * catalog's order shows the names containing the whole search first, then the rest:
   * two walks or gathers in that order, never a sort of every match by rank
   * (docs/decisions/009). Ranking cannot reorder one word typed right (every match
   * contains it) nor one word corrected because no catalog word contains it.
   */
  async function pageOf(
    selection: repo.Selection,
    exact: string,
    sort: repo.Sort,
    page: {
      limit: number
      offset: number
      /** Products on sale. */
      onSale: number
      /** How many match (null: not known). */
      matches: number | null
    },
  ) {
    // One read in the page's order. Walking the order's index reads about
    // end × onSale / matches products; gathering reads every match once and sorts them.
    // Not knowing how many match (a suggestion, the whole-search part of a search),
    // SQLite walks the catalog's first `walkFirst` products on sale and gathers only when
    // the page is not among them: asking FTS5 how many names match reads as much as
    // gathering them. PostgreSQL plans by its own statistics.
    const read = async (s: repo.Selection, limit: number, offset: number, matches: number | null) => {
      const options = { sort, limit, offset }
      if (matches !== null)
        return repo.pageOf(db, dialect, s, { ...options, walk: walkable(offset + limit, page.onSale, matches) })
      // (The first products are a beginning of the catalog's order, not of a price order.)
      if (dialect === 'postgres' || sort !== 'position' || page.onSale <= walkFirst)
        return repo.pageOf(db, dialect, s, { ...options, walk: true })
      const walked = await repo.pageOf(db, dialect, s, { ...options, walk: true, within: walkFirst })
      return walked.length === limit ? walked : repo.pageOf(db, dialect, s, { ...options, walk: false })
    }
    const groups = selection.nameGroups
    const oneWord = groups.length === 1 && (groups[0]!.length === 1 || /^[\p{L}\p{N}]+$/u.test(exact))
    if (sort !== 'position' || !exact || oneWord) return read(selection, page.limit, page.offset, page.matches)
    // Every group holds a word of the search, so a name containing the whole search
    // matches them all: it is asked alone (PostgreSQL's trigram index and SQLite's
    // FTS5 both read a phrase's words side by side; each extra word was another test).
    const whole = { ...selection, nameGroups: [[exact]] }
    // On the first page, the names containing it all are counted by reading them.
    const wholeTotal =
      page.offset === 0 ? null : await views.kept(`count ${JSON.stringify(whole)}`, () => countOf(db, dialect, whole))
    const first =
      wholeTotal === null || page.offset < wholeTotal ? await read(whole, page.limit, page.offset, wholeTotal) : []
    if (first.length === page.limit) return first
    const rest = await read(
      { ...selection, notContaining: exact },
      page.limit - first.length,
      wholeTotal === null ? 0 : Math.max(0, page.offset - wholeTotal),
      page.matches,
    )
    return [...first, ...rest]
  }

  /** Drops the words and the counts kept (the catalog changed). */
  function forget(): void {
    vocabulary = undefined
    views.clear()
    grids.products.clear()
    grids.sizes.clear()
  }

  /**
   * Drops the counts kept (a size sold out or came back); the words stay, and so does the
   * products' grid, which counts products whatever their stock.
   */
  function forgetCounts(): void {
    views.clear()
    grids.sizes.clear()
  }

  return {
    forget,
    forgetCounts,

    /** The products on sale among these ids, in the order given (a wishlist), in one read with their sizes. */
    async getMany(ids: string[]): Promise<Product[]> {
      const rows = await productRows(db, ids)
      const products = await toProducts(db, rows)
      const byId = new Map(products.map((p) => [p._id, p]))
      return ids.map((id) => byId.get(id)).filter((p): p is Product => p !== undefined)
    },

    /** A product on sale; an archived or unknown one is undefined (see status). */
    get(id: string): Promise<Product | undefined> {
      return lastKnown(`get ${id}`, async () => {
        const row = await productRow(db, id)
        return row && (await toProducts(db, [row]))[0]
      })
    },

    /** Whether a product is on sale, archived (the product page says "no longer available") or unknown. */
    status(id: string): Promise<'active' | 'archived' | 'missing'> {
      return lastKnown(`status ${id}`, async () => {
        const row = await anyProductRow(db, id)
        return !row ? 'missing' : row.archived === 1 ? 'archived' : 'active'
      })
    },

    /** The collection's view: one page of the matching products in order, the total and each filter's counts. */
    browse(filters: CatalogFilters, pageSize = PAGE_SIZE): Promise<CatalogPage<ProductSummary>> {
      return lastKnown(`browse ${pageSize} ${JSON.stringify(filters)}`, () => browse(filters, pageSize))
    },

    /** Up to `limit` product names for what the shopper is typing, best first. */
    suggest(q: string, limit = 6): Promise<ProductSummary[]> {
      return lastKnown(`suggest ${limit} ${q}`, () => suggest(q, limit))
    },

    /** docs/spec/store-spec.md §9: the newest products first. */
    latest(limit: number): Promise<ProductSummary[]> {
      return lastKnown(`latest ${limit}`, async () => (await repo.latest(db, limit)).map(summary))
    },

    bestSellers(limit: number): Promise<ProductSummary[]> {
      return lastKnown(`best ${limit}`, async () => (await repo.bestSellers(db, limit)).map(summary))
    },

    /** docs/spec/store-spec.md §9: same category and sub-category, never the product itself. */
    related(product: Pick<Product, '_id' | 'category' | 'subCategory'>, limit = 4): Promise<ProductSummary[]> {
      return lastKnown(`related ${limit} ${product._id}`, async () => {
        const rows = await repo.inGroup(
          db,
          { category: product.category, subCategory: product.subCategory, except: product._id },
          limit,
        )
        return rows.map(summary)
      })
    },

    /** The first product of a category and sub-category, for pictures on the store's own pages. */
    firstOf(category: Category, subCategory: SubCategory): Promise<ProductSummary | undefined> {
      return lastKnown(`first ${category} ${subCategory}`, async () => {
        const [row] = await repo.inGroup(db, { category, subCategory }, 1)
        return row && summary(row)
      })
    },
  }
}

/**
 * Whether walking the order's index to the page's end beats gathering the matches:
 * the walk reads about `end × onSale / matches` products, the gathering `matches`.
 */
function walkable(end: number, onSale: number, matches: number): boolean {
  return end * onSale <= 2 * matches * matches
}

function summary(row: {
  id: string
  name: string
  name_ur: string | null
  price: number
  compare_at: number | null
  image1: string
  rating: number
  rating_count: number
}): ProductSummary {
  return {
    _id: row.id,
    name: row.name,
    nameUr: row.name_ur,
    price: row.price,
    compareAtPrice: row.compare_at,
    image1: productImageUrl(row.image1),
    // Stars on a card only from approved reviews, and only when there are some (docs/spec/rulings.md #3).
    ...(row.rating_count > 0 ? { rating: { average: row.rating / 100, count: row.rating_count } } : {}),
  }
}

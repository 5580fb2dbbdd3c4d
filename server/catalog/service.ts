import type { Db, Dialect, Executor } from '#server/db/database.ts'
import {
  categories,
  subCategories,
  type Category,
  type Product,
  type ProductSummary,
  type SizeChartRow,
  type SubCategory,
} from '#contracts/catalog.ts'
import {
  compareSizes,
  PAGE_SIZE,
  type CatalogFilters,
  type CatalogPage,
  type Facets,
} from '#contracts/catalog-filters.ts'
import { STOCK_CHANGED_MESSAGE } from '#contracts/admin.ts'
import { AppError } from '#server/http/errors.ts'
import { productImageUrl } from '#server/catalog/images.ts'
import { nameTerms, normalizeQuery, searchGroups } from '#server/catalog/search.ts'
import * as repo from '#server/catalog/repository.ts'
import type { ProductsTable } from '#server/db/schema.ts'
import { isDatabaseUnavailable } from '#server/db/unavailable.ts'
import type { ChangeFeed } from '#server/catalog/changes.ts'
import { photoStore } from '#server/catalog/photos.ts'

export type CatalogService = ReturnType<typeof createCatalogService>

/** A product as the store adds it: images are keys in the image store, not URLs. */
export interface NewProduct {
  id: string
  name: string
  description: string
  /** Whole rupees. */
  price: number
  category: Category
  subCategory: SubCategory
  /** In the order the size picker shows them. */
  sizes: string[]
  /** Pieces of each size; a size not named has none. */
  stock: Record<string, number>
  sizeChart: SizeChartRow[]
  bestSeller: boolean
  images: [string, string, string, string]
  createdAt: number
}

/** A product as the console sees it, on sale or archived: images are keys in the image store. */
export interface StoredProduct {
  id: string
  name: string
  description: string
  price: number
  category: Category
  subCategory: SubCategory
  /** In the order the size picker shows them, with the pieces on the shelf. */
  sizes: { size: string; stock: number }[]
  sizeChart: SizeChartRow[]
  bestSeller: boolean
  archived: boolean
  images: [string, string, string, string]
  createdAt: number
}

/** The console's edit of a product: everything but the photos is replaced; only the photos given change. */
export interface ProductEdit {
  name: string
  description: string
  price: number
  category: Category
  subCategory: SubCategory
  sizes: { size: string; stock: number }[]
  /** Each size's stock as the owner opened the product; a size not named is one they added. */
  openedStock: Record<string, number>
  sizeChart: SizeChartRow[]
  bestSeller: boolean
  images: Partial<Record<1 | 2 | 3 | 4, string>>
}

/** The most catalog words search corrects typos against (the most a real catalog's names use). */
const MAX_TERMS = 50_000
/**
 * How many products on sale SQLite walks, in the catalog's order, for a page whose
 * matches it has not counted, before it gathers them instead: about 0.8 ms at 100,000
 * products, less than counting a common phrase in FTS5 (1.6 ms for `blue sh`).
 */
const WALK_FIRST = 5_000

/**
 * The catalog is answered by indexed queries (docs/decisions/009); nothing here holds
 * the products. What it keeps is bounded: the words of product names (for typo
 * correction) and the counts of recently asked views, each for at most `maxAgeMs`,
 * and both dropped at once after the store's own writes. Prices for orders are always
 * read inside the order's transaction.
 */
export function createCatalogService(
  db: Db,
  dialect: Dialect,
  options: {
    maxAgeMs?: number
    now?: () => number
    maxViews?: number
    maxKnown?: number
    changes?: ChangeFeed
    /** For tests: SQLite's walk before it gathers (WALK_FIRST). */
    walkFirst?: number
    /** Where the console's uploaded photos are kept (DATA_DIR; server/catalog/photos.ts). */
    dataDir?: string
  } = {},
) {
  const maxAgeMs = options.maxAgeMs ?? 30_000
  const walkFirst = options.walkFirst ?? WALK_FIRST
  const maxViews = options.maxViews ?? 500
  const now = options.now ?? Date.now
  let vocabulary: { at: number; terms: Promise<string[]> } | undefined
  const views = new Map<string, { at: number; value: Promise<unknown> }>()

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
      nameGroups: normalizeQuery(filters.q) ? searchGroups(filters.q, await words()) : [],
    }
  }

  /** The whole catalog on sale, as a view. */
  const everything: repo.Selection = {
    categories: [],
    subCategories: [],
    sizes: [],
    minPrice: null,
    maxPrice: null,
    nameGroups: [],
  }

  /** The total and facet counts of a view: shared by its pages and sorts, kept briefly. */
  function countsOf(selection: repo.Selection): Promise<{ total: number; facets: Facets }> {
    return kept(`counts ${JSON.stringify(selection)}`, () => computeCounts(selection))
  }

  /** An answer about the catalog (counts), kept for `maxAgeMs`, the `maxViews` most recent of them. */
  function kept<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = views.get(key)
    if (hit && now() - hit.at <= maxAgeMs) {
      views.delete(key)
      views.set(key, hit)
      return hit.value as Promise<T>
    }
    const value = compute()
    views.set(key, { at: now(), value })
    value.catch(() => views.delete(key))
    while (views.size > maxViews) views.delete(views.keys().next().value!)
    return value
  }

  async function computeCounts(s: repo.Selection): Promise<{ total: number; facets: Facets }> {
    const [counts, bySize] = await Promise.all([countsByGroup(s), repo.countBySize(db, dialect, { ...s, sizes: [] })])
    const count = (rows: { value: string; count: number }[], value: string) =>
      rows.find((r) => r.value === value)?.count ?? 0
    return {
      total: counts.total,
      facets: {
        categories: Object.fromEntries(categories.map((c) => [c, count(counts.byCategory, c)])) as Record<
          Category,
          number
        >,
        subCategories: Object.fromEntries(subCategories.map((c) => [c, count(counts.bySub, c)])) as Record<
          SubCategory,
          number
        >,
        sizes: bySize
          .filter((r) => r.count > 0)
          .map((r) => ({ size: r.value, count: r.count }))
          .sort((a, b) => compareSizes(a.size, b.size)),
        price: counts.price,
      },
    }
  }

  /**
   * The view's total, its counts by category and by sub-category (each leaving out its
   * own group's choice) and its price span (leaving out the price bounds). A search, or
   * a view without price bounds, reads its products once, by pair (repo.countGrid): a
   * search's matches were otherwise found again for each count ("men" at 100,000
   * products on SQLite: 0.86 s down to 0.23 s). Price bounds let each count read only the
   * products within them, where the grid reads every price for the span: then four
   * counts, each answered by an index.
   */
  async function countsByGroup(s: repo.Selection) {
    const { minPrice, maxPrice } = s
    if (!s.nameGroups.length && (minPrice !== null || maxPrice !== null)) {
      const [total, byCategory, bySub, price] = await Promise.all([
        repo.countOf(db, dialect, s),
        repo.countBy(db, dialect, { ...s, categories: [] }, 'category'),
        repo.countBy(db, dialect, { ...s, subCategories: [] }, 'sub_category'),
        repo.priceSpan(db, dialect, { ...s, minPrice: null, maxPrice: null }),
      ])
      return { total, byCategory, bySub, price }
    }
    const grid = await repo.countGrid(
      db,
      dialect,
      { ...s, categories: [], subCategories: [], minPrice: null, maxPrice: null },
      { minPrice, maxPrice },
    )
    const inCategories = (r: { category: string }) => !s.categories.length || s.categories.includes(r.category)
    const inSubCategories = (r: { subCategory: string }) =>
      !s.subCategories.length || s.subCategories.includes(r.subCategory)
    const tally = (rows: typeof grid, key: 'category' | 'subCategory') => {
      const counts = new Map<string, number>()
      for (const r of rows) counts.set(r[key], (counts.get(r[key]) ?? 0) + r.count)
      return [...counts].map(([value, count]) => ({ value, count }))
    }
    const selected = grid.filter((r) => inCategories(r) && inSubCategories(r))
    return {
      total: selected.reduce((n, r) => n + r.count, 0),
      byCategory: tally(grid.filter(inSubCategories), 'category'),
      bySub: tally(grid.filter(inCategories), 'subCategory'),
      // Every pair selected, counted within the bounds or not.
      price: selected.length
        ? { min: Math.min(...selected.map((r) => r.min)), max: Math.max(...selected.map((r) => r.max)) }
        : null,
    }
  }

  let restockListener: ((trx: Executor, productId: string) => Promise<unknown>) | undefined
  const restocked = async (trx: Executor, productId: string) => {
    if (restockListener) await restockListener(trx, productId)
  }

  /**
   * A product's sizes and stock now. On PostgreSQL each row is locked for the caller's
   * transaction one at a time in the order an order takes them (stockKey), so a save
   * and an order wait for each other in turn, never in a circle; SQLite has one writer.
   */
  async function lockSizes(trx: Executor, productId: string): Promise<{ size: string; stock: number }[]> {
    const sizes = await repo.sizesNow(trx, productId)
    if (dialect !== 'postgres') return sizes
    const locked: { size: string; stock: number }[] = []
    for (const { size } of sizes.toSorted((a, b) =>
      stockKey(productId, a.size).localeCompare(stockKey(productId, b.size)),
    )) {
      const stock = await repo.lockSize(trx, productId, size)
      if (stock !== undefined) locked.push({ size, stock })
    }
    return locked
  }

  function forget(): void {
    vocabulary = undefined
    views.clear()
  }

  // Another instance changed the catalog: this one's caches go too (docs/decisions/013).
  const changes = options.changes
  changes?.subscribe((change) => (change === 'stock' ? views.clear() : forget()))

  /** The collection's view: one page of the matching products in order, the total and each filter's counts. */
  async function browse(filters: CatalogFilters, pageSize: number): Promise<CatalogPage<ProductSummary>> {
    const selection = await selectionOf(filters)
    const exact = normalizeQuery(filters.q)
    const sort = filters.sort === 'low-high' ? 'price-asc' : filters.sort === 'high-low' ? 'price-desc' : 'position'
    const offset = (filters.page - 1) * pageSize
    // The counts (usually kept) come first: they say whether a page exists and how to read it.
    const [counts, onSale] = await Promise.all([countsOf(selection), countsOf(everything)])
    const rows =
      offset >= counts.total
        ? []
        : await pageOf(selection, exact, sort, {
            limit: pageSize,
            offset,
            onSale: onSale.total,
            matches: counts.total,
          })
    return { items: rows.map(summary), total: counts.total, page: filters.page, pageSize, facets: counts.facets }
  }

  async function suggest(q: string, limit: number): Promise<ProductSummary[]> {
    const exact = normalizeQuery(q)
    if (exact.length < 2) return []
    const selection = { ...everything, nameGroups: searchGroups(q, await words()) }
    const { total: onSale } = await countsOf(everything)
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
      page.offset === 0 ? null : await kept(`count ${JSON.stringify(whole)}`, () => repo.countOf(db, dialect, whole))
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

  /**
   * The storefront's last answers, kept only to serve while the database is out of
   * reach (issue 13, item 4): every answer is read afresh while it answers. Bounded
   * (the most recent `maxKnown` questions), and kept across invalidations: during an
   * outage the last answer known beats an error page.
   */
  const known = new Map<string, unknown>()
  const maxKnown = options.maxKnown ?? 500
  async function lastKnown<T>(key: string, read: () => Promise<T>): Promise<T> {
    try {
      const value = await read()
      known.delete(key)
      known.set(key, value)
      if (known.size > maxKnown) known.delete(known.keys().next().value!)
      return value
    } catch (err) {
      if (isDatabaseUnavailable(err) && known.has(key)) return known.get(key) as T
      throw err
    }
  }

  return {
    /** The console's uploaded photos: stored before a product save, removed when it fails. */
    photos: photoStore(options.dataDir),

    /** A product on sale; an archived or unknown one is undefined (see status). */
    get(id: string): Promise<Product | undefined> {
      return lastKnown(`get ${id}`, async () => {
        const row = await repo.productRow(db, id)
        return row && (await toProducts(db, [row]))[0]
      })
    },

    /** Whether a product is on sale, archived (the product page says "no longer available") or unknown. */
    status(id: string): Promise<'active' | 'archived' | 'missing'> {
      return lastKnown(`status ${id}`, async () => {
        const row = await repo.anyProductRow(db, id)
        return !row ? 'missing' : row.archived === 1 ? 'archived' : 'active'
      })
    },

    /** Names of the archived products among these ids (inside the caller's transaction when given). */
    async archivedAmong(ids: string[], exec: Executor = db): Promise<Map<string, string>> {
      const rows = await repo.archivedAmong(exec, [...new Set(ids)])
      return new Map(rows.map((r) => [r.id, r.name]))
    },

    /** A product on sale or archived, as the console edits it (inside the caller's transaction when given). */
    async stored(id: string, exec: Executor = db): Promise<StoredProduct | undefined> {
      const row = await repo.anyProductRow(exec, id)
      if (!row) return undefined
      const { sizes, chart } = await repo.detailsOf(exec, [id])
      return {
        id: row.id,
        name: row.name,
        description: row.description,
        price: row.price,
        category: row.category as Category,
        subCategory: row.sub_category as SubCategory,
        sizes: sizes.map((s) => ({ size: s.size, stock: s.stock })),
        sizeChart: chart.map((r): SizeChartRow => ({
          size: r.size,
          chest: r.chest,
          length: r.length,
          waist: r.waist,
          sleeves: r.sleeves,
        })),
        bestSeller: row.best_seller === 1,
        archived: row.archived === 1,
        images: [row.image1, row.image2, row.image3, row.image4],
        createdAt: row.created_at,
      }
    },

    /**
     * Adds one product after the catalog's last inside the caller's transaction (the
     * console's, with its audit entry); its name's words reach search. The caller calls
     * invalidate() after committing.
     */
    async create(trx: Executor, product: NewProduct): Promise<void> {
      const start = (await repo.maxPosition(trx)) + 1
      await repo.insertProducts(trx, [toRows(product, start, now())], nameTerms(product.name))
    },

    /**
     * Changes one product inside the caller's transaction: fields, sizes in their order,
     * the size chart replaced, the photos given swapped. Stock is written only for the
     * sizes whose count the owner changed from what they opened, and only if the shelf
     * still holds what they opened; otherwise 409 and nothing is written
     * (docs/decisions/017). False when there is no such product. The caller calls
     * invalidate() after committing.
     */
    async update(trx: Executor, id: string, edit: ProductEdit): Promise<boolean> {
      // The size rows first, in the order orders take them, then the product's row
      // (which an order touches after its sizes): the two never wait on each other in a circle.
      const current = await lockSizes(trx, id)
      if (!(await repo.anyProductRow(trx, id))) return false
      const plan = stockPlan(current, edit.sizes, edit.openedStock)
      const images: Partial<Record<'image1' | 'image2' | 'image3' | 'image4', string>> = {}
      for (const [slot, key] of Object.entries(edit.images)) images[`image${slot as '1'}`] = key
      await repo.updateProduct(
        trx,
        dialect,
        id,
        {
          name: edit.name,
          name_search: edit.name.toLowerCase(),
          description: edit.description,
          price: edit.price,
          category: edit.category,
          sub_category: edit.subCategory,
          best_seller: edit.bestSeller ? 1 : 0,
          ...images,
        },
        { chart: edit.sizeChart.map((r, i) => ({ product_id: id, position: i, ...r })) },
        now(),
      )
      await repo.writeSizes(trx, id, plan.rows, plan.removed)
      await repo.insertProducts(trx, [], nameTerms(edit.name))
      await restocked(trx, id)
      return true
    },

    /** Takes a product off sale or puts it back, inside the caller's transaction; false when unknown. */
    async setArchived(trx: Executor, id: string, archived: boolean): Promise<boolean> {
      await lockSizes(trx, id)
      if (!(await repo.anyProductRow(trx, id))) return false
      await repo.updateProduct(trx, dialect, id, { archived: archived ? 1 : 0 }, {}, now())
      if (!archived) await restocked(trx, id)
      return true
    },

    /** Sets the pieces of one size on the shelf, inside the caller's transaction; false when no such size. */
    async setStock(trx: Executor, line: { productId: string; size: string; stock: number }): Promise<boolean> {
      const done = await repo.setStock(trx, dialect, line, now())
      if (done && line.stock > 0) await restocked(trx, line.productId)
      return done
    },

    /**
     * The console's change of one size's stock, inside the caller's transaction: set only
     * if the shelf still holds `opened`, what the owner saw (docs/decisions/017). 'same'
     * writes nothing (the owner changed nothing); 'changed' is the caller's 409.
     */
    async setStockIf(
      trx: Executor,
      line: { productId: string; size: string; stock: number; opened: number },
    ): Promise<'set' | 'same' | 'changed' | 'missing'> {
      if (line.stock === line.opened) {
        const now = (await repo.stockOf(trx, [line.productId])).find((r) => r.size === line.size)
        return now ? 'same' : 'missing'
      }
      const done = await repo.setStockIf(trx, dialect, line, now())
      if (done === 'set' && line.stock > 0) await restocked(trx, line.productId)
      return done
    },

    /**
     * What runs inside any transaction that may have put pieces of a product back on the
     * shelf (stock set, a product edited or back on sale, an order's pieces returned):
     * the back-in-stock requests (server/alerts), wired by server/services.ts.
     */
    onRestock(listener: (trx: Executor, productId: string) => Promise<unknown>): void {
      restockListener = listener
    },

    /**
     * Every product in catalog order, a batch at a time (docs/spec/store-spec.md §8's
     * list): the caller writes each batch out before the next is read. Batches of 200
     * rather than 500 kept the server at 264 MiB instead of 475 MiB while writing
     * 100,000 products: fewer objects outlive a young-generation collection.
     */
    all(batchSize?: number): AsyncGenerator<Product[]> {
      return allProducts(db, batchSize)
    },

    /** Changes whenever the catalog does: the list's ETag. */
    stamp: () => repo.catalogStamp(db),

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
    /** Prices as they stand now, read inside the caller's transaction (an order's). */
    pricesOf: (trx: Executor, ids: string[]) => repo.pricesOf(trx, ids),

    /** Pieces left of each of these product sizes now, by stockKey (absent: no such size). */
    async stockOf(lines: { productId: string; size: string }[], exec: Executor = db): Promise<Map<string, number>> {
      const rows = await repo.stockOf(exec, [...new Set(lines.map((l) => l.productId))])
      return new Map(rows.map((r) => [stockKey(r.product_id, r.size), r.stock]))
    },

    /**
     * Takes the pieces of an order off the shelf inside its transaction, each with a
     * conditional update that never goes below zero. The first line short of stock is
     * answered (the caller's transaction then undoes the lines already taken), and
     * whether a size sold out, which changes what the collection counts.
     */
    async takeStock(
      trx: Executor,
      lines: { productId: string; size: string; quantity: number }[],
    ): Promise<{ short: { productId: string; size: string; left: number } | null; soldOut: boolean }> {
      // A fixed order (product, size) so two orders never wait on each other's rows.
      const sorted = lines.toSorted((a, b) =>
        stockKey(a.productId, a.size).localeCompare(stockKey(b.productId, b.size)),
      )
      let soldOut = false
      for (const line of sorted) {
        const left = await repo.takeStock(trx, dialect, line, now())
        if (left === null) {
          const remaining = (await repo.stockOf(trx, [line.productId])).find((r) => r.size === line.size)?.stock ?? 0
          return { short: { productId: line.productId, size: line.size, left: remaining }, soldOut }
        }
        if (left === 0) soldOut = true
      }
      return { short: null, soldOut }
    },

    /** Puts pieces back on the shelf (a cancelled order, a returned parcel); true when a sold-out size is back. */
    async returnStock(trx: Executor, lines: { productId: string; size: string; quantity: number }[]): Promise<boolean> {
      let back = false
      for (const line of lines) if ((await repo.returnStock(trx, dialect, line, now())) === line.quantity) back = true
      for (const productId of new Set(lines.map((l) => l.productId))) await restocked(trx, productId)
      return back
    },

    /** Drops what the service keeps, after a write by another path (a script, another process), on every instance. */
    invalidate(): void {
      forget()
      changes?.publish('catalog')
    },

    /**
     * A size sold out or came back: the views' counts of sizes in stock are read afresh.
     * (Other stock changes leave every count as it is, so they keep their cache.)
     */
    stockChanged(): void {
      views.clear()
      changes?.publish('stock')
    },

    /**
     * Adds products after the catalog's last, in the given order, in one transaction;
     * with `onlyIfEmpty`, only into an empty catalog. Returns how many it added.
     */
    async add(products: NewProduct[], options: { onlyIfEmpty?: boolean } = {}): Promise<number> {
      const added = await db.transaction().execute(async (trx) => {
        if (options.onlyIfEmpty && (await repo.countProducts(trx)) > 0) return 0
        const start = (await repo.maxPosition(trx)) + 1
        const terms = [...new Set(products.flatMap((p) => nameTerms(p.name)))]
        await repo.insertProducts(
          trx,
          products.map((p, i) => toRows(p, start + i, now())),
          terms,
        )
        return products.length
      })
      forget()
      return added
    },

    /** Adds products in the given order, only into an empty catalog; returns how many it added. */
    addIfEmpty(products: NewProduct[]): Promise<number> {
      return this.add(products, { onlyIfEmpty: true })
    },
  }
}

/** One product size, as a map key. */
/** Rows of products as the API answers them, with their sizes, stock and size charts. */
export async function toProducts(db: Executor, rows: ProductsTable[]): Promise<Product[]> {
  const { sizes, chart } = await repo.detailsOf(
    db,
    rows.map((r) => r.id),
  )
  const sizesBy = groupBy(sizes, (s) => s.product_id)
  const chartBy = groupBy(chart, (r) => r.product_id)
  return rows.map((p): Product => ({
    _id: p.id,
    name: p.name,
    price: p.price,
    description: p.description,
    category: p.category as Category,
    subCategory: p.sub_category as SubCategory,
    sizes: (sizesBy.get(p.id) ?? []).map((s) => s.size),
    stock: Object.fromEntries((sizesBy.get(p.id) ?? []).map((s) => [s.size, s.stock])),
    image1: productImageUrl(p.image1),
    image2: productImageUrl(p.image2),
    image3: productImageUrl(p.image3),
    image4: productImageUrl(p.image4),
    sizeChart: (chartBy.get(p.id) ?? []).map((r): SizeChartRow => ({
      size: r.size,
      chest: r.chest,
      length: r.length,
      waist: r.waist,
      sleeves: r.sleeves,
    })),
    bestSeller: p.best_seller === 1,
    date: p.created_at,
  }))
}

/**
 * Every product on sale in catalog order, a batch at a time (docs/spec/store-spec.md §8's
 * list), read through `db` (a transaction gives one snapshot): the caller writes each
 * batch out before the next is read. Batches of 200 rather than 500 kept the server at
 * 264 MiB instead of 475 MiB while writing 100,000 products.
 */
export async function* allProducts(db: Executor, batchSize = 200): AsyncGenerator<Product[]> {
  let after: { position: number; id: string } | null = null
  for (;;) {
    const rows = await repo.productsAfter(db, after, batchSize)
    if (rows.length === 0) return
    yield await toProducts(db, rows)
    const last = rows[rows.length - 1]!
    after = { position: last.position, id: last.id }
    if (rows.length < batchSize) return
  }
}

/**
 * Whether walking the order's index to the page's end beats gathering the matches:
 * the walk reads about `end × onSale / matches` products, the gathering `matches`.
 */
function walkable(end: number, onSale: number, matches: number): boolean {
  return end * onSale <= 2 * matches * matches
}

export const stockKey = (productId: string, size: string) => JSON.stringify([productId, size])

/**
 * What a console save does to each size (docs/decisions/017): a size whose count the
 * owner left as opened keeps whatever the shelf holds now (orders placed meanwhile stay
 * taken); a changed one is set only if the shelf still holds what was opened; a size
 * the owner added must not exist yet, and one they never saw is not theirs to drop.
 * Any of these met otherwise refuses the whole save (409), naming the sizes.
 */
export function stockPlan(
  current: { size: string; stock: number }[],
  wanted: { size: string; stock: number }[],
  opened: Record<string, number>,
): { rows: { size: string; position: number; stock?: number; added: boolean }[]; removed: string[] } {
  const now = new Map(current.map((s) => [s.size, s.stock]))
  const seen = (size: string) => (Object.hasOwn(opened, size) ? opened[size] : undefined)
  const moved: string[] = []
  const rows = wanted.map((s, position) => {
    const was = seen(s.size)
    const is = now.get(s.size)
    if (was === undefined) {
      if (is !== undefined) moved.push(s.size)
      return { size: s.size, position, stock: s.stock, added: true }
    }
    if (is === undefined) moved.push(s.size)
    else if (s.stock !== was && is !== was) moved.push(s.size)
    return { size: s.size, position, ...(s.stock === was ? {} : { stock: s.stock }), added: false }
  })
  const kept = new Set(wanted.map((s) => s.size))
  const removed = current.filter((s) => !kept.has(s.size)).map((s) => s.size)
  for (const size of removed) if (seen(size) === undefined) moved.push(size)
  if (moved.length)
    throw new AppError(409, STOCK_CHANGED_MESSAGE, {
      fields: Object.fromEntries(
        moved.map((size) => [`stock.${size}`, now.has(size) ? `Now ${now.get(size)} in stock` : 'Removed meanwhile']),
      ),
    })
  return { rows, removed }
}

function summary(row: { id: string; name: string; price: number; image1: string }): ProductSummary {
  return { _id: row.id, name: row.name, price: row.price, image1: productImageUrl(row.image1) }
}

function toRows(p: NewProduct, position: number, at: number) {
  const [image1, image2, image3, image4] = p.images
  return {
    product: {
      id: p.id,
      name: p.name,
      name_search: p.name.toLowerCase(),
      description: p.description,
      price: p.price,
      category: p.category,
      sub_category: p.subCategory,
      image1,
      image2,
      image3,
      image4,
      best_seller: p.bestSeller ? 1 : 0,
      archived: 0,
      position,
      created_at: p.createdAt,
      updated_at: at,
    },
    sizes: p.sizes.map((size, i) => ({ product_id: p.id, position: i, size, stock: p.stock[size] ?? 0 })),
    chart: p.sizeChart.map((r, i) => ({ product_id: p.id, position: i, ...r })),
  }
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>()
  for (const item of items) {
    const k = key(item)
    const list = map.get(k)
    if (list) list.push(item)
    else map.set(k, [item])
  }
  return map
}

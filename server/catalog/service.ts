import type { Db, Dialect } from '#server/db/database.ts'
import type { ChangeFeed } from '#server/catalog/changes.ts'
import { createBrowse } from '#server/catalog/browse.ts'
import { createStock } from '#server/catalog/stock.ts'
import { createProductWrites } from '#server/catalog/product-writes.ts'
import { createProductReads } from '#server/catalog/products.ts'
import { photoStore } from '#server/catalog/photos.ts'
import { photoQueue } from '#server/catalog/photo-queue.ts'
import { createSales } from '#server/catalog/sales.ts'
import type { JobService } from '#server/jobs/service.ts'

export type { NewProduct, ProductEdit } from '#server/catalog/product-writes.ts'
export type { StoredProduct } from '#server/catalog/products.ts'
export { stockKey, stockPlan } from '#server/catalog/stock.ts'

export type CatalogService = ReturnType<typeof createCatalogService>

/**
 * A change as its listeners hear it: anything in the catalog, or a size of these products
 * that sold out or came back (what the collection counts and those products' pages show).
 */
export type ChangeSeen = { kind: 'catalog' } | { kind: 'stock'; productIds: readonly string[] }

/**
 * The catalog is answered by indexed queries (docs/decisions/009); nothing here holds
 * the products. What it keeps is bounded: the words of product names (for typo
 * correction) and the counts of recently asked views, each for at most `maxAgeMs`,
 * and both dropped at once after the store's own writes. Prices for orders are always
 * read inside the order's transaction.
 *
 * One service of several jobs, each in its own file: the storefront's questions
 * (browse.ts), pieces on the shelf (stock.ts), products added and edited
 * (product-writes.ts) and whole products read for other domains (products.ts).
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
    /** For tests: SQLite's walk before it gathers (browse.ts, WALK_FIRST). */
    walkFirst?: number
    /** Where the console's uploaded photos are kept (DATA_DIR; server/catalog/photos.ts). */
    dataDir?: string
    /** Runs each sale boundary's repricing once across instances (docs/decisions/025). */
    jobs?: JobService
    /** For tests: products a repricing transaction (server/catalog/sales.ts, REPRICE_BATCH). */
    repriceBatch?: number
    log?: (msg: string, fields: Record<string, unknown>) => void
  } = {},
) {
  const now = options.now ?? Date.now
  const {
    forget: forgetViews,
    forgetCounts: forgetViewCounts,
    ...browse
  } = createBrowse(db, dialect, {
    maxAgeMs: options.maxAgeMs ?? 30_000,
    maxViews: options.maxViews ?? 500,
    maxKnown: options.maxKnown ?? 500,
    now,
    walkFirst: options.walkFirst,
  })
  // Whoever keeps something drawn from the catalog (the guests' pages: server/page-cache.ts)
  // hears every change, this instance's and every other's, as the views' caches do.
  const changeListeners: ((change: ChangeSeen) => void)[] = []
  // Whoever acts on prices this instance changed (the wishlist's on-sale emails), after commit.
  const priceListeners: (() => void)[] = []
  const pricesMayHaveChanged = () => priceListeners.forEach((listener) => listener())
  const forget = () => {
    forgetViews()
    changeListeners.forEach((listener) => listener({ kind: 'catalog' }))
  }
  const forgetCounts = (productIds?: readonly string[]) => {
    forgetViewCounts()
    const change: ChangeSeen = productIds ? { kind: 'stock', productIds } : { kind: 'catalog' }
    changeListeners.forEach((listener) => listener(change))
  }
  const { restocked, soldOut, ...stock } = createStock(db, dialect, now)
  const changes = options.changes
  const sales = createSales(db, dialect, {
    now,
    ...(options.jobs ? { jobs: options.jobs } : {}),
    ...(options.log ? { log: options.log } : {}),
    ...(options.repriceBatch ? { batchSize: options.repriceBatch } : {}),
    changed: () => {
      forget()
      changes?.publish('catalog')
      pricesMayHaveChanged()
    },
  })
  const writes = createProductWrites(db, dialect, {
    now,
    restocked,
    soldOut,
    forget,
    reprice: sales.repriceProducts,
    repriceNew: sales.repriceNew,
  })

  // Another instance changed the catalog: this one's caches go too (docs/decisions/013),
  // and the next sale boundary is read again (a sale may have been made there).
  changes?.subscribe((change, products) => {
    if (change === 'stock') return forgetCounts(products)
    forget()
    sales.forgetBoundary()
  })

  function invalidate(): void {
    forget()
    sales.forgetBoundary()
    changes?.publish('catalog')
    pricesMayHaveChanged()
  }

  // Every storefront question first crosses a sale boundary that has passed (docs/decisions/025).
  const first = async <R>(ask: () => Promise<R>): Promise<R> => {
    await sales.catchUp()
    return ask()
  }
  const reads = createProductReads(db, now)

  return {
    /**
     * The console's uploaded photos: stored before a product save, removed when it fails;
     * `pending`, an import's photos to be encoded after it commits (none without a data directory).
     */
    photos: {
      ...photoStore(options.dataDir),
      pending: options.dataDir === undefined ? undefined : photoQueue(options.dataDir),
    },

    ...stock,
    ...writes,
    ...reads,
    get: (...a: Parameters<typeof browse.get>) => first(() => browse.get(...a)),
    getMany: (...a: Parameters<typeof browse.getMany>) => first(() => browse.getMany(...a)),
    status: (...a: Parameters<typeof browse.status>) => first(() => browse.status(...a)),
    browse: (...a: Parameters<typeof browse.browse>) => first(() => browse.browse(...a)),
    suggest: (...a: Parameters<typeof browse.suggest>) => first(() => browse.suggest(...a)),
    latest: (...a: Parameters<typeof browse.latest>) => first(() => browse.latest(...a)),
    bestSellers: (...a: Parameters<typeof browse.bestSellers>) => first(() => browse.bestSellers(...a)),
    related: (...a: Parameters<typeof browse.related>) => first(() => browse.related(...a)),
    firstOf: (...a: Parameters<typeof browse.firstOf>) => first(() => browse.firstOf(...a)),
    stamp: () => first(() => reads.stamp()),

    /** The console's sales and the product form's own sale (docs/decisions/025). */
    sales,

    /** Calls `listener` after every change to the catalog or to what is in stock, here or on another instance. */
    onChange(listener: (change: ChangeSeen) => void): void {
      changeListeners.push(listener)
    },

    /**
     * Calls `listener` after this instance committed a change that may have put products
     * on sale (a sale's boundary, the console's sale or product edit); not for other instances'.
     */
    onPricesChanged(listener: () => void): void {
      priceListeners.push(listener)
    },

    /** Drops what the service keeps, after a write by another path (a script, another process), on every instance. */
    invalidate,

    /**
     * A size of these products sold out or came back: the views' counts of sizes in stock
     * are read afresh, and these products' pages. (Other stock changes leave every count
     * as it is, so they keep their cache.)
     */
    stockChanged(productIds: readonly string[]): void {
      forgetCounts(productIds)
      changes?.publish('stock', productIds)
    },
  }
}

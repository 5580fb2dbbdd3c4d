import type { Config } from '#server/config.ts'
import { createPageCache, touchedByStock } from '#server/page-cache.ts'
import type { Db, Dialect } from '#server/db/database.ts'
import type { Logger } from '#server/http/logger.ts'
import { createAuthService } from '#server/auth/service.ts'
import { createCatalogService } from '#server/catalog/service.ts'
import { createCartService } from '#server/cart/service.ts'
import { createOrderService } from '#server/orders/service.ts'
import { createDiscountService } from '#server/discounts/service.ts'
import { createNewsletterService } from '#server/newsletter/service.ts'
import { createAdminService } from '#server/admin/service.ts'
import { createAccountService } from '#server/account/service.ts'
import { createMailService } from '#server/mail/service.ts'
import { createAlertService } from '#server/alerts/service.ts'
import { createReviewService } from '#server/reviews/service.ts'
import { createWishlistService } from '#server/wishlist/service.ts'
import { createJobService } from '#server/jobs/service.ts'
import { createMetrics } from '#server/metrics/service.ts'
import type { ChangeFeed } from '#server/catalog/changes.ts'
import { createProductLists, type ProductListOptions } from '#server/catalog/product-list.ts'
import { databaseLimitStore, redisLimitStore, type LimitStore } from '#server/limits/stores.ts'

export type Services = ReturnType<typeof createServices>

/**
 * Wires the domains together once per process; routes and page loaders share them.
 * `now` is the one clock of every domain (tests pass their own to let time pass).
 */
export function createServices(deps: {
  db: Db
  dialect: Dialect
  config: Config
  logger: Logger
  now?: () => number
  /** How instances tell each other of catalog changes (server/catalog/changes.ts); none for one process. */
  changes?: ChangeFeed
  /** Where GET /api/product/list's files are written, and by whom (server/catalog/product-list.ts). */
  productList?: ProductListOptions
  /** PostgreSQL's pool as it stands, for the metrics (server/db/database.ts). */
  poolStats?: (() => { total: number; idle: number; waiting: number }) | undefined
}) {
  const now = deps.now ?? Date.now
  const limitStore = limitStoreFor(deps)
  const jobs = createJobService(deps.db, now)
  const catalog = createCatalogService(deps.db, deps.dialect, {
    now,
    jobs,
    log: (msg, fields) => deps.logger.warn(msg, fields),
    dataDir: deps.config.dataDir,
    ...(deps.changes ? { changes: deps.changes } : {}),
  })
  const cart = createCartService(deps.db, deps.dialect, catalog, now)
  const mail = createMailService(deps.db, deps.dialect, deps.config, deps.logger, now)
  const auth = createAuthService(deps.db, deps.config, {
    logger: deps.logger,
    now,
    mail,
    ...(limitStore ? { limitStore } : {}),
  })
  const discounts = createDiscountService(deps.db, deps.dialect, now)
  const orders = createOrderService(deps.db, deps.dialect, { cart, catalog, discounts, mail, jobs, auth }, now, {
    limits: deps.config.orders,
    delivery: deps.config.delivery,
    trackingTemplates: deps.config.trackingTemplates,
    logger: deps.logger,
    ...(limitStore ? { limitStore } : {}),
  })
  const newsletter = createNewsletterService(deps.db, now, mail, limitStore, {
    discounts,
    prefix: deps.config.mail.newsletterCode,
  })
  const alerts = createAlertService(deps.db, { catalog, mail }, now)
  const reviews = createReviewService(deps.db, deps.dialect, { catalog, orders, mail, auth }, now)
  const admin = createAdminService(
    deps.db,
    deps.config,
    { orders, auth, catalog, discounts, reviews },
    now,
    deps.logger,
  )
  const wishlist = createWishlistService(deps.db, { catalog, mail }, now)
  // Pieces back on the shelf, by any path, email who asked and who kept them awaiting a
  // size (in that path's transaction).
  catalog.onRestock((trx, productId) => alerts.release(trx, productId))
  catalog.onRestock((trx, productId) => wishlist.releaseBack(trx, productId))
  // Sizes selling out, by any path, are awaited by the product's keepers (in that path's transaction).
  catalog.onSoldOut((trx, productId, sizes) => wishlist.awaitBack(trx, productId, sizes))
  // Products on sale: their keepers hear once, after the change committed (docs/decisions/035).
  catalog.onPricesChanged(() => {
    wishlist.mailSales().catch((err: unknown) => deps.logger.error('wishlist sale emails failed', { err: String(err) }))
  })
  // Guests' kept pages go at every change to what they draw, on every instance (docs/decisions/029).
  const pageCache = createPageCache({ maxBytes: deps.config.pageCacheBytes, now })
  catalog.onChange((change) =>
    change.kind === 'catalog' ? pageCache.clear() : pageCache.drop(touchedByStock(change.productIds)),
  )
  return {
    /** The store's clock (a page that shows "now", such as a new sale's default start). */
    now,
    config: deps.config,
    logger: deps.logger,
    db: deps.db,
    dialect: deps.dialect,
    auth,
    catalog,
    productLists: createProductLists({ db: deps.db, dialect: deps.dialect, ...deps.productList }),
    cart,
    orders,
    discounts,
    mail,
    newsletter,
    alerts,
    reviews,
    wishlist,
    account: createAccountService(deps.db, deps.dialect, { auth, cart, orders, newsletter, mail, reviews }, now),
    admin,
    metrics: createMetrics({
      ordersByStatus: () => admin.statusTotals(),
      outboxBacklog: () => mail.backlog(),
      discountsGiven30d: () => admin.discountsGiven30d(),
      poolStats: deps.poolStats,
      pageCache: () => pageCache.stats(),
      ...(catalog.photos.pending
        ? { photosPending: async () => (await catalog.photos.pending!.pending()).length }
        : {}),
      now,
    }),
    /** Guests' pages, rendered once (server/page-cache.ts). */
    pageCache,
    /** Where rate limits are shared across instances; undefined: this process's memory (SQLite). */
    limitStore,
    /** Lets go of what the services hold open besides the database (Redis, the change feed's connection). */
    close: () => Promise.all([limitStore?.close(), deps.changes?.close()]).then(() => {}),
  }
}

/**
 * Rate limits shared by every instance (docs/decisions/013): Redis when REDIS_URL is
 * set, else PostgreSQL's rate_limits table; SQLite runs as one process, in memory.
 */
function limitStoreFor(deps: { db: Db; dialect: Dialect; config: Config }): LimitStore | undefined {
  if (deps.config.redisUrl) return redisLimitStore(deps.config.redisUrl)
  if (deps.dialect === 'postgres') return databaseLimitStore(deps.db)
  return undefined
}

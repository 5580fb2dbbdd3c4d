import type { Config } from '#server/config.ts'
import type { Db, Dialect } from '#server/db/database.ts'
import type { Logger } from '#server/http/logger.ts'
import { createAuthService } from '#server/auth/service.ts'
import { createCatalogService } from '#server/catalog/service.ts'
import { createCartService } from '#server/cart/service.ts'
import { createOrderService } from '#server/orders/service.ts'
import { createNewsletterService } from '#server/newsletter/service.ts'
import { createAdminService } from '#server/admin/service.ts'
import { createAccountService } from '#server/account/service.ts'
import { createMailService } from '#server/mail/service.ts'
import { createAlertService } from '#server/alerts/service.ts'

export type Services = ReturnType<typeof createServices>

/**
 * Wires the domains together once per process; routes and page loaders share them.
 * `now` is the one clock of every domain (tests pass their own to let time pass).
 */
export function createServices(deps: { db: Db; dialect: Dialect; config: Config; logger: Logger; now?: () => number }) {
  const now = deps.now ?? Date.now
  const catalog = createCatalogService(deps.db, deps.dialect, { now })
  const cart = createCartService(deps.db, deps.dialect, catalog, now)
  const mail = createMailService(deps.db, deps.dialect, deps.config, deps.logger, now)
  const auth = createAuthService(deps.db, deps.config, { logger: deps.logger, now, mail })
  const orders = createOrderService(deps.db, deps.dialect, { cart, catalog, mail }, now)
  const newsletter = createNewsletterService(deps.db, now, mail)
  const alerts = createAlertService(deps.db, { catalog, mail }, now)
  // Pieces back on the shelf, by any path, email who asked (in that path's transaction).
  catalog.onRestock((trx, productId) => alerts.release(trx, productId))
  return {
    config: deps.config,
    logger: deps.logger,
    db: deps.db,
    dialect: deps.dialect,
    auth,
    catalog,
    cart,
    orders,
    mail,
    newsletter,
    alerts,
    account: createAccountService(deps.db, deps.dialect, { auth, cart, orders, newsletter }, now),
    admin: createAdminService(deps.db, deps.config, { orders, auth, catalog }, now),
  }
}

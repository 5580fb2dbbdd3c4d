import type { Config } from '#server/config.ts'
import type { Db, Dialect } from '#server/db/database.ts'
import type { Logger } from '#server/http/logger.ts'
import { createAuthService } from '#server/auth/service.ts'
import { createCatalogService } from '#server/catalog/service.ts'
import { createCartService } from '#server/cart/service.ts'
import { createOrderService } from '#server/orders/service.ts'
import { createNewsletterService } from '#server/newsletter/service.ts'

export type Services = ReturnType<typeof createServices>

/** Wires the domains together once per process; routes and page loaders share them. */
export function createServices(deps: { db: Db; dialect: Dialect; config: Config; logger: Logger }) {
  const catalog = createCatalogService(deps.db)
  return {
    config: deps.config,
    logger: deps.logger,
    db: deps.db,
    dialect: deps.dialect,
    auth: createAuthService(deps.db, deps.config, { logger: deps.logger }),
    catalog,
    cart: createCartService(deps.db, catalog),
    orders: createOrderService(deps.db, deps.dialect),
    newsletter: createNewsletterService(deps.db),
  }
}

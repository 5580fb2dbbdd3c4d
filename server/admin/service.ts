import type { Db } from '#server/db/database.ts'
import type { Config } from '#server/config.ts'
import type { Logger } from '#server/http/logger.ts'
import { createAdminContext, type AdminDomains } from '#server/admin/context.ts'
import { createProducts } from '#server/admin/products.ts'
import { createOrders } from '#server/admin/orders.ts'
import { createDashboard } from '#server/admin/dashboard.ts'
import { createCustomers } from '#server/admin/customers.ts'
import { createDiscounts } from '#server/admin/discounts.ts'
import { createSalesAdmin } from '#server/admin/sales.ts'
import { ordersCsv } from '#server/admin/orders-export.ts'
import { createCatalogIo } from '#server/admin/catalog-io.ts'
import type { AdminOrdersExport } from '#contracts/admin.ts'

export type AdminService = ReturnType<typeof createAdminService>

/**
 * The store owner's console (docs/spec/rulings.md #25). Reads are the console's own
 * queries; an order moves only through the orders service, and what an admin changes
 * is written to the audit log in the same transaction.
 *
 * Each page's work is a module of its own beside this one (products, orders and their
 * export, dashboard, customers, discounts, sales); they share the audit log
 * (server/admin/context.ts).
 */
export function createAdminService(
  db: Db,
  config: Config,
  domains: AdminDomains,
  now: () => number = Date.now,
  logger?: Logger,
) {
  const ctx = createAdminContext(db, config, domains, now)
  return {
    ...createProducts(ctx),
    ...createOrders(ctx),
    ...createDashboard(ctx),
    ...createCustomers(ctx),
    ...createDiscounts(ctx),
    ...createSalesAdmin(ctx),
    /** The catalog's CSV export and its import, from the console and the CLI (docs/decisions/033). */
    ...createCatalogIo(ctx, logger),
    /** The accountant's CSV of orders, a batch of rows at a time (server/admin/orders-export.ts). */
    ordersCsv: (query: AdminOrdersExport) => ordersCsv(db, query),
  }
}

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
import { bookingCsv } from '#server/admin/booking-export.ts'
import { createShipping } from '#server/admin/shipping.ts'
import { createCatalogIo } from '#server/admin/catalog-io.ts'
import { createRequestsAdmin } from '#server/admin/requests.ts'
import { createReviewDecisions } from '#server/admin/reviews.ts'
import type { AdminOrdersExport } from '#contracts/admin.ts'
import type { BlockPhone } from '#contracts/blocklist.ts'
import type { User } from '#contracts/auth.ts'

export type AdminService = ReturnType<typeof createAdminService>

/**
 * The store owner's console (docs/spec/rulings.md #25). Reads are the console's own
 * queries; an order moves only through the orders service, and what an admin changes
 * is written to the audit log in the same transaction.
 *
 * Each page's work is a module of its own beside this one (products, orders and their
 * exports, bulk shipping, dashboard, customers, discounts, sales, requests); they share the audit log
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
  const orders = createOrders(ctx)
  return {
    ...createProducts(ctx),
    ...orders,
    ...createShipping(ctx, (id, move, admin) => orders.moveOrder(id, move, admin)),
    /** The blocklist of phones (README, "Orders that need attention"), kept by the orders service. */
    blocklist: (page: number) => domains.orders.blocklist(page),
    blockPhone: (input: BlockPhone, admin: User) => domains.orders.block(input, admin.name),
    unblockPhone: (phone: string) => domains.orders.unblock(phone),
    ...createDashboard(ctx),
    ...createCustomers(ctx),
    ...createDiscounts(ctx),
    ...createSalesAdmin(ctx),
    /** Exchanges and returns, decided and received with an audit entry (docs/decisions/036). */
    ...createRequestsAdmin(ctx),
    /** Approve, hide and reply on reviews, audited (server/admin/reviews.ts). */
    ...createReviewDecisions(ctx),
    /** The catalog's CSV export and its import, from the console and the CLI (docs/decisions/033). */
    ...createCatalogIo(ctx, logger),
    /**
     * The accountant's CSV of orders (server/admin/orders-export.ts), or with a layout, a
     * courier's booking file (server/admin/booking-export.ts); a batch of rows at a time.
     */
    ordersCsv: (query: AdminOrdersExport) =>
      query.layout ? bookingCsv(db, { ...query, layout: query.layout }) : ordersCsv(db, query),
  }
}

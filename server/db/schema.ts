// Table types: what the database holds. Never a query's result type outside the
// repositories; services map rows to the API's shapes (docs/STYLE.md).
// Times are epoch milliseconds; money is whole rupees; flags are 0/1 integers so
// the same queries run on SQLite and PostgreSQL.
//
// Each domain declares the tables it owns in its own tables.ts; the Database Kysely
// is typed with is all of them joined here, the one place that sees every table.
import type { AccountTables } from '#server/account/tables.ts'
import type { AdminTables } from '#server/admin/tables.ts'
import type { AlertTables } from '#server/alerts/tables.ts'
import type { AuthTables } from '#server/auth/tables.ts'
import type { CartTables } from '#server/cart/tables.ts'
import type { CatalogTables } from '#server/catalog/tables.ts'
import type { DiscountTables } from '#server/discounts/tables.ts'
import type { JobTables } from '#server/jobs/tables.ts'
import type { LimitTables } from '#server/limits/tables.ts'
import type { MailTables } from '#server/mail/tables.ts'
import type { NewsletterTables } from '#server/newsletter/tables.ts'
import type { OrderTables } from '#server/orders/tables.ts'
import type { ReviewTables } from '#server/reviews/tables.ts'
import type { WishlistTables } from '#server/wishlist/tables.ts'

export interface Database
  extends
    AuthTables,
    CatalogTables,
    CartTables,
    OrderTables,
    DiscountTables,
    NewsletterTables,
    AlertTables,
    AccountTables,
    AdminTables,
    MailTables,
    LimitTables,
    JobTables,
    ReviewTables,
    WishlistTables {}

// The table types by their former address, so code written against this file keeps working.
export type {
  LoginChallengesTable,
  PasswordResetsTable,
  RecoveryCodesTable,
  SessionsTable,
  TwoFactorTable,
  UsersTable,
} from '#server/auth/tables.ts'
export type { CatalogTermsTable, ProductSizesTable, ProductsTable, SizeChartRowsTable } from '#server/catalog/tables.ts'
export type { CartItemsTable } from '#server/cart/tables.ts'
export type { IdempotencyKeysTable, OrderEventsTable, OrderItemsTable, OrdersTable } from '#server/orders/tables.ts'
export type { NewsletterSubscribersTable } from '#server/newsletter/tables.ts'
export type { StockAlertsTable } from '#server/alerts/tables.ts'
export type { SavedAddressesTable } from '#server/account/tables.ts'
export type { AuditLogTable } from '#server/admin/tables.ts'
export type { MailOutboxTable, StoreSecretsTable, UsedLinksTable } from '#server/mail/tables.ts'
export type { RateLimitsTable } from '#server/limits/tables.ts'
export type { JobLeasesTable } from '#server/jobs/tables.ts'

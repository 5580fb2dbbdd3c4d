import type { Db, Dialect, Executor } from '#server/db/database.ts'
import type { AuthService } from '#server/auth/service.ts'
import type { CartService } from '#server/cart/service.ts'
import type { CatalogService } from '#server/catalog/service.ts'
import type { DiscountService } from '#server/discounts/service.ts'
import { SPEC_DELIVERY, type Delivery } from '#contracts/pricing.ts'
import { DEFAULT_RETURN_DAYS } from '#contracts/requests.ts'
import { DEFAULT_TRACKING_TEMPLATES, type TrackingTemplates } from '#contracts/couriers.ts'
import type { MailService } from '#server/mail/service.ts'
import { emailLanguage } from '#server/mail/templates.ts'
import { RateLimiter } from '#server/limits/rate-limit.ts'
import type { LimitStore } from '#server/limits/stores.ts'
import type { JobService } from '#server/jobs/service.ts'
import type { Config } from '#server/config.ts'
import { createLogger, errorFields, type Logger } from '#server/http/logger.ts'

// What the order service's parts (server/orders/service.ts assembles them) share: the
// database, the domains it calls, the clock, the limits against hoarding.

/** The settings against hoarding when none are given (those of server/config.ts). */
const DEFAULT_LIMITS: Config['orders'] = {
  openPerCustomer: 3,
  perAccountPerHour: 10,
  perIpPerHour: 30,
  unconfirmedMs: 48 * 60 * 60_000,
  trackPerIpPerHour: 30,
  codReviewOver: null,
  returnDays: DEFAULT_RETURN_DAYS,
}

/** The domains the order service calls, each through its service. */
export interface OrderDomains {
  cart: CartService
  catalog: CatalogService
  /** Discount codes, claimed in the order's transaction (docs/decisions/026); none: every code is unknown. */
  discounts?: DiscountService
  mail?: MailService
  jobs?: JobService
  /** The account's chosen language: its order emails are written in it (server/mail/templates.ts, emailLanguage). */
  auth?: Pick<AuthService, 'languageOf'>
}

export interface OrderOptions {
  limits?: Config['orders']
  limitStore?: LimitStore
  logger?: Logger
  /** The delivery fee and the free-delivery threshold (server/config.ts); the spec's fee when absent. */
  delivery?: Delivery
  /** Each courier's tracking address (server/config.ts); the built-in ones when absent. */
  trackingTemplates?: TrackingTemplates
}

export type OrdersContext = ReturnType<typeof createOrdersContext>

export function createOrdersContext(
  db: Db,
  dialect: Dialect,
  domains: OrderDomains,
  now: () => number,
  options: OrderOptions,
) {
  const { cart: carts, catalog, discounts, mail, jobs, auth } = domains
  const delivery = options.delivery ?? SPEC_DELIVERY
  const limits = options.limits ?? DEFAULT_LIMITS
  const logger = options.logger ?? createLogger('silent')
  // Placements an hour, shared by every instance when the store runs several (docs/decisions/013).
  const limiter = (name: string, limit: number) =>
    new RateLimiter(
      limit,
      60 * 60_000,
      now,
      options.limitStore && {
        name,
        store: options.limitStore,
        onError: (err) => logger.warn('shared rate limit unavailable', { limiter: name, ...errorFields(err) }),
      },
    )
  const placementsByAccount = limiter('order-account', limits.perAccountPerHour)
  const placementsByAddress = limiter('order-address', limits.perIpPerHour)
  // /track's wrong pairs of order number and phone, per client address (server/orders/tracking.ts).
  const lookupsByAddress = limiter('track-address', limits.trackPerIpPerHour)
  /** An order email's language: the account's if it chose one, else the order's (in the caller's transaction). */
  async function emailLanguageOf(exec: Executor, order: { userId: string | null; language: string | null }) {
    const account = order.userId === null || !auth ? null : await auth.languageOf(exec, order.userId)
    return emailLanguage(account, order.language)
  }
  return {
    db,
    dialect,
    carts,
    catalog,
    discounts,
    delivery,
    mail,
    jobs,
    now,
    limits,
    logger,
    placementsByAccount,
    placementsByAddress,
    lookupsByAddress,
    emailLanguageOf,
    trackingTemplates: options.trackingTemplates ?? DEFAULT_TRACKING_TEMPLATES,
  }
}

import type { Db, Dialect } from '#server/db/database.ts'
import { createOrdersContext, type OrderDomains, type OrderOptions } from '#server/orders/context.ts'
import { createPlacing } from '#server/orders/placing.ts'
import { createMoves } from '#server/orders/moves.ts'
import { createReading } from '#server/orders/reading.ts'
import { createAccountHooks } from '#server/orders/account-hooks.ts'
import { createDiscountQuote } from '#server/orders/discount-quote.ts'
import { createTracking } from '#server/orders/tracking.ts'
import { createBlocklist } from '#server/orders/attention.ts'
import { createRequests } from '#server/orders/requests.ts'
import { createRequestDecisions } from '#server/orders/request-decisions.ts'
import { createReviewLinks } from '#server/orders/review-links.ts'

export { ANONYMISED } from '#server/orders/account-hooks.ts'
export { CANCEL_LINK_MS, CONFIRM_LINK_MS, orderLinkPath } from '#server/orders/new-order.ts'
export { attentionOf } from '#server/orders/attention.ts'
export { NOT_CONFIRMED_NOTE, type AlongWithMove, type MoveDetails, type OrderLink } from '#server/orders/moves.ts'
export type { AlongWithRequest } from '#server/orders/request-decisions.ts'

export type OrderService = ReturnType<typeof createOrderService>

/**
 * Orders: the one service other domains, routes and pages use. Each job is a module of
 * its own beside this one (placing, new-order, moves, reading, tracking, requests and
 * request-decisions (exchanges and returns), account-hooks); they
 * share the database, the domains and the limits (server/orders/context.ts).
 */
export function createOrderService(
  db: Db,
  dialect: Dialect,
  domains: OrderDomains,
  now: () => number = Date.now,
  options: OrderOptions = {},
) {
  const ctx = createOrdersContext(db, dialect, domains, now, options)
  return {
    ...createPlacing(ctx),
    ...createMoves(ctx),
    ...createReading(ctx),
    ...createDiscountQuote(ctx),
    ...createTracking(ctx),
    ...createBlocklist(ctx),
    ...createRequests(ctx),
    ...createRequestDecisions(ctx),
    ...createAccountHooks(),
    reviewLinksFor: createReviewLinks(ctx).reviewLinksFor,
  }
}

import type { User } from '#contracts/auth.ts'
import type { AdminRequestsQuery, RequestDecision, RequestReceived } from '#contracts/requests.ts'
import type { AlongWithRequest } from '#server/orders/service.ts'
import type { AdminContext } from '#server/admin/context.ts'

// The console's exchanges and returns (docs/decisions/036): decided and received through
// the orders service, each step's audit entry (who, from, to, the note or the refund) on
// the order, in the step's transaction.

export function createRequestsAdmin(ctx: AdminContext) {
  const { orders, writeAudit } = ctx
  const audited =
    (admin: User, action: string): AlongWithRequest =>
    (trx, step) =>
      writeAudit(
        trx,
        admin,
        'order',
        step.orderId,
        action,
        { request: step.from },
        {
          request: step.to,
          ...(step.note ? { note: step.note } : {}),
        },
      )
  return {
    requestsPage: (query: AdminRequestsQuery) => orders.requestsPage(query),
    decideRequest: (id: string, decision: RequestDecision, admin: User) =>
      orders.decideRequest(id, decision, audited(admin, 'request')),
    receiveRequest: (id: string, input: RequestReceived, admin: User) =>
      orders.receiveRequest(id, input, audited(admin, 'request')),
  }
}

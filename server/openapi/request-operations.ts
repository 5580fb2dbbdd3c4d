import {
  adminRequestAnswerSchema,
  adminRequestPageSchema,
  adminRequestsQuerySchema,
  requestAnswerSchema,
  requestDecisionSchema,
  requestInputSchema,
  requestReceivedSchema,
} from '#contracts/requests.ts'
import type { Operation } from '#server/openapi/operation.ts'

/** Exchanges and returns of a delivered order, and the console's side of them (docs/decisions/036). */
export const requestOperations: Operation[] = [
  {
    method: 'post',
    path: '/api/order/request',
    tag: 'Orders',
    summary:
      'Ask to exchange (another size of the same product, in stock) or return pieces of your delivered order within RETURN_DAYS of delivery (JSON, or multipart with the same fields in `request` and photos in photo1..photo3). One request at a time an order; the store answers by email',
    access: 'user',
    body: requestInputSchema,
    photoForm: 'request',
    ok: { status: 201, schema: requestAnswerSchema },
    refusals: [404, 409, 422],
  },
  {
    method: 'get',
    path: '/api/admin/requests',
    tag: 'Admin',
    summary: 'Exchange and return requests in one status (open by default), oldest first, a page at a time',
    access: 'admin',
    query: adminRequestsQuerySchema,
    ok: { status: 200, schema: adminRequestPageSchema },
  },
  {
    method: 'post',
    path: '/api/admin/requests/{id}/decision',
    tag: 'Admin',
    summary:
      'Approve or decline an open request with a note for the shopper. An approved exchange takes the new sizes off the shelf and makes its order (no delivery fee; the difference in price to collect, or nothing) in the same transaction: 409 when a size is no longer in stock, and nothing changes',
    access: 'admin',
    body: requestDecisionSchema,
    ok: { status: 200, schema: adminRequestAnswerSchema },
    refusals: [404, 409],
  },
  {
    method: 'post',
    path: '/api/admin/requests/{id}/received',
    tag: 'Admin',
    summary:
      'The pieces of an approved request are back: on the shelf again. A return records how its money went back (refundMethod and reference, both required); an exchange takes neither',
    access: 'admin',
    body: requestReceivedSchema,
    ok: { status: 200, schema: adminRequestAnswerSchema },
    refusals: [404, 409],
  },
]

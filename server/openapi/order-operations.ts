import { z } from '#contracts/zod.ts'
import { doneSchema } from '#contracts/api-error.ts'
import { stockAlertSchema } from '#contracts/alerts.ts'
import { cartAddSchema, cartMergeSchema, cartSchema, cartUpdateSchema } from '#contracts/cart.ts'
import { cartDiscountSchema, discountQuoteSchema } from '#contracts/discounts.ts'
import { newsletterLinkSchema, subscribeSchema } from '#contracts/newsletter.ts'
import {
  idempotencyKeySchema,
  orderActionSchema,
  orderAnswerSchema,
  orderLinkAnswerSchema,
  orderLinkSchema,
  orderSchema,
  placeOrderSchema,
} from '#contracts/orders.ts'
import { trackQuerySchema, trackedOrderSchema } from '#contracts/track.ts'
import { type Operation, withMessage } from '#server/openapi/operation.ts'

/** The cart, orders, the newsletter, stock alerts and this description (docs/decisions/031). */
export const orderOperations: Operation[] = [
  // ---- Cart ----
  {
    method: 'post',
    path: '/api/cart/get',
    tag: 'Cart',
    summary: 'The cart: { productId: { size: quantity } }',
    access: 'user',
    ok: { status: 200, schema: cartSchema },
  },
  {
    method: 'post',
    path: '/api/cart/add',
    tag: 'Cart',
    summary: 'One more of a size; 409 when no more are in stock',
    access: 'user',
    body: cartAddSchema,
    ok: { status: 200, schema: cartSchema },
    refusals: [409],
  },
  {
    method: 'post',
    path: '/api/cart/update',
    tag: 'Cart',
    summary: "A line's quantity (0 removes it)",
    access: 'user',
    body: cartUpdateSchema,
    ok: { status: 200, schema: cartSchema },
    refusals: [409],
  },
  {
    method: 'post',
    path: '/api/cart/merge',
    tag: 'Cart',
    summary: "A guest's cart merged into the account's at sign-in",
    access: 'user',
    body: cartMergeSchema,
    ok: { status: 200, schema: cartSchema },
  },
  {
    method: 'post',
    path: '/api/cart/discount',
    tag: 'Cart',
    summary: 'A discount code priced against the cart (nothing is claimed); 422 says why it is refused',
    access: 'user',
    body: cartDiscountSchema,
    ok: { status: 200, schema: discountQuoteSchema },
    refusals: [422],
  },
  // ---- Orders ----
  {
    method: 'post',
    path: '/api/order/placeorder',
    tag: 'Orders',
    summary:
      'Places the cart as a cash-on-delivery order, priced by the server. 409 when the cart or stock changed; with an Idempotency-Key a retry gets the first answer',
    access: 'user',
    body: placeOrderSchema,
    headers: [
      {
        name: 'Idempotency-Key',
        schema: idempotencyKeySchema,
        description: 'One per checkout attempt (docs/decisions/013); the same key with another order is 422',
      },
    ],
    ok: { status: 201, schema: orderAnswerSchema },
    refusals: [409, 422, 429],
  },
  {
    method: 'post',
    path: '/api/order/userorder',
    tag: 'Orders',
    summary: "The shopper's orders, newest first",
    access: 'user',
    ok: { status: 200, schema: z.array(orderSchema) },
  },
  {
    method: 'post',
    path: '/api/order/confirm',
    tag: 'Orders',
    summary: 'The shopper confirms their order',
    access: 'user',
    body: orderActionSchema,
    ok: { status: 200, schema: orderAnswerSchema },
    refusals: [404, 409],
  },
  {
    method: 'post',
    path: '/api/order/cancel',
    tag: 'Orders',
    summary: 'The shopper cancels while the order is Order Placed or Confirmed',
    access: 'user',
    body: orderActionSchema,
    ok: { status: 200, schema: orderAnswerSchema },
    refusals: [404, 409],
  },
  {
    method: 'get',
    path: '/api/order/link',
    tag: 'Orders',
    summary: 'What a confirm or cancel link from the order email would do; changes nothing',
    access: 'public',
    query: orderLinkSchema,
    ok: { status: 200, schema: orderLinkAnswerSchema },
  },
  {
    method: 'post',
    path: '/api/order/link',
    tag: 'Orders',
    summary: 'Does what the link says, once',
    access: 'public',
    body: orderLinkSchema,
    ok: { status: 200, schema: orderAnswerSchema },
    refusals: [409],
  },
  {
    method: 'get',
    path: '/api/order/track',
    tag: 'Orders',
    summary:
      'An order by its number (#1A2B3C4D, the # optional) and the phone it was placed with, in any form, without signing in: status, timeline and tracking link, never name or address. 404 for a wrong pair; 429 past TRACK_LIMIT_PER_IP wrong pairs an hour per client',
    access: 'public',
    query: trackQuerySchema,
    ok: { status: 200, schema: trackedOrderSchema },
    refusals: [404, 429],
  },
  // ---- Newsletter ----
  {
    method: 'post',
    path: '/api/newsletter/subscribe',
    tag: 'Newsletter',
    summary: 'Subscribes; the email asks to confirm',
    access: 'public',
    body: subscribeSchema,
    ok: { status: 200, schema: doneSchema },
    refusals: [429],
  },
  {
    method: 'post',
    path: '/api/newsletter/confirm',
    tag: 'Newsletter',
    summary: "The confirmation link: answers the subscriber's discount code",
    access: 'public',
    body: newsletterLinkSchema,
    ok: { status: 200, schema: withMessage({ code: z.string() }) },
  },
  {
    method: 'post',
    path: '/api/newsletter/unsubscribe',
    tag: 'Newsletter',
    summary: 'The unsubscribe link',
    access: 'public',
    body: newsletterLinkSchema,
    ok: { status: 200, schema: doneSchema },
  },
  // ---- Stock alerts ----
  {
    method: 'post',
    path: '/api/product/notify',
    tag: 'Stock alerts',
    summary: 'Email me when a sold-out size is back; answers the sizes still awaited',
    access: 'user',
    body: stockAlertSchema,
    ok: { status: 200, schema: z.object({ sizes: z.array(z.string()) }) },
    refusals: [409],
  },
  {
    method: 'post',
    path: '/api/product/notify/cancel',
    tag: 'Stock alerts',
    summary: 'No longer wait for a size',
    access: 'user',
    body: stockAlertSchema,
    ok: { status: 200, schema: z.object({ sizes: z.array(z.string()) }) },
  },
  // ---- Reference ----
  {
    method: 'get',
    path: '/api/openapi.json',
    tag: 'Reference',
    summary: 'This description, as OpenAPI 3.1',
    access: 'public',
    ok: { status: 200, schema: z.object({ openapi: z.string() }).loose() },
  },
  {
    method: 'get',
    path: '/api/docs',
    tag: 'Reference',
    summary: 'This description as a page to read',
    access: 'public',
    ok: { status: 200, schema: z.string(), media: 'text/html', description: 'An HTML page' },
  },
]

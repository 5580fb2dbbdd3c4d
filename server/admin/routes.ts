import { Hono, type Context } from 'hono'
import { adminBulkShipSchema } from '#contracts/shipping.ts'
import { blockPhoneSchema, blocklistQuerySchema, unblockPhoneSchema } from '#contracts/blocklist.ts'
import {
  adminArchiveSchema,
  adminCustomersQuerySchema,
  adminOrdersExportSchema,
  adminOrdersQuerySchema,
  adminProductInputSchema,
  adminProductsQuerySchema,
  adminSalesQuerySchema,
  adminStatusMoveSchema,
  adminStockSchema,
  photoSlots,
  type PhotoSlot,
} from '#contracts/admin.ts'
import { saleInputSchema, saleUpdateSchema } from '#contracts/sales.ts'
import { twoFactorCodeSchema, twoFactorConfirmSchema } from '#contracts/auth.ts'
import { adminDiscountSchema } from '#contracts/discounts.ts'
import { adminRequestsQuerySchema, requestDecisionSchema, requestReceivedSchema } from '#contracts/requests.ts'
import { idParam, queryOf } from '#server/http/params.ts'
import { AppError, parseWith } from '#server/http/errors.ts'
import { readJson } from '#server/http/middleware.ts'
import type { AppEnv } from '#server/http/env.ts'
import { adminOnly, requireAdmin } from '#server/auth/session.ts'

/**
 * /api/admin/: the store owner's console (docs/spec/rulings.md #25). Every call, known
 * or not, passes the one guard first: a guest gets 401, a customer 403. Writes have
 * already passed the API's same-origin, JSON-only and body-size checks (server/app.ts).
 */
export const adminRoutes = new Hono<AppEnv>()
  .use(adminOnly())
  .get('/orders', async (c) => {
    const query = parseWith(adminOrdersQuerySchema, queryOf(c, ['status', 'q', 'from', 'to', 'page', 'attention']))
    return c.json(await c.get('services').admin.orders(query))
  })
  // Before /orders/:id, which would take "export" for an order's id.
  .get('/orders/export', (c) => {
    const chosen = c.req.queries('order')
    const query = parseWith(adminOrdersExportSchema, {
      ...queryOf(c, ['status', 'from', 'to', 'layout']),
      ...(chosen ? { order: chosen } : {}),
    })
    const rows = c.get('services').admin.ordersCsv(query)
    const body = csvStream(rows)
    const name = `kapra-${query.layout ? `${query.layout}-booking` : 'orders'}${query.from ? `-from-${query.from}` : ''}${query.to ? `-to-${query.to}` : ''}.csv`
    return c.body(body, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'private, no-store',
    })
  })
  /** Packing orders marked Shipped with one courier, from a list of order numbers and tracking numbers. */
  .post('/orders/ship', async (c) => {
    const admin = requireAdmin(c)
    const input = parseWith(adminBulkShipSchema, await readJson(c.req))
    return c.json(await c.get('services').admin.shipMany(input, admin))
  })
  // The catalog as a file, and its import (docs/decisions/033; README, "Catalog import and export").
  .get('/catalog/export', (c) => {
    const rows = c.get('services').admin.catalogCsv()
    return c.body(csvStream(rows), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="kapra-products.csv"',
      'Cache-Control': 'private, no-store',
    })
  })
  /** multipart/form-data: `csv`, `photos` (a zip), `dryRun`, `archiveMissing`; the job, being checked. */
  .post('/catalog/import', async (c) => {
    const admin = requireAdmin(c)
    const job = await c.get('services').admin.startImport(c.req.raw.body, c.req.header('content-type') ?? '', admin)
    return c.json({ message: 'The file is being checked', job }, 201)
  })
  .get('/catalog/imports/:id', (c) => c.json(c.get('services').admin.importJob(c.req.param('id'))))
  .post('/catalog/imports/:id/apply', (c) => {
    const admin = requireAdmin(c)
    const job = c.get('services').admin.applyImportJob(c.req.param('id'), admin)
    return c.json({ message: 'The import is being applied', job })
  })
  .get('/orders/:id', async (c) => {
    return c.json(await c.get('services').admin.order(orderId(c)))
  })
  .post('/orders/:id/status', async (c) => {
    const admin = requireAdmin(c)
    const input = parseWith(adminStatusMoveSchema, await readJson(c.req))
    const order = await c.get('services').admin.moveOrder(orderId(c), input, admin)
    return c.json({ message: `The order is now ${order.order.status}`, order })
  })
  /** Exchanges and returns (docs/decisions/036): the list, the decision, the pieces received. */
  .get('/requests', async (c) => {
    const query = parseWith(adminRequestsQuerySchema, queryOf(c, ['status', 'page']))
    return c.json(await c.get('services').admin.requestsPage(query))
  })
  .post('/requests/:id/decision', async (c) => {
    const admin = requireAdmin(c)
    const decision = parseWith(requestDecisionSchema, await readJson(c.req))
    const request = await c.get('services').admin.decideRequest(requestId(c), decision, admin)
    const message = request.status === 'approved' ? 'The request is approved' : 'The request is declined'
    return c.json({ message, request })
  })
  .post('/requests/:id/received', async (c) => {
    const admin = requireAdmin(c)
    const input = parseWith(requestReceivedSchema, await readJson(c.req))
    const request = await c.get('services').admin.receiveRequest(requestId(c), input, admin)
    return c.json({ message: 'The pieces are back on the shelf', request })
  })
  .get('/products', async (c) => {
    const query = parseWith(adminProductsQuerySchema, queryOf(c, ['q', 'page']))
    return c.json(await c.get('services').admin.products(query))
  })
  .get('/products/:id', async (c) => c.json(await c.get('services').admin.product(productId(c))))
  /** A new product: multipart/form-data with `product` (JSON) and all four photos. */
  .post('/products', async (c) => {
    const admin = requireAdmin(c)
    const { input, photos } = await productForm(c)
    const product = await c.get('services').admin.saveProduct(null, input, photos, admin)
    return c.json({ message: 'The product is in the store', product }, 201)
  })
  /** A change to a product: the same form; only the photos sent are replaced. */
  .post('/products/:id', async (c) => {
    const admin = requireAdmin(c)
    const id = productId(c)
    const { input, photos } = await productForm(c)
    const product = await c.get('services').admin.saveProduct(id, input, photos, admin)
    return c.json({ message: 'The product is saved', product })
  })
  .post('/products/:id/archive', async (c) => {
    const admin = requireAdmin(c)
    const { archived } = parseWith(adminArchiveSchema, await readJson(c.req))
    const product = await c.get('services').admin.setArchived(productId(c), archived, admin)
    return c.json({ message: archived ? 'The product is archived' : 'The product is back in the store', product })
  })
  .post('/products/:id/stock', async (c) => {
    const admin = requireAdmin(c)
    const change = parseWith(adminStockSchema, await readJson(c.req))
    const { size, stock } = change
    const product = await c.get('services').admin.setStock(productId(c), change, admin)
    return c.json({ message: `Size ${size} now has ${stock} in stock`, product })
  })
  // Sales (docs/decisions/025): times in ISO 8601.
  .get('/sales', async (c) => {
    const { page } = parseWith(adminSalesQuerySchema, queryOf(c, ['page']))
    return c.json(await c.get('services').admin.sales(page))
  })
  .get('/sales/:id', async (c) => c.json(await c.get('services').admin.sale(saleId(c))))
  .post('/sales', async (c) => {
    const admin = requireAdmin(c)
    const input = parseWith(saleInputSchema, await readJson(c.req))
    const sale = await c.get('services').admin.createSale(input, admin)
    return c.json({ message: 'The sale is saved', sale }, 201)
  })
  /** Changes a sale; `{ "end": true }` ends it now. */
  .post('/sales/:id', async (c) => {
    const admin = requireAdmin(c)
    const id = saleId(c)
    const update = parseWith(saleUpdateSchema, await readJson(c.req))
    const sale = await c.get('services').admin.updateSale(id, update, admin)
    return c.json({ message: update.end ? 'The sale has ended' : 'The sale is saved', sale })
  })
  .get('/dashboard', async (c) => c.json(await c.get('services').admin.dashboard()))
  // Two-factor sign-in for the signed-in admin (docs/decisions/015); open before it is set
  // up even when ADMIN_TWO_FACTOR=required (the guard above).
  .get('/two-factor', async (c) => c.json(await c.get('services').auth.twoFactorStatus(requireAdmin(c)._id)))
  /** The setup to scan: { secret, uri, qrSvg }; the same one until it is confirmed (or an hour old). */
  .post('/two-factor/setup', async (c) => c.json(await c.get('services').auth.twoFactorSetup(requireAdmin(c)._id)))
  /** Confirms it with a code from the app: answers the ten recovery codes, once. */
  .post('/two-factor/confirm', async (c) => {
    const admin = requireAdmin(c)
    const { code } = parseWith(twoFactorConfirmSchema, await readJson(c.req))
    const recoveryCodes = await c.get('services').auth.confirmTwoFactor(admin._id, code, c.get('sessionToken'))
    return c.json({
      message: 'Two-factor sign-in is on. Keep these recovery codes somewhere safe: each works once.',
      recoveryCodes,
    })
  })
  /** A new set of recovery codes, after a code: the old set stops working. */
  .post('/two-factor/recovery-codes', async (c) => {
    const admin = requireAdmin(c)
    const { code } = parseWith(twoFactorCodeSchema, await readJson(c.req))
    const recoveryCodes = await c.get('services').auth.newRecoveryCodes(admin._id, code)
    return c.json({ message: 'New recovery codes: the old ones no longer work.', recoveryCodes })
  })
  /** Turns it off after a code (a new phone: off, then set up again). */
  .post('/two-factor/turn-off', async (c) => {
    const admin = requireAdmin(c)
    const { code } = parseWith(twoFactorCodeSchema, await readJson(c.req))
    await c.get('services').auth.turnOffTwoFactor(admin._id, code)
    return c.json({ message: 'Two-factor sign-in is off.' })
  })
  .get('/customers', async (c) => {
    const query = parseWith(adminCustomersQuerySchema, queryOf(c, ['q', 'page']))
    return c.json(await c.get('services').admin.customers(query))
  })
  // Discount codes (docs/decisions/026): times in ISO 8601; every write audit-logged.
  .get('/discounts', async (c) => {
    const { page } = parseWith(adminCustomersQuerySchema, queryOf(c, ['page']))
    return c.json(await c.get('services').admin.discounts(page))
  })
  .get('/discounts/:id', async (c) => c.json(await c.get('services').admin.discount(discountId(c))))
  /** A new code: 201 with it and its id; a code that exists already is 409. */
  .post('/discounts', async (c) => {
    const admin = requireAdmin(c)
    const input = parseWith(adminDiscountSchema, await readJson(c.req))
    const discount = await c.get('services').admin.createDiscount(input, admin)
    return c.json({ message: `The code ${discount.code} is saved`, ...discount }, 201)
  })
  /** The code as a whole, as the console's form sends it; its uses stay what orders hold. */
  .post('/discounts/:id', async (c) => {
    const admin = requireAdmin(c)
    const input = parseWith(adminDiscountSchema, await readJson(c.req))
    const discount = await c.get('services').admin.updateDiscount(discountId(c), input, admin)
    return c.json({ message: `The code ${discount.code} is saved`, ...discount })
  })
  /** Ends the code now: from this moment it is refused as expired. */
  .post('/discounts/:id/end', async (c) => {
    const admin = requireAdmin(c)
    const discount = await c.get('services').admin.endDiscount(discountId(c), admin)
    return c.json({ message: `The code ${discount.code} has ended`, ...discount })
  })
  /** Phones whose new orders wait in "Needs attention" (README, "Orders that need attention"), newest first. */
  .get('/blocklist', async (c) => {
    const { page } = parseWith(blocklistQuerySchema, queryOf(c, ['page']))
    return c.json(await c.get('services').admin.blocklist(page))
  })
  /** Lists a phone, in any form, with its reason; listed again, the reason is replaced. */
  .post('/blocklist', async (c) => {
    const admin = requireAdmin(c)
    const input = parseWith(blockPhoneSchema, await readJson(c.req))
    return c.json(await c.get('services').admin.blockPhone(input, admin), 201)
  })
  .post('/blocklist/remove', async (c) => {
    requireAdmin(c)
    const { phone } = parseWith(unblockPhoneSchema, await readJson(c.req))
    await c.get('services').admin.unblockPhone(phone)
    return c.json({ message: 'The phone is off the blocklist' })
  })

/**
 * A product save's body (multipart/form-data): the field `product` holds the JSON of
 * AdminProductInput, the files photo1..photo4 the photos given.
 */
async function productForm(c: Context<AppEnv>) {
  let form: Record<string, string | File>
  try {
    form = await c.req.parseBody()
  } catch {
    throw new AppError(400, 'The request body is not a valid multipart form')
  }
  const field = form.product
  if (typeof field !== 'string') {
    throw new AppError(400, "product must be the product's JSON", { fields: { product: 'Missing' } })
  }
  let json: unknown
  try {
    json = JSON.parse(field)
  } catch {
    throw new AppError(400, 'product is not valid JSON', { fields: { product: 'Not valid JSON' } })
  }
  const input = parseWith(adminProductInputSchema, json)
  const photos: Partial<Record<PhotoSlot, Uint8Array>> = {}
  for (const slot of photoSlots) {
    const file = form[`photo${slot}`]
    if (file === undefined || file === '') continue
    if (typeof file === 'string') {
      throw new AppError(400, `photo${slot} must be a file`, { fields: { [`photo${slot}`]: 'Not a file' } })
    }
    if (file.size > 0) photos[slot] = new Uint8Array(await file.arrayBuffer())
  }
  return { input, photos }
}

/** A CSV written out a batch at a time, as the client reads it. */
function csvStream(rows: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await rows.next()
      if (next.done) controller.close()
      else controller.enqueue(encoder.encode(next.value))
    },
    async cancel() {
      await rows.return(undefined)
    },
  })
}

const productId = (c: Context<AppEnv>) => idParam(c, 200, 'Product not found')
const saleId = (c: Context<AppEnv>) => idParam(c, 200, 'Sale not found')
const discountId = (c: Context<AppEnv>) => idParam(c, 100, 'Discount code not found')
const orderId = (c: Context<AppEnv>) => idParam(c, 100, 'Order not found')
const requestId = (c: Context<AppEnv>) => idParam(c, 100, 'Request not found')

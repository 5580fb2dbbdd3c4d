import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import { compileErrors, validate } from '@readme/openapi-parser'
import type { z } from 'zod'
import type { Account, SavedAddress } from '#contracts/account.ts'
import { type accountSchema, type savedAddressSchema } from '#contracts/account.ts'
import {
  type AdminCustomerPage,
  type AdminDashboard,
  type AdminOrderDetail,
  type AdminOrderPage,
  type AdminProduct,
  type AdminProductPage,
  type AuditEntry,
} from '#contracts/admin.ts'
import {
  type adminCustomerPageSchema,
  type adminDashboardSchema,
  type adminOrderDetailSchema,
  type adminOrderPageSchema,
  type adminProductPageSchema,
  type adminProductSchema,
  type auditEntrySchema,
} from '#contracts/admin-answers.ts'
import {
  type twoFactorSetupSchema,
  type twoFactorStatusSchema,
  type userSchema,
  type TwoFactorSetup,
  type TwoFactorStatus,
  type User,
} from '#contracts/auth.ts'
import { type cartSchema } from '#contracts/cart.ts'
import type { Cart } from '#contracts/cart-lines.ts'
import type { Product, ProductSummary } from '#contracts/catalog.ts'
import { type catalogPageSchema, productSchema, type productSummarySchema } from '#contracts/catalog-answers.ts'
import type { CatalogPage } from '#contracts/catalog-filters.ts'
import {
  type adminDiscountAnswerSchema,
  type adminDiscountPageSchema,
  type discountQuoteSchema,
  type AdminDiscount,
  type AdminDiscountPage,
  type DiscountQuote,
} from '#contracts/discounts.ts'
import { type orderLinkAnswerSchema, type orderSchema, type Order } from '#contracts/orders.ts'
import { type salePageSchema, type saleSchema, type Sale, type SalePage } from '#contracts/sales.ts'
import type { OrderLink } from '#server/orders/moves.ts'
import { createApp } from '#server/app.ts'
import { openApiDocument } from '#server/openapi/document.ts'
import {
  createTestStore,
  databases,
  signedInAdmin,
  signedInClient,
  type TestClient,
  type TestStore,
} from '#tests/api/harness.ts'
import { testAddress } from '#tests/support/factories.ts'

// The API's description (docs/decisions/031): it names every route the app has and no
// other, it is valid OpenAPI 3.1, and the store's real answers match its schemas.

type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: object }> }> }>>
  components: { schemas: Record<string, object> }
}

/** Compiles only when each type is assignable to the other: the schema and the interface say the same. */
function sameType<A, B>(_same: [A] extends [B] ? ([B] extends [A] ? true : false) : false) {}

const doc = openApiDocument() as unknown as Doc
const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const

/** "get /api/product/{id}" for each operation of the document. */
function documented(): string[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => (METHODS as readonly string[]).includes(m))
      .map((m) => `${m} ${path}`),
  )
}

describe('the API description', () => {
  it('names every route under /api that the app has, and none it does not', async () => {
    const store = await createTestStore('sqlite')
    try {
      const app = createApp({ services: store.services })
      const routes = new Set(
        app.routes
          // Middleware and the catch-all 404 are ALL; routes name their method.
          .filter((r) => r.method !== 'ALL' && /^\/api\//.test(r.path))
          .map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:(\w+)/g, '{$1}')}`),
      )
      expect(routes.size).toBeGreaterThan(60)
      const described = new Set(documented())
      expect([...routes].filter((r) => !described.has(r)).sort(), 'routes the description lacks').toEqual([])
      expect([...described].filter((r) => !routes.has(r)).sort(), 'described routes the app lacks').toEqual([])
    } finally {
      await store.close()
    }
  })

  it('is valid OpenAPI 3.1', async () => {
    const result = await validate(structuredClone(doc) as never)
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true)
    expect(openApiDocument().openapi).toMatch(/^3\.1\./)
  })

  it('gives every operation its refusals as { message, fields? }, a 401 to signed-in calls and a 400 to calls with input', () => {
    const op = (method: string, path: string) => doc.paths[path]![method]!
    expect(Object.keys(op('post', '/api/order/placeorder').responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '409', '422', '429', '503']),
    )
    expect(Object.keys(op('get', '/api/admin/orders').responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403']),
    )
    expect(op('get', '/api/product/{id}').responses['404']!.content['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/Error',
    })
    expect(Object.keys(op('get', '/api/product/list').responses)).not.toContain('401')
  })

  it('keeps each answer schema the type of the interface it describes', () => {
    // Checked by the type checker: a field added to an interface and not to its schema fails `npm run typecheck`.
    sameType<z.infer<typeof productSchema>, Product>(true)
    sameType<z.infer<typeof productSummarySchema>, ProductSummary>(true)
    sameType<z.infer<typeof catalogPageSchema>, CatalogPage<ProductSummary>>(true)
    sameType<z.infer<typeof cartSchema>, Cart>(true)
    sameType<z.infer<typeof orderSchema>, Order>(true)
    sameType<z.infer<typeof orderLinkAnswerSchema>, OrderLink>(true)
    sameType<z.infer<typeof userSchema>, User>(true)
    sameType<z.infer<typeof twoFactorStatusSchema>, TwoFactorStatus>(true)
    sameType<z.infer<typeof twoFactorSetupSchema>, TwoFactorSetup>(true)
    sameType<z.infer<typeof accountSchema>, Account>(true)
    sameType<z.infer<typeof savedAddressSchema>, SavedAddress>(true)
    sameType<z.infer<typeof adminOrderPageSchema>, AdminOrderPage>(true)
    sameType<z.infer<typeof adminOrderDetailSchema>, AdminOrderDetail>(true)
    sameType<z.infer<typeof auditEntrySchema>, AuditEntry>(true)
    sameType<z.infer<typeof adminDashboardSchema>, AdminDashboard>(true)
    sameType<z.infer<typeof adminCustomerPageSchema>, AdminCustomerPage>(true)
    sameType<z.infer<typeof adminProductPageSchema>, AdminProductPage>(true)
    sameType<z.infer<typeof adminProductSchema>, AdminProduct>(true)
    sameType<z.infer<typeof saleSchema>, Sale>(true)
    sameType<z.infer<typeof salePageSchema>, SalePage>(true)
    sameType<z.infer<typeof discountQuoteSchema>, DiscountQuote>(true)
    sameType<z.infer<typeof adminDiscountAnswerSchema>, AdminDiscount>(true)
    sameType<z.infer<typeof adminDiscountPageSchema>, AdminDiscountPage>(true)
    expect(productSchema.shape.stock).toBeDefined()
  })
})

describe.each(databases)('the API description against real answers (%s)', (kind) => {
  let store: TestStore
  let shopper: TestClient
  let admin: TestClient
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true })
  ajv.addSchema({ $id: 'kapra-openapi', components: doc.components }, 'kapra-openapi')
  const validators = new Map<string, ValidateFunction>()

  /** The document's schema for this operation and status, compiled once. */
  function validatorFor(method: string, path: string, status: number): ValidateFunction {
    const key = `${method} ${path} ${status}`
    let found = validators.get(key)
    if (!found) {
      const response = doc.paths[path]?.[method]?.responses[String(status)]
      if (!response) throw new Error(`the description has no ${status} for ${method} ${path}`)
      const schema = JSON.parse(
        JSON.stringify(response.content['application/json']!.schema).replaceAll(
          '"#/components/',
          '"kapra-openapi#/components/',
        ),
      ) as object
      found = ajv.compile(schema)
      validators.set(key, found)
    }
    return found
  }

  /** Checks an answer against the description; answers its JSON. */
  async function conforms(method: string, path: string, res: Response, status: number): Promise<unknown> {
    expect(res.status, `${method} ${path}`).toBe(status)
    const body: unknown = await res.json()
    const check = validatorFor(method, path, status)
    expect(check(body), `${method} ${path} ${status}: ${ajv.errorsText(check.errors)}`).toBe(true)
    return body
  }

  beforeAll(async () => {
    store = await createTestStore(kind)
    shopper = (await signedInClient(store)).client
    admin = (await signedInAdmin(store)).client
  })
  afterAll(() => store.close())

  it('matches the catalog: the list, a product, a page of the collection and suggestions', async () => {
    const list = (await conforms('get', '/api/product/list', await store.fetch('/api/product/list'), 200)) as Product[]
    expect(list.length).toBeGreaterThan(0)
    await conforms('get', '/api/product/{id}', await store.fetch('/api/product/oxford-shirt'), 200)
    await conforms('get', '/api/products', await store.fetch('/api/products?category=Men&size=M&limit=2'), 200)
    await conforms('get', '/api/product/suggest', await store.fetch('/api/product/suggest?q=shirt'), 200)
  })

  it('matches a shopper’s cart, order and orders', async () => {
    await conforms('post', '/api/cart/get', await shopper.post('/api/cart/get'), 200)
    await conforms(
      'post',
      '/api/cart/add',
      await shopper.post('/api/cart/add', { itemId: 'oxford-shirt', size: 'M' }),
      200,
    )
    const placed = await shopper.post('/api/order/placeorder', {
      address: testAddress,
      items: [{ _id: 'oxford-shirt', size: 'M', quantity: 1 }],
      amount: 2499 + 50,
    })
    await conforms('post', '/api/order/placeorder', placed, 201)
    await conforms('post', '/api/order/userorder', await shopper.post('/api/order/userorder'), 200)
    await conforms('get', '/api/user/getcurrentuser', await shopper.get('/api/user/getcurrentuser'), 200)
    await conforms('get', '/api/user/account', await shopper.get('/api/user/account'), 200)
  })

  it('matches the console: orders, an order, products, a product and the dashboard', async () => {
    const page = (await conforms(
      'get',
      '/api/admin/orders',
      await admin.get('/api/admin/orders'),
      200,
    )) as AdminOrderPage
    expect(page.items.length).toBeGreaterThan(0)
    await conforms('get', '/api/admin/orders/{id}', await admin.get(`/api/admin/orders/${page.items[0]!.id}`), 200)
    await conforms('get', '/api/admin/products', await admin.get('/api/admin/products'), 200)
    await conforms('get', '/api/admin/products/{id}', await admin.get('/api/admin/products/oxford-shirt'), 200)
    await conforms('get', '/api/admin/dashboard', await admin.get('/api/admin/dashboard'), 200)
    await conforms('get', '/api/admin/customers', await admin.get('/api/admin/customers'), 200)
    await conforms('get', '/api/admin/sales', await admin.get('/api/admin/sales'), 200)
    await conforms('get', '/api/admin/discounts', await admin.get('/api/admin/discounts'), 200)
    await conforms('get', '/api/admin/two-factor', await admin.get('/api/admin/two-factor'), 200)
  })

  it('matches the console’s writes, a discount code, an order’s move, an email link and the addresses', async () => {
    const sale = (await conforms(
      'post',
      '/api/admin/sales',
      await admin.post('/api/admin/sales', {
        name: 'Eid',
        percentOff: 20,
        category: 'Kids',
        startsAt: '2026-12-01T00:00:00+05:00',
        endsAt: '2026-12-08T00:00:00+05:00',
      }),
      201,
    )) as { sale: Sale }
    await conforms('get', '/api/admin/sales/{id}', await admin.get(`/api/admin/sales/${sale.sale.id}`), 200)
    const created = (await conforms(
      'post',
      '/api/admin/discounts',
      await admin.post('/api/admin/discounts', { code: 'WELCOME10', kind: 'percent', value: 10 }),
      201,
    )) as AdminDiscount
    await conforms('get', '/api/admin/discounts/{id}', await admin.get(`/api/admin/discounts/${created.id}`), 200)
    await conforms(
      'post',
      '/api/admin/discounts',
      await admin.post('/api/admin/discounts', { code: 'WELCOME10', kind: 'free_delivery' }),
      409,
    )
    await shopper.post('/api/cart/add', { itemId: 'kids-hoodie', size: '4-5Y' })
    await conforms('post', '/api/cart/discount', await shopper.post('/api/cart/discount', { code: 'welcome10' }), 200)
    await conforms('post', '/api/cart/discount', await shopper.post('/api/cart/discount', { code: 'NOSUCHCODE' }), 422)
    const orders = (await (await admin.get('/api/admin/orders')).json()) as AdminOrderPage
    const move = await admin.post(`/api/admin/orders/${orders.items[0]!.id}/status`, { to: 'Confirmed' })
    await conforms('post', '/api/admin/orders/{id}/status', move, 200)
    await conforms('get', '/api/order/link', await store.fetch('/api/order/link?token=not-a-link'), 200)
    await conforms('get', '/api/user/addresses', await shopper.get('/api/user/addresses'), 200)
    await conforms('get', '/api/auth/config', await store.fetch('/api/auth/config'), 200)
    await conforms('post', '/api/admin/two-factor/setup', await admin.post('/api/admin/two-factor/setup'), 200)
  })

  it("matches the reviews, the console's queue and decision, a helpful vote and the wishlist", async () => {
    const buyer = await signedInClient(store, '10.81.0.2')
    await buyer.client.post('/api/cart/update', { itemId: 'kids-hoodie', size: '6-7Y', quantity: 1 })
    const placed = await buyer.client.post('/api/order/placeorder', {
      address: testAddress,
      items: [{ _id: 'kids-hoodie', size: '6-7Y', quantity: 1 }],
      amount: 1799 + 50,
    })
    const { order } = (await placed.json()) as { order: { _id: string } }
    for (const to of ['Confirmed', 'Packing', 'Shipped', 'Delivered'] as const)
      await store.services.orders.advance(
        order._id,
        to,
        to === 'Shipped' ? { courier: 'TCS', trackingNumber: 'T' } : {},
      )
    const review = {
      productId: 'kids-hoodie',
      rating: 5,
      title: 'Warm',
      text: 'Warm and soft, my son wears it daily.',
      fit: 'large',
    }
    const posted = (await conforms('post', '/api/reviews', await buyer.client.post('/api/reviews', review), 201)) as {
      review: { id: string }
    }
    await conforms('post', '/api/reviews', await shopper.post('/api/reviews', review), 403)
    await conforms('get', '/api/admin/reviews', await admin.get('/api/admin/reviews?status=pending'), 200)
    const decided = await admin.post(`/api/admin/reviews/${posted.review.id}/decision`, {
      approve: true,
      reply: 'Thanks',
    })
    await conforms('post', '/api/admin/reviews/{id}/decision', decided, 200)
    const path = '/api/products/kids-hoodie/reviews?sort=helpful&photos=0'
    await conforms('get', '/api/products/{id}/reviews', await store.fetch(path), 200)
    const vote = await shopper.post(`/api/reviews/${posted.review.id}/helpful`)
    await conforms('post', '/api/reviews/{id}/helpful', vote, 200)
    await conforms(
      'post',
      '/api/wishlist',
      await shopper.post('/api/wishlist', { productId: 'kids-hoodie', on: true }),
      200,
    )
    await conforms('post', '/api/wishlist/merge', await shopper.post('/api/wishlist/merge', { productIds: [] }), 200)
    await conforms('get', '/api/wishlist', await shopper.get('/api/wishlist'), 200)
    // A card with stars, as the collection answers it.
    await conforms('get', '/api/products', await store.fetch('/api/products?rated=1&sort=rating'), 200)
  })

  it('matches the refusals: 400 with fields, 401, 403, 404 and 409', async () => {
    const bad = (await conforms(
      'post',
      '/api/cart/add',
      await shopper.post('/api/cart/add', { itemId: 'oxford-shirt' }),
      400,
    )) as { fields: Record<string, string> }
    expect(bad.fields).toHaveProperty('size')
    await conforms('get', '/api/products', await store.fetch('/api/products?category=Hats'), 400)
    await conforms('post', '/api/cart/get', await store.client().post('/api/cart/get'), 401)
    await conforms('get', '/api/admin/dashboard', await shopper.get('/api/admin/dashboard'), 403)
    await conforms('get', '/api/product/{id}', await store.fetch('/api/product/no-such-product'), 404)
    await conforms('get', '/api/admin/orders/{id}', await admin.get('/api/admin/orders/no-such-order'), 404)
    const address = { ...testAddress, isDefault: false }
    await conforms('post', '/api/user/addresses', await shopper.post('/api/user/addresses', address), 201)
    // Sold out: the only piece left of a size is in another cart's order.
    await store.connection.db
      .updateTable('product_sizes')
      .set({ stock: 0 })
      .where('product_id', '=', 'denim-jeans')
      .execute()
    const size = (await store.services.catalog.get('denim-jeans'))!.sizes[0]!
    await conforms('post', '/api/cart/add', await shopper.post('/api/cart/add', { itemId: 'denim-jeans', size }), 409)
    await conforms(
      'post',
      '/api/auth/login',
      await store.client().post('/api/auth/login', { email: 'nobody@example.com', password: 'not the password' }),
      401,
    )
  })

  it('serves the description and its reference page, cacheable, with the CSP intact', async () => {
    const res = await store.fetch('/api/openapi.json')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=300')
    expect(await res.json()).toEqual(openApiDocument())
    const page = await store.fetch('/api/docs')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-/)
    const html = await page.text()
    expect(html).not.toMatch(/<script/i)
    expect(html).toContain('name="viewport"')
    for (const route of documented()) {
      const [method, path] = route.split(' ')
      expect(html, route).toContain(`<span class="method">${method}</span> <code>${path}</code>`)
    }
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { createApp } from '#server/app.ts'
import { createTestStore, databases, signedInClient, type TestStore } from '#tests/api/harness.ts'
import { appWithPages, pagesBuilt } from '#tests/api/pages.ts'
import { GUEST_PAGE_CACHING } from '#server/page-cache.ts'
import { newAccount, testAddress } from '#tests/support/factories.ts'

// docs/decisions/016: nothing a shared cache keeps belongs to one person. Pages rendered for a
// session, pages whose address carries a token, the personal pages and the console answer
// `Cache-Control: private, no-store`; a guest's public catalog pages may be kept by a shared cache
// for a minute (docs/decisions/029), the other guest pages keep their caching (none).
const PRIVATE = 'private, no-store'
const ADMIN_PASSWORD = 'admin password for caching'

describe.runIf(pagesBuilt).each(databases)('what caches may keep (%s)', (kind) => {
  let store: TestStore
  let app: ReturnType<typeof createApp>
  let cookies: { guest: undefined; shopper: string; admin: string }
  let orderId: string

  beforeAll(async () => {
    store = await createTestStore(kind)
    app = await appWithPages(store)
    const shopper = await signedInClient(store)
    await shopper.client.post('/api/cart/update', { itemId: 'oxford-shirt', size: 'M', quantity: 1 })
    const placed = await shopper.client.post('/api/order/placeorder', {
      address: testAddress,
      items: [{ _id: 'oxford-shirt', size: 'M', quantity: 1 }],
      amount: 2499 + 50,
    })
    orderId = ((await placed.json()) as { order: { _id: string } }).order._id
    await shopper.client.post('/api/cart/update', { itemId: 'oxford-shirt', size: 'L', quantity: 1 })
    const email = newAccount().email
    await store.services.auth.createAdmin({ name: 'Cache Admin', email, password: ADMIN_PASSWORD })
    const admin = store.client('198.51.100.90')
    expect((await admin.post('/api/auth/login', { email, password: ADMIN_PASSWORD })).status).toBe(200)
    cookies = { guest: undefined, shopper: shopper.client.cookie!, admin: admin.cookie! }
  })
  afterAll(() => store.close())

  const get = (path: string, cookie?: string) =>
    app.request(`http://store.test${path}`, {
      headers: { 'x-forwarded-for': '198.51.100.91', ...(cookie ? { cookie } : {}) },
    })

  async function headersOf(path: string, cookie?: string) {
    const res = await get(path, cookie)
    await res.body?.cancel()
    return { path, status: res.status, cacheControl: res.headers.get('cache-control'), vary: res.headers.get('vary') }
  }

  const personal = () => [
    '/account',
    '/order',
    `/order/${orderId}`,
    '/cart',
    '/placeorder',
    '/admin',
    '/admin/orders',
    `/admin/orders/${orderId}`,
    '/admin/products',
    '/admin/products/new',
    '/admin/products/import',
    '/admin/products/oxford-shirt',
    '/admin/customers',
    '/reset-password?token=abc',
    '/verify-email?token=abc',
    '/order-link?token=abc',
    '/newsletter/confirm?token=abc',
    '/newsletter/unsubscribe?token=abc',
    '/account.data',
    '/cart/',
  ]

  it('keeps personal pages, token links and the console out of every cache, for guests and the signed-in', async () => {
    for (const who of ['guest', 'shopper', 'admin'] as const) {
      for (const path of personal()) {
        const got = await headersOf(path, cookies[who])
        expect(got.status).toBeLessThan(500)
        expect({ who, ...got, vary: undefined }).toEqual({ who, ...got, vary: undefined, cacheControl: PRIVATE })
      }
    }
  })

  const catalog = [
    '/',
    '/collection?category=Men',
    '/productdetail/oxford-shirt',
    '/product',
    '/about',
    '/contact',
    '/login',
    '/signup',
  ]

  it('keeps every page of a signed-in visitor out of every cache', async () => {
    for (const who of ['shopper', 'admin'] as const) {
      for (const path of catalog.filter((p) => !['/login', '/signup'].includes(p))) {
        const got = await headersOf(path, cookies[who])
        expect(got.status).toBe(200)
        expect({ who, ...got }).toEqual({ who, ...got, cacheControl: PRIVATE })
      }
    }
  })

  it('lets a shared cache keep a guest’s public pages for a minute, and leaves the other guest pages as they were', async () => {
    const kept = ['/', '/collection?category=Men', '/productdetail/oxford-shirt', '/about', '/contact']
    for (const path of catalog) {
      const got = await headersOf(path)
      expect(got).toEqual({
        path,
        status: 200,
        cacheControl: kept.includes(path) ? GUEST_PAGE_CACHING : null,
        vary: expect.stringMatching(/\bCookie\b/) as string,
      })
    }
  })

  it('says Vary: Cookie on the pages a session changes', async () => {
    for (const path of ['/', '/collection', '/cart', '/account']) {
      for (const who of ['guest', 'shopper'] as const) {
        expect((await headersOf(path, cookies[who])).vary).toMatch(/\bCookie\b/)
      }
    }
  })

  it('answers a form that signs in with private, no-store', async () => {
    const account = newAccount()
    expect((await store.client('198.51.100.92').post('/api/auth/registration', account)).status).toBe(201)
    const res = await app.request('http://store.test/login', {
      method: 'POST',
      headers: {
        origin: 'http://store.test',
        'x-forwarded-for': '198.51.100.92',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ email: account.email, password: account.password }).toString(),
    })
    expect(res.status).toBe(302)
    expect(res.headers.get('set-cookie')).toMatch(/^kapra_session=/)
    expect(res.headers.get('cache-control')).toBe(PRIVATE)
  })

  it('answers the console’s API with private, no-store, the shopper’s with it too, and the rest of /api with no-store', async () => {
    for (const who of ['guest', 'shopper', 'admin'] as const) {
      for (const path of ['/api/admin/dashboard', '/api/admin/orders', '/api/admin/products', '/api/admin/nothing']) {
        expect({ who, ...(await headersOf(path, cookies[who])) }).toMatchObject({ who, path, cacheControl: PRIVATE })
      }
    }
    for (const path of ['/api/user/account', '/api/user/addresses', '/api/order/userorder']) {
      expect(await headersOf(path, cookies.shopper)).toMatchObject({ path, cacheControl: PRIVATE })
    }
    for (const path of [
      '/api/user/account',
      '/api/products?category=Men',
      '/api/product/oxford-shirt',
      '/api/nothing',
    ]) {
      expect(await headersOf(path)).toMatchObject({ path, cacheControl: 'no-store' })
    }
    // The public catalog's lists keep their own caching.
    expect((await headersOf('/api/product/list')).cacheControl).toBe('public, max-age=60')
    expect((await headersOf('/api/product/suggest?q=shirt')).cacheControl).toBe('public, max-age=30')
  })
})

import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'
import type { ServerBuild } from 'react-router'
import { createApp } from '#server/app.ts'
import { projectRoot } from '#server/pages.ts'
import { createTestStore, signedInClient, type DatabaseKind, type TestStore } from '#tests/api/harness.ts'
import { appWithPages, pagesBuilt } from '#tests/api/pages.ts'
import { newAccount, testAddress } from '#tests/support/factories.ts'

// docs/decisions/016: a scanner fed the store NUL bytes, newlines, broken UTF-16 and very long
// strings and got 500s. What the input-hygiene-*.test.ts files share: the bad values, the
// API's inputs, the storefront's pages, query parameters and forms as its sources and its
// route table give them, and the store they are fed to.

export const BAD: readonly [string, string][] = [
  ['NUL', 'ab\u0000cd'],
  ['CR/LF', 'ab\r\ncd'],
  ['a lone surrogate', 'ab\ud800cd'],
  ['10,000 characters', 'x'.repeat(10_000)],
]

/** As a URL carries it: a lone surrogate has no UTF-8 form, so its three bytes are sent as they are. */
export function enc(value: string): string {
  return value.includes('\ud800')
    ? value.split('\ud800').map(encodeURIComponent).join('%ED%A0%80')
    : encodeURIComponent(value)
}

const ADMIN_PASSWORD = 'admin password for hygiene'

/**
 * What each API route reads besides its path: the query parameters it takes, and a valid
 * body whose every text is replaced in turn. A route missing here fails the first test, so a
 * new route is fuzzed as soon as it exists.
 */
export interface Inputs {
  query?: string[]
  body?: unknown
  /** A body posted as multipart/form-data, its `product` field the JSON. */
  multipart?: unknown
  /** Ends the session it is sent with: sent with a session of its own. */
  signsOut?: true
}

const product = {
  name: 'Fuzz Shirt',
  nameUr: 'فز شرٹ',
  description: 'Line one\nLine two',
  descriptionUr: 'پہلی سطر\nدوسری سطر',
  price: 1000,
  category: 'Men',
  subCategory: 'TopWear',
  sizes: [{ size: 'M', stock: 3 }],
  sizeChart: [{ size: 'M', chest: '40', length: '28', waist: null, sleeves: null }],
  bestSeller: false,
}

export const API: Record<string, Inputs> = {
  'GET /healthz': {},
  'POST /api/auth/registration': {
    body: { name: 'Fuzz', email: 'fuzz@example.com', password: 'correct horse battery' },
  },
  'POST /api/auth/login': { body: { email: 'fuzz@example.com', password: 'wrong password here', code: '123456' } },
  'POST /api/auth/googlelogin': { body: { credential: 'not.a.token' } },
  'GET /api/auth/config': {},
  'POST /api/auth/forgot-password': { body: { email: 'fuzz@example.com' } },
  'POST /api/auth/reset-password': { body: { token: 'abc', password: 'correct horse battery' } },
  'POST /api/auth/verify-email': { body: { token: 'abc' } },
  'POST /api/auth/verify-email/resend': {},
  'POST /api/auth/logout': { signsOut: true },
  'GET /api/auth/logout': { signsOut: true },
  'GET /api/user/getcurrentuser': {},
  'POST /api/user/getcurrentuser': {},
  'GET /api/user/account': {},
  'POST /api/user/password': {
    body: { currentPassword: 'not the password', newPassword: 'another good password', confirmPassword: 'x' },
  },
  'POST /api/user/logout-everywhere': { signsOut: true },
  'POST /api/user/delete': { body: { password: 'not the password', confirm: 'DELETE' } },
  'GET /api/user/addresses': {},
  'POST /api/user/addresses': { body: { ...testAddress, isDefault: false } },
  'GET /api/user/addresses/:id': {},
  'PUT /api/user/addresses/:id': { body: { ...testAddress, isDefault: false } },
  'POST /api/user/addresses/:id/default': {},
  'DELETE /api/user/addresses/:id': {},
  'GET /api/product/list': {},
  'GET /api/product/suggest': { query: ['q'] },
  'GET /api/product/:id': {},
  'POST /api/product/notify': { body: { itemId: 'oxford-shirt', size: 'M' } },
  'POST /api/product/notify/cancel': { body: { itemId: 'oxford-shirt', size: 'M' } },
  'GET /api/products': {
    query: ['category', 'subCategory', 'size', 'minPrice', 'maxPrice', 'q', 'sort', 'page', 'limit'],
  },
  'GET /api/products/:id/reviews': { query: ['sort', 'page', 'photos'] },
  'POST /api/reviews': {
    body: { productId: 'oxford-shirt', rating: 5, title: 'Fuzz', text: 'Twenty characters or more here.', fit: 'true' },
  },
  'GET /api/reviews/link': { query: ['token'] },
  'POST /api/reviews/link': {
    body: { token: 'not-a-token', rating: 5, title: 'Fuzz', text: 'Twenty characters or more here.', fit: 'true' },
  },
  'POST /api/reviews/:id/helpful': {},
  'GET /api/wishlist': {},
  'POST /api/wishlist': { body: { productId: 'oxford-shirt', on: true } },
  'POST /api/wishlist/merge': { body: { productIds: ['oxford-shirt'] } },
  'POST /api/wishlist/emails': { body: { on: true } },
  'GET /api/admin/reviews': { query: ['status', 'low', 'page'] },
  'POST /api/admin/reviews/:id/decision': { body: { approve: true, reply: 'Thanks' } },
  'POST /api/order/request': {
    body: {
      orderId: 'no-such-order',
      kind: 'exchange',
      items: [{ _id: 'oxford-shirt', size: 'M', quantity: 1, newSize: 'L' }],
      reason: 'size',
      note: 'Fuzz',
    },
  },
  'GET /api/admin/requests': { query: ['status', 'page'] },
  'POST /api/admin/requests/:id/decision': { body: { approve: false, note: 'Fuzz' } },
  'POST /api/admin/requests/:id/received': { body: { refundMethod: 'easypaisa', reference: 'Fuzz' } },
  'POST /api/cart/get': {},
  'POST /api/cart/add': { body: { itemId: 'oxford-shirt', size: 'M' } },
  'POST /api/cart/update': { body: { itemId: 'oxford-shirt', size: 'M', quantity: 0 } },
  'POST /api/cart/merge': { body: { cart: { 'oxford-shirt': { M: 0 } } } },
  'POST /api/order/placeorder': {
    body: { address: testAddress, items: [{ _id: 'oxford-shirt', size: 'M', quantity: 1 }], amount: 1 },
  },
  'POST /api/order/userorder': {},
  'POST /api/order/confirm': { body: { orderId: 'no-such-order' } },
  'POST /api/order/cancel': { body: { orderId: 'no-such-order' } },
  'GET /api/order/link': { query: ['token'] },
  'POST /api/order/link': { body: { token: 'abc' } },
  'GET /api/order/track': { query: ['order', 'phone'] },
  'POST /api/newsletter/subscribe': { body: { email: 'fuzz@example.com' } },
  'POST /api/newsletter/confirm': { body: { token: 'abc' } },
  'POST /api/newsletter/unsubscribe': { body: { token: 'abc' } },
  'GET /api/admin/orders': { query: ['status', 'q', 'from', 'to', 'page', 'attention'] },
  'GET /api/admin/orders/export': { query: ['status', 'from', 'to', 'layout', 'order'] },
  'POST /api/admin/orders/ship': {
    body: { courier: 'TCS', shipments: [{ order: '#1A2B3C4D', trackingNumber: 'T-1' }] },
  },
  'GET /api/admin/blocklist': { query: ['page'] },
  'POST /api/admin/blocklist': { body: { phone: '0300 1234567', reason: 'Refused twice' } },
  'POST /api/admin/blocklist/remove': { body: { phone: '0300 1234567' } },
  'GET /api/admin/catalog/export': {},
  // The catalog import's upload: its files are checked as CSV and zip (tests/api/catalog-import.test.ts).
  'POST /api/admin/catalog/import': {},
  'GET /api/admin/catalog/imports/:id': {},
  'POST /api/admin/catalog/imports/:id/apply': {},
  'GET /api/admin/orders/:id': {},
  'POST /api/admin/orders/:id/status': {
    body: { to: 'Confirmed', courier: 'TCS', trackingNumber: '123', note: 'Line one\nLine two' },
  },
  'GET /api/admin/products': { query: ['q', 'page'] },
  'GET /api/admin/products/:id': {},
  'POST /api/admin/products': { multipart: product },
  'POST /api/admin/products/:id': { multipart: product },
  'POST /api/admin/products/:id/archive': { body: { archived: false } },
  'POST /api/admin/products/:id/stock': { body: { size: 'M', stock: 3 } },
  'GET /api/admin/dashboard': {},
  'GET /api/admin/two-factor': {},
  'POST /api/admin/two-factor/setup': {},
  'POST /api/admin/two-factor/confirm': { body: { code: '123 456' } },
  'POST /api/admin/two-factor/recovery-codes': { body: { code: '123456' } },
  'POST /api/admin/two-factor/turn-off': { body: { code: '123456' } },
  'GET /api/admin/customers': { query: ['q', 'page'] },
  'GET /api/admin/sales': { query: ['page'] },
  'GET /api/admin/sales/:id': {},
  'POST /api/admin/sales': {
    body: {
      name: 'Eid',
      percentOff: 20,
      productIds: ['oxford-shirt'],
      startsAt: '2026-12-01T00:00:00+05:00',
      endsAt: '2026-12-08T00:00:00+05:00',
    },
  },
  'POST /api/admin/sales/:id': { body: { name: 'Eid', category: 'Men', endsAt: '2026-12-08T00:00:00+05:00' } },
  'GET /api/admin/discounts': { query: ['page'] },
  'GET /api/admin/discounts/:id': {},
  'POST /api/admin/discounts': {
    body: {
      code: 'FUZZ10',
      kind: 'percent',
      value: 10,
      minSubtotal: 1000,
      startsAt: '2026-12-01T00:00:00+05:00',
      endsAt: '2026-12-08T00:00:00+05:00',
      maxUses: 5,
      maxUsesPerCustomer: 1,
      firstOrderOnly: false,
      appliesToSale: false,
    },
  },
  'POST /api/admin/discounts/:id': { body: { code: 'FUZZ10', kind: 'fixed', value: 100 } },
  'POST /api/admin/discounts/:id/end': {},
  'POST /api/cart/discount': { body: { code: 'FUZZ10' } },
  'GET /api/openapi.json': {},
  'GET /api/docs': {},
  'GET /images/products/:name': {},
  'GET /metrics': {},
  'GET /robots.txt': {},
  'GET /sitemap.xml': {},
  'GET /sitemaps/pages.xml': {},
  'GET /sitemaps/:file{products-[1-9][0-9]{0,5}\\.xml}': {},
}

/** The body once for each of its texts replaced by `bad` (nested objects, lists and keys too). */
export function variants(value: unknown, bad: string): unknown[] {
  if (typeof value === 'string') return [bad]
  if (Array.isArray(value)) {
    const items: unknown[] = value
    return items.flatMap((item, i) => variants(item, bad).map((v) => items.map((x, j) => (i === j ? v : x))))
  }
  if (value && typeof value === 'object') {
    const entries: [string, unknown][] = Object.entries(value)
    return entries.flatMap(([, item], i) => [
      ...variants(item, bad).map((v) => Object.fromEntries(entries.map(([k, x], j) => [k, i === j ? v : x]))),
      // The key itself (a cart maps product ids to sizes).
      Object.fromEntries(entries.map(([k, x], j) => [i === j ? bad : k, x])),
    ])
  }
  return []
}

/** The storefront's page paths, as its route table builds them. */
export function pagePaths(build: ServerBuild): string[] {
  const full = (id: string): string => {
    const route = build.routes[id]!
    const parent = route.parentId ? full(route.parentId) : ''
    const own = route.path ?? ''
    return own ? `${parent.replace(/\/$/, '')}/${own}` : parent
  }
  return [...new Set(Object.keys(build.routes).map((id) => full(id) || '/'))]
}

/** Every query parameter name a page or the collection's URL reader reads, found in their sources. */
export function pageQueryNames(): string[] {
  const names = new Set<string>()
  const visit = (p: string) => {
    if (fs.statSync(p).isDirectory()) {
      for (const name of fs.readdirSync(p)) visit(path.join(p, name))
      return
    }
    if (!/\.tsx?$/.test(p) || p.endsWith('.test.ts')) return
    const source = fs.readFileSync(p, 'utf8')
    for (const m of source.matchAll(/(?:searchParams|params)\.(?:get|getAll|has)\('([\w-]+)'\)/g)) names.add(m[1]!)
    for (const m of source.matchAll(/queryParam\([\w.]+, '([\w-]+)'\)/g)) names.add(m[1]!)
    for (const m of source.matchAll(/\[\s*'(minPrice|maxPrice|q|sort|page|limit)'/g)) names.add(m[1]!)
  }
  for (const dir of ['app', 'contracts']) visit(path.join(projectRoot, dir))
  return [...names].sort()
}

export interface PageForm {
  action: string
  multipart: boolean
  fields: [string, string][]
}

/** The post forms a rendered page holds, with their fields as the page fills them. */
export function formsOf(html: string, page: string): PageForm[] {
  const attr = (tag: string, name: string) =>
    new RegExp(`\\s${name}="([^"]*)"`)
      .exec(tag)?.[1]
      ?.replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
  const forms: PageForm[] = []
  for (const m of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const [, open = '', inner = ''] = m
    if ((attr(open, 'method') ?? 'get').toLowerCase() !== 'post') continue
    const fields: [string, string][] = []
    for (const f of inner.matchAll(/<(input|textarea|select)\b([^>]*)>/g)) {
      const [, kind, tag = ''] = f
      const name = attr(tag, 'name')
      const type = attr(tag, 'type') ?? 'text'
      if (!name || type === 'file' || type === 'submit') continue
      if ((type === 'checkbox' || type === 'radio') && !/\schecked=""/.test(tag) && fields.some(([n]) => n === name))
        continue
      fields.push([name, kind === 'input' ? (attr(tag, 'value') ?? 'x') : 'x'])
    }
    for (const b of inner.matchAll(/<button\b([^>]*)>/g)) {
      const name = attr(b[1] ?? '', 'name')
      if (name) fields.push([name, attr(b[1] ?? '', 'value') ?? ''])
    }
    forms.push({
      action: attr(open, 'action') ?? page,
      multipart: (attr(open, 'enctype') ?? '').includes('multipart'),
      fields,
    })
  }
  return forms
}

/**
 * The store the input-hygiene-*.test.ts files feed, for the tests of the calling block:
 * opened before its first test (with a shopper who has an order and a saved address,
 * and an admin) and closed after its last. Each request is answered by the API and, when
 * the storefront is built, its pages; `expectNo5xx` collects what answered 5xx into
 * `failures`, which a test expects empty at its end.
 */
export function useFuzzedStore(kind: DatabaseKind) {
  let store: TestStore
  let app: ReturnType<typeof createApp>
  const ids = { product: '', order: '', address: '' }
  let shopper: { email: string; password: string }
  let adminEmail: string

  beforeAll(async () => {
    store = await createTestStore(kind, {
      env: {
        REGISTRATION_LIMIT_PER_IP: '100000',
        LOGIN_LIMIT_PER_IP: '100000',
        LOGIN_LIMIT_PER_ACCOUNT: '100000',
        PASSWORD_RESET_LIMIT_PER_IP: '100000',
        PASSWORD_RESET_LIMIT_PER_EMAIL: '100000',
        // Google sign-in on, its keys nowhere: a token is refused before any key is fetched.
        GOOGLE_CLIENT_ID: 'kapra-fuzz.apps.googleusercontent.com',
        GOOGLE_JWKS_URL: 'http://127.0.0.1:9/keys',
      },
    })
    app = pagesBuilt ? await appWithPages(store) : createApp({ services: store.services })
    const { client, account } = await signedInClient(store)
    shopper = account
    await client.post('/api/cart/update', { itemId: 'oxford-shirt', size: 'M', quantity: 1 })
    const order = await client.post('/api/order/placeorder', {
      address: testAddress,
      items: [{ _id: 'oxford-shirt', size: 'M', quantity: 1 }],
      amount: 2499 + 50,
    })
    expect(order.status).toBe(201)
    await client.post('/api/cart/update', { itemId: 'oxford-shirt', size: 'L', quantity: 1 })
    const saved = await client.post('/api/user/addresses', { ...testAddress, isDefault: true })
    expect(saved.status).toBe(201)
    Object.assign(ids, {
      product: 'oxford-shirt',
      order: ((await order.json()) as { order: { _id: string } }).order._id,
      address: ((await saved.json()) as { address: { _id: string } }).address._id,
    })
    adminEmail = newAccount().email
    await store.services.auth.createAdmin({ name: 'Fuzz Admin', email: adminEmail, password: ADMIN_PASSWORD })
  })
  afterAll(() => store.close())

  /** A fresh session for the shopper or the admin (a route that signs out may have ended the last). */
  async function session(who: 'shopper' | 'admin'): Promise<string> {
    const client = store.client('198.51.100.77')
    const credentials = who === 'admin' ? { email: adminEmail, password: ADMIN_PASSWORD } : shopper
    const res = await client.post('/api/auth/login', credentials)
    if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`)
    return client.cookie!
  }

  const failures: string[] = []
  async function expectNo5xx(label: string, res: Response) {
    if (res.status >= 500) failures.push(`${label} → ${res.status} ${(await res.text()).slice(0, 200)}`)
    else await res.body?.cancel()
  }

  function request(method: string, url: string, cookie: string | undefined, body?: BodyInit, type?: string) {
    return app.request(`http://store.test${url}`, {
      method,
      headers: {
        'x-forwarded-for': '198.51.100.78',
        origin: 'http://store.test',
        ...(cookie ? { cookie } : {}),
        ...(type ? { 'content-type': type } : {}),
      },
      ...(body === undefined ? {} : { body }),
    })
  }

  return {
    /** The store as it serves: its route table is the list of API routes. */
    get app() {
      return app
    },
    ids,
    session,
    failures,
    expectNo5xx,
    request,
  }
}

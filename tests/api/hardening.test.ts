import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestStore, databases, signedInClient, type TestClient, type TestStore } from '#tests/api/harness.ts'

// docs/spec/rulings.md #10: every error is JSON { message } with the fitting status; writes are
// JSON only and same-origin only; a 500 tells nothing of the inside.
const BODY_LIMIT = 2048
const CROSS_SITE = { message: 'Cross-site requests are not allowed' }
const JSON_ONLY = { message: 'Send the request body as application/json' }
const GENERIC_500 = 'Something went wrong on our side. Please try again.'

function expectSecurityHeaders(res: Response) {
  const csp = res.headers.get('content-security-policy') ?? ''
  expect(csp).toContain("frame-ancestors 'none'")
  expect(csp).toContain("default-src 'self'")
  expect(csp).toContain("object-src 'none'")
  expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  expect(res.headers.get('x-frame-options')).toBe('DENY')
}

describe.each(databases)('hardening (%s)', (kind) => {
  let store: TestStore
  let shopper: { client: TestClient; user: { _id: string } }

  beforeAll(async () => {
    store = await createTestStore(kind, {
      env: { BODY_LIMIT_BYTES: String(BODY_LIMIT), PUBLIC_URL: 'https://kapra.example' },
    })
    shopper = await signedInClient(store)
  })
  afterAll(() => store.close())
  beforeEach(async () => {
    await store.connection.db.deleteFrom('cart_items').execute()
    await store.connection.db.deleteFrom('newsletter_subscribers').execute()
  })

  const subscribers = () => store.connection.db.selectFrom('newsletter_subscribers').selectAll().execute()
  const cartRows = () => store.connection.db.selectFrom('cart_items').selectAll().execute()

  /** A raw request carrying the shopper's session, as a browser would send it. */
  function send(path: string, init: RequestInit & { headers?: Record<string, string> }) {
    return store.fetch(path, {
      method: 'POST',
      ...init,
      headers: { 'x-forwarded-for': '203.0.113.10', cookie: shopper.client.cookie!, ...init.headers },
    })
  }

  describe('request bodies', () => {
    it.each([
      ['text/plain', '{"email":"text@example.com"}'],
      ['text/plain;charset=UTF-8', '{"email":"text@example.com"}'],
      ['application/x-www-form-urlencoded', 'email=form%40example.com'],
      [
        'multipart/form-data; boundary=kapra',
        '--kapra\r\nContent-Disposition: form-data; name="email"\r\n\r\nform@example.com\r\n--kapra--\r\n',
      ],
      ['application/jsonp', '{"email":"text@example.com"}'],
    ])('refuses %s with 415 and changes nothing', async (type, body) => {
      const subscribe = await send('/api/newsletter/subscribe', { body, headers: { 'content-type': type } })
      expect(subscribe.status).toBe(415)
      expect(await subscribe.json()).toEqual(JSON_ONLY)
      const add = await send('/api/cart/add', {
        body: type.startsWith('application/x-www')
          ? 'itemId=oxford-shirt&size=M'
          : '{"itemId":"oxford-shirt","size":"M"}',
        headers: { 'content-type': type },
      })
      expect(add.status).toBe(415)
      expect(await subscribers()).toEqual([])
      expect(await cartRows()).toEqual([])
    })

    it('refuses a body sent with no content type', async () => {
      // Bytes, unlike a string, get no content type from the Request.
      const body = new TextEncoder().encode('{"email":"bare@example.com"}')
      const res = await send('/api/newsletter/subscribe', {
        body,
        headers: { 'content-length': String(body.byteLength) },
      })
      expect(res.status).toBe(415)
      expect(await res.json()).toEqual(JSON_ONLY)
      expect(await subscribers()).toEqual([])
    })

    it('refuses a FormData body with 415', async () => {
      const form = new FormData()
      form.set('itemId', 'oxford-shirt')
      form.set('size', 'M')
      const res = await send('/api/cart/add', { body: form })
      expect(res.status).toBe(415)
      expect(await cartRows()).toEqual([])
    })

    it('accepts application/json with a charset', async () => {
      const res = await send('/api/newsletter/subscribe', {
        body: '{"email":"charset@example.com"}',
        headers: { 'content-type': 'application/json; charset=utf-8' },
      })
      expect(res.status).toBe(200)
      expect(await subscribers()).toHaveLength(1)
    })

    it.each(['{"email": ', '{email: "a@example.com"}', "{'email':'a@example.com'}", 'undefined'])(
      'answers malformed JSON %j with 400',
      async (body) => {
        const res = await shopper.client.post('/api/newsletter/subscribe', body)
        expect(res.status).toBe(400)
        expect(await res.json()).toEqual({ message: 'The request body is not valid JSON' })
        expect(await subscribers()).toEqual([])
      },
    )

    it('answers a body over BODY_LIMIT_BYTES with 413, with or without its length announced', async () => {
      const email = `${'a'.repeat(BODY_LIMIT)}@example.com`
      const body = JSON.stringify({ email })
      const streamed = await shopper.client.post('/api/newsletter/subscribe', body)
      expect(streamed.status).toBe(413)
      expect(await streamed.json()).toEqual({ message: 'The request body is too large' })

      const announced = await send('/api/newsletter/subscribe', {
        body,
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      })
      expect(announced.status).toBe(413)
      expect(await announced.json()).toEqual({ message: 'The request body is too large' })

      const cart = { cart: Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`product-${i}`, { M: 1 }])) }
      expect((await shopper.client.post('/api/cart/merge', cart)).status).toBe(413)
      expect(await subscribers()).toEqual([])
      expect(await cartRows()).toEqual([])
    })

    it('accepts a body just under the limit', async () => {
      const res = await shopper.client.post('/api/newsletter/subscribe', {
        email: 'small@example.com',
        pad: 'x'.repeat(1500),
      })
      expect(res.status).toBe(200)
    })
  })

  describe('cross-site writes', () => {
    it.each<Record<string, string>>([
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      // The store's host on another scheme or port is another origin.
      { origin: 'http://localhost:8080' },
      { 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' },
    ])('refuses %j with 403 and changes nothing', async (headers) => {
      const add = await shopper.client.post('/api/cart/add', { itemId: 'oxford-shirt', size: 'M' }, headers)
      expect(add.status).toBe(403)
      expect(await add.json()).toEqual(CROSS_SITE)
      const subscribe = await shopper.client.post('/api/newsletter/subscribe', { email: 'csrf@example.com' }, headers)
      expect(subscribe.status).toBe(403)
      const logout = await shopper.client.post('/api/auth/logout', undefined, headers)
      expect(logout.status).toBe(403)
      expect(await cartRows()).toEqual([])
      expect(await subscribers()).toEqual([])
      // The session survived the forged logout.
      expect((await shopper.client.get('/api/user/getcurrentuser')).status).toBe(200)
    })

    it('refuses a cross-site login, which would sign the victim in to the attacker’s account', async () => {
      const res = await store
        .client()
        .post(
          '/api/auth/login',
          { email: 'someone@example.com', password: 'whatever1' },
          { 'sec-fetch-site': 'cross-site' },
        )
      expect(res.status).toBe(403)
      expect(res.headers.get('set-cookie')).toBeNull()
    })

    it.each<Record<string, string>>([
      { 'sec-fetch-site': 'same-origin', origin: 'http://localhost' },
      { 'sec-fetch-site': 'same-origin' },
      { origin: 'http://localhost' },
      // The public address the store is configured with (PUBLIC_URL).
      { origin: 'https://kapra.example' },
      // Typed into the address bar or a bookmark: no initiator.
      { 'sec-fetch-site': 'none' },
    ])('lets a same-origin write %j through', async (headers) => {
      const add = await shopper.client.post('/api/cart/add', { itemId: 'oxford-shirt', size: 'M' }, headers)
      expect(add.status).toBe(200)
      expect(await add.json()).toEqual({ 'oxford-shirt': { M: 1 } })
    })

    it('lets a same-origin write through behind a TLS-terminating proxy', async () => {
      // The proxy speaks http to the store, the browser's origin is https (TRUST_PROXY is on in tests).
      const add = await shopper.client.post(
        '/api/cart/add',
        { itemId: 'oxford-shirt', size: 'M' },
        { 'x-forwarded-proto': 'https', origin: 'https://localhost', 'sec-fetch-site': 'same-origin' },
      )
      expect(add.status).toBe(200)
      const forged = await shopper.client.post(
        '/api/cart/add',
        { itemId: 'oxford-shirt', size: 'M' },
        { 'x-forwarded-proto': 'https', origin: 'https://evil.example' },
      )
      expect(forged.status).toBe(403)
      expect(await cartRows()).toHaveLength(1)
    })

    it('lets cross-site reads through (the catalog is public) without opening CORS', async () => {
      const res = await store.fetch('/api/product/list', {
        headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('access-control-allow-origin')).toBeNull()
      expect(res.headers.get('access-control-allow-credentials')).toBeNull()
    })

    it('answers a CORS preflight from a foreign origin without allowing it', async () => {
      const res = await store.fetch('/api/cart/add', {
        method: 'OPTIONS',
        headers: {
          origin: 'https://evil.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      })
      expect(res.headers.get('access-control-allow-origin')).toBeNull()
      expect(res.headers.get('access-control-allow-methods')).toBeNull()
      expect(res.headers.get('access-control-allow-credentials')).toBeNull()
    })
  })

  describe('responses', () => {
    it('carries the security headers on API answers, errors included, and on /healthz', async () => {
      const answers = [
        await store.fetch('/api/product/list'),
        await store.fetch('/api/user/getcurrentuser'),
        await store.fetch('/api/no-such-thing'),
        await shopper.client.post('/api/newsletter/subscribe', 'not json'),
        await store.fetch('/healthz'),
      ]
      expect(answers.map((r) => r.status)).toEqual([200, 401, 404, 400, 200])
      for (const res of answers) expectSecurityHeaders(res)
    })

    it('keeps private answers out of caches', async () => {
      // A session's answers are private too (docs/decisions/016; tests/api/caching.test.ts).
      const res = await shopper.client.post('/api/cart/get')
      expect(res.headers.get('cache-control')).toBe('private, no-store')
      expect((await shopper.client.get('/api/user/getcurrentuser')).headers.get('cache-control')).toBe(
        'private, no-store',
      )
    })

    it.each([
      ['GET', '/api/no-such-thing'],
      ['POST', '/api/no-such-thing'],
      ['GET', '/api/cart/get'],
      ['GET', '/api/product'],
      ['DELETE', '/api/product/oxford-shirt'],
      ['GET', '/api'],
    ])('answers an unknown API route %s %s with 404 JSON', async (method, path) => {
      const res = await store.fetch(path, { method, headers: { 'content-type': 'application/json' } })
      expect(res.status).toBe(404)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      expect(await res.json()).toEqual({ message: 'Not found' })
    })

    it('answers /healthz with 200 { status: "ok" } while the database answers', async () => {
      const res = await store.fetch('/healthz')
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ status: 'ok' })
      expect(res.headers.get('cache-control')).toBe('no-store')
    })
  })
})

describe.each(databases)('when the database is gone (%s)', (kind) => {
  let store: TestStore
  let client: TestClient

  beforeAll(async () => {
    store = await createTestStore(kind)
    ;({ client } = await signedInClient(store))
    await store.connection.close()
  })
  afterAll(async () => {
    // The connection is already closed; this drops the PostgreSQL schema.
    await store.close()
  })

  async function expectGeneric500(res: Response) {
    expect(res.status).toBe(500)
    const text = await res.text()
    expect(JSON.parse(text)).toStrictEqual({ message: GENERIC_500 })
    expectSecurityHeaders(res)
    return text
  }

  it('answers 500 with a generic message that tells nothing of the inside', async () => {
    const texts = [
      await expectGeneric500(await client.post('/api/newsletter/subscribe', { email: 'gone@example.com' })),
      // The session lookup itself fails.
      await expectGeneric500(await client.get('/api/user/getcurrentuser')),
      await expectGeneric500(await client.post('/api/cart/get')),
      await expectGeneric500(
        await store.client().post('/api/auth/login', { email: 'a@example.com', password: 'secret12' }),
      ),
    ]
    for (const text of texts) {
      expect(text).not.toMatch(/select|insert|from|sql|sqlite|postgres|pool|kysely|driver|destroy|stack|\.ts|at /i)
    }
  })

  it('answers /healthz with 503', async () => {
    const res = await store.fetch('/healthz')
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({ status: 'unavailable' })
  })
})

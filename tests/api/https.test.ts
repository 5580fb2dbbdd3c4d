import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '#server/app.ts'
import { clientDir } from '#server/pages.ts'
import { isProductImageName, productImageDir } from '#server/catalog/images.ts'
import { createTestStore, databases, type TestStore } from '#tests/api/harness.ts'
import { appWithPages, pagesBuilt } from '#tests/api/pages.ts'
import { newAccount } from '#tests/support/factories.ts'

// docs/decisions/016: HTTPS follows PUBLIC_URL (a Secure cookie, HSTS on every answer);
// X-Forwarded-Proto is read from the trusted hop when a proxy sends a list; every answer
// denies camera, microphone, geolocation and payment.
const HSTS = 'max-age=31536000'
const PERMISSIONS = 'camera=(), microphone=(), geolocation=(), payment=()'

function attributesOf(setCookie: string | null): Set<string> {
  expect(setCookie).toMatch(/^kapra_session=/)
  return new Set(
    setCookie!
      .split(';')
      .slice(1)
      .map((a) => a.trim().split('=')[0]!.toLowerCase()),
  )
}

async function signIn(store: TestStore, app: ReturnType<typeof createApp>, headers: Record<string, string> = {}) {
  const account = newAccount()
  expect((await store.client('198.51.100.60').post('/api/auth/registration', account)).status).toBe(201)
  return app.request('http://store.test/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.61', ...headers },
    body: JSON.stringify({ email: account.email, password: account.password }),
  })
}

/** One answer of each kind the store gives: pages, API, errors, static files, product images. */
async function everyKindOfAnswer(app: ReturnType<typeof createApp>): Promise<[string, Response][]> {
  const image = fs.existsSync(productImageDir) ? fs.readdirSync(productImageDir).find(isProductImageName) : undefined
  const asset = fs.existsSync(`${clientDir}/assets`) ? fs.readdirSync(`${clientDir}/assets`)[0] : undefined
  const paths = [
    '/api/products?category=Men',
    '/api/product/list',
    '/api/user/account',
    '/api/products?q=ab%00',
    '/api/nothing',
    '/api/product/ab%00',
    '/healthz',
    '/images/products/nothing.webp',
    ...(image ? [`/images/products/${image}`] : []),
    ...(pagesBuilt ? ['/', '/collection', '/login', '/account', '/no-such-page', '/favicon.svg'] : []),
    ...(pagesBuilt && asset ? [`/assets/${asset}`] : []),
  ]
  const answers: [string, Response][] = []
  for (const path of paths) answers.push([path, await app.request(`http://store.test${path}`)])
  answers.push([
    'POST /api/cart/add (cross-site)',
    await app.request('http://store.test/api/cart/add', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    }),
  ])
  return answers
}

describe.each(databases)('HTTPS and the headers of every answer (%s)', (kind) => {
  describe('PUBLIC_URL https://', () => {
    let store: TestStore
    let app: ReturnType<typeof createApp>
    beforeAll(async () => {
      // COOKIE_SECURE=never and no proxy: the public address still wins.
      store = await createTestStore(kind, {
        env: { PUBLIC_URL: 'https://kapra.example', COOKIE_SECURE: 'never', TRUST_PROXY: '0' },
      })
      app = pagesBuilt ? await appWithPages(store) : createApp({ services: store.services })
    })
    afterAll(() => store.close())

    it('always sets the session cookie Secure, even for a request that reached the store over http', async () => {
      const login = await signIn(store, app)
      expect(login.status).toBe(200)
      expect(attributesOf(login.headers.get('set-cookie')).has('secure')).toBe(true)
      const cookie = login.headers.get('set-cookie')!.split(';')[0]!
      const logout = await app.request('http://store.test/api/auth/logout', { method: 'POST', headers: { cookie } })
      expect(attributesOf(logout.headers.get('set-cookie')).has('secure')).toBe(true)
    })

    it('asks for HSTS and denies the browser features on every answer', async () => {
      const answers = await everyKindOfAnswer(app)
      expect(answers.length).toBeGreaterThanOrEqual(pagesBuilt ? 16 : 10)
      for (const [path, res] of answers) {
        await res.body?.cancel()
        expect([path, res.headers.get('strict-transport-security')]).toEqual([path, HSTS])
        expect([path, res.headers.get('permissions-policy')]).toEqual([path, PERMISSIONS])
      }
      // Errors too: 400, 403, 404.
      expect(answers.map(([, r]) => r.status)).toEqual(expect.arrayContaining([200, 400, 403, 404]))
    })
  })

  describe('PUBLIC_URL http:// behind one trusted proxy', () => {
    let store: TestStore
    let app: ReturnType<typeof createApp>
    beforeAll(async () => {
      store = await createTestStore(kind, { env: { PUBLIC_URL: 'http://kapra.test', TRUST_PROXY: '1' } })
      app = pagesBuilt ? await appWithPages(store) : createApp({ services: store.services })
    })
    afterAll(() => store.close())

    it('asks for no HSTS over http, and still denies the browser features everywhere', async () => {
      for (const [path, res] of await everyKindOfAnswer(app)) {
        await res.body?.cancel()
        expect([path, res.headers.get('strict-transport-security')]).toEqual([path, null])
        expect([path, res.headers.get('permissions-policy')]).toEqual([path, PERMISSIONS])
      }
    })

    it('follows the proxy’s X-Forwarded-Proto for the cookie: the entry it appended, not the client’s', async () => {
      const secure = async (proto?: string) => {
        const res = await signIn(store, app, proto ? { 'x-forwarded-proto': proto } : {})
        expect(res.status).toBe(200)
        return attributesOf(res.headers.get('set-cookie')).has('secure')
      }
      expect(await secure()).toBe(false)
      expect(await secure('https')).toBe(true)
      // The client wrote http, the proxy appended https: https.
      expect(await secure('http, https')).toBe(true)
      // The client wrote https over plain http, the proxy appended http: http.
      expect(await secure('https, http')).toBe(false)
    })

    it('follows the same entry for the same-origin check of writes', async () => {
      const post = (proto: string, origin: string) =>
        app.request('http://store.test/api/newsletter/subscribe', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': '198.51.100.62',
            'x-forwarded-proto': proto,
            origin,
          },
          body: JSON.stringify({ email: newAccount().email }),
        })
      expect((await post('http, https', 'https://store.test')).status).toBe(200)
      expect((await post('https, http', 'https://store.test')).status).toBe(403)
      expect((await post('https, http', 'http://store.test')).status).toBe(200)
    })
  })
})

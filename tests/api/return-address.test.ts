import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { createApp } from '#server/app.ts'
import { createTestStore, databases, signedInClient, type TestStore } from '#tests/api/harness.ts'
import { appWithPages, pagesBuilt } from '#tests/api/pages.ts'
import { REDIRECT_TRICKS } from '#tests/support/redirect-tricks.ts'
import { newAccount } from '#tests/support/factories.ts'
import { Secret, TOTP } from 'otpauth'

// docs/decisions/016: every path that takes a return address (login and registration, the page and
// its form) sends the visitor only to a path of this store, never back to login or registration.
const ORIGIN = 'http://store.test'
const canEncode = (s: string) => {
  try {
    encodeURIComponent(s)
    return true
  } catch {
    return false
  }
}
// A lone surrogate cannot be written into a URL or a form body; the unit test covers it.
const TRICKS = REDIRECT_TRICKS.filter(canEncode)

describe.runIf(pagesBuilt).each(databases)('return addresses through the pages (%s)', (kind) => {
  let store: TestStore
  let app: ReturnType<typeof createApp>
  let cookie: string
  let account: { name: string; email: string; password: string }

  beforeAll(async () => {
    store = await createTestStore(kind, { env: { REGISTRATION_LIMIT_PER_IP: '1000' } })
    app = await appWithPages(store)
    const shopper = await signedInClient(store)
    cookie = shopper.client.cookie!
    account = shopper.account
  })
  afterAll(() => store.close())

  const get = (path: string, headers: Record<string, string> = {}) =>
    app.request(`${ORIGIN}${path}`, { headers: { 'x-forwarded-for': '203.0.113.40', ...headers } })
  const post = (path: string, form: Record<string, string>) =>
    app.request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: {
        'x-forwarded-for': '203.0.113.41',
        origin: ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(form).toString(),
    })

  it('sends a signed-in visitor opening login or registration only to a path of this store', async () => {
    for (const page of ['/login', '/signup']) {
      const safe = await get(`${page}?redirectTo=${encodeURIComponent('/cart?x=1#top')}`, { cookie })
      expect(safe.status).toBe(302)
      expect(safe.headers.get('location')).toBe('/cart?x=1#top')
      for (const trick of TRICKS) {
        const res = await get(`${page}?redirectTo=${encodeURIComponent(trick)}`, { cookie })
        expect([page, trick, res.status, res.headers.get('location')]).toEqual([page, trick, 302, '/'])
      }
    }
  })

  it('answers the issue’s own examples with home, not another site or a 500', async () => {
    for (const query of ['%2F%09%2Fevil.example', '%2Fcart%0Aenv', '%2F%5Cevil.example', '%2F%2Fevil.example']) {
      const res = await get(`/login?redirectTo=${query}`, { cookie })
      expect([query, res.status, res.headers.get('location')]).toEqual([query, 302, '/'])
    }
  })

  it('sends the login form only to a path of this store', async () => {
    const login = (redirectTo: string) =>
      post('/login', { email: account.email, password: account.password, redirectTo })
    const safe = await login('/order?address=saved')
    expect(safe.status).toBe(302)
    expect(safe.headers.get('location')).toBe('/order?address=saved')
    expect(safe.headers.get('set-cookie')).toMatch(/^kapra_session=[^;]+;/)
    for (const trick of TRICKS) {
      const res = await login(trick)
      expect([trick, res.status, res.headers.get('location')]).toEqual([trick, 302, '/'])
    }
  })

  it('sends an admin finishing sign-in with a code only to a path of this store', async () => {
    // The login page's second step takes the return address too (docs/decisions/015).
    const clock = { t: Math.floor(Date.now() / 30_000) * 30_000 + 5_000 }
    const timed = await createTestStore(kind, { now: () => clock.t })
    try {
      const pages = await appWithPages(timed)
      const admin = newAccount({ name: 'Code Owner' })
      await timed.services.auth.createAdmin(admin)
      const client = timed.client('198.51.100.50')
      expect((await client.post('/api/auth/login', { email: admin.email, password: admin.password })).status).toBe(200)
      const { secret } = (await (await client.post('/api/admin/two-factor/setup')).json()) as { secret: string }
      const codeNow = () =>
        new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
          timestamp: clock.t,
        })
      expect((await client.post('/api/admin/two-factor/confirm', { code: codeNow() })).status).toBe(200)
      const form = (body: Record<string, string>) =>
        pages.request(`${ORIGIN}/login`, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            origin: ORIGIN,
            'x-forwarded-for': '198.51.100.51',
          },
          body: new URLSearchParams(body).toString(),
        })
      for (const redirectTo of ['/admin/orders', ...TRICKS.slice(0, 12)]) {
        clock.t += 30_000
        const step = await form({ email: admin.email, password: admin.password, redirectTo })
        const challenge = /name="challenge" value="([^"]+)"/.exec(await step.text())?.[1]
        expect(challenge).toBeDefined()
        const done = await form({ challenge: challenge!, email: admin.email, code: codeNow(), redirectTo })
        const expected = redirectTo === '/admin/orders' ? '/admin/orders' : '/'
        expect([redirectTo, done.status, done.headers.get('location')]).toEqual([redirectTo, 302, expected])
      }
    } finally {
      await timed.close()
    }
  })

  it('passes only a path of this store on from the registration form to login', async () => {
    const signup = (redirectTo: string) => post('/signup', { ...newAccount(), redirectTo })
    const safe = await signup('/cart')
    expect(safe.status).toBe(302)
    expect(safe.headers.get('location')).toBe('/login?registered=1&redirectTo=%2Fcart')
    for (const trick of TRICKS) {
      const res = await signup(trick)
      expect([trick, res.status, res.headers.get('location')]).toEqual([trick, 302, '/login?registered=1'])
    }
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '#server/app.ts'
import { createTestStore, type TestStore } from '#tests/api/harness.ts'

// Page forms (POST /login, /signup, /logout, /placeorder) reach React Router, not /api;
// they must be guarded the same way, or another site could sign a shopper in or out.
describe('page form posts', () => {
  let store: TestStore
  let app: ReturnType<typeof createApp>
  beforeAll(async () => {
    store = await createTestStore('sqlite')
    app = createApp({ services: store.services, pages: () => Promise.resolve(new Response('page', { status: 200 })) })
  })
  afterAll(() => store.close())

  const form = (headers: Record<string, string>, body = 'email=a%40b.c&password=x') =>
    app.request('http://store.test/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body,
    })

  it('accepts a same-origin form', async () => {
    const res = await form({ origin: 'http://store.test', 'sec-fetch-site': 'same-origin' })
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('page')
  })

  it('refuses a form posted from another site', async () => {
    const foreign: Record<string, string>[] = [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }]
    for (const headers of foreign) {
      const res = await form(headers)
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({ message: 'Cross-site requests are not allowed' })
    }
  })

  it('refuses an oversized form body', async () => {
    const res = await form({ origin: 'http://store.test' }, 'x='.padEnd(200_000, 'a'))
    expect(res.status).toBe(413)
  })

  it('still serves pages to plain GETs from anywhere', async () => {
    const res = await app.request('http://store.test/collection', { headers: { 'sec-fetch-site': 'cross-site' } })
    expect(res.status).toBe(200)
  })
})

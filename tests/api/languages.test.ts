import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { createApp } from '#server/app.ts'
import { createTestStore, databases, signedInClient, type TestStore } from '#tests/api/harness.ts'
import { appWithPages, pagesBuilt } from '#tests/api/pages.ts'

// docs/decisions/022: every shopper's page in English at the spec's path and in Urdu under /ur,
// each naming its twin; the switch keeps the choice; '/' follows it, or offers Urdu to a browser
// that prefers it; no page shows a message key instead of its text.

const locales = path.resolve(import.meta.dirname, '../../locales')
/** Every storefront message key: a rendered page must never show one. */
const keys = fs
  .readdirSync(path.join(locales, 'en'))
  .filter((f) => f.endsWith('.json') && !['admin.json', 'mail.json', 'server.json'].includes(f))
  .flatMap((f) => Object.keys(JSON.parse(fs.readFileSync(path.join(locales, 'en', f), 'utf8')) as object))
  .map((k) => k.replace(/_(one|other)$/, ''))

/** The page's text and attribute values, scripts and styles left out. */
function shown(html: string): string {
  return html.replace(/<script\b[\s\S]*?<\/script>/g, '').replace(/<style\b[\s\S]*?<\/style>/g, '')
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

describe.runIf(pagesBuilt).each(databases)('English and Urdu pages (%s)', (kind) => {
  let store: TestStore
  let app: ReturnType<typeof createApp>
  let shopperCookie: string

  beforeAll(async () => {
    store = await createTestStore(kind)
    app = await appWithPages(store)
    shopperCookie = (await signedInClient(store)).client.cookie!
  })
  afterAll(() => store.close())

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.request(`http://store.test${url}`, { headers: { 'x-forwarded-for': '198.51.100.120', ...headers } })

  const publicPages = [
    '/',
    '/collection',
    '/collection?category=Men',
    '/productdetail/oxford-shirt',
    '/about',
    '/contact',
    '/login',
    '/signup',
    '/forgot-password',
    '/product',
  ]
  const personalPages = ['/cart', '/placeorder', '/order', '/account']

  it.each(publicPages)('%s and its Urdu twin: language, direction, canonical and hreflang', async (page) => {
    for (const [lang, url] of [
      ['en', page],
      ['ur', page === '/' ? '/ur' : `/ur${page}`],
    ] as const) {
      const res = await get(url)
      expect(res.status, url).toBe(200)
      const html = await res.text()
      expect(html, url).toContain(`<html lang="${lang}" dir="${lang === 'ur' ? 'rtl' : 'ltr'}"`)
      const bare = page.split('?')[0]!
      const ur = bare === '/' ? '/ur' : `/ur${bare}`
      expect(html).toMatch(
        new RegExp(`<link rel="alternate" hrefLang="en" href="http://store.test${escape(bare)}[^"]*"`),
      )
      expect(html).toMatch(new RegExp(`<link rel="alternate" hrefLang="ur" href="http://store.test${escape(ur)}[^"]*"`))
      expect(html).toMatch(/<link rel="alternate" hrefLang="x-default"/)
      expect(html).toMatch(
        new RegExp(`<link rel="canonical" href="http://store.test${escape(lang === 'ur' ? ur : bare)}`),
      )
      // Each language preloads its own face only: Nastaliq (at low priority) on Urdu pages,
      // the Latin display face on English ones.
      const preloads = [...html.matchAll(/<link rel="preload"[^>]*>/g)].map((m) => m[0])
      expect(html.includes('noto-nastaliq-urdu'), url).toBe(lang === 'ur')
      expect(
        preloads.filter((l) => l.includes('noto-nastaliq-urdu') && /fetchPriority="low"/i.test(l)),
        url,
      ).toHaveLength(lang === 'ur' ? 1 : 0)
      expect(
        preloads.filter((l) => l.includes('outfit-latin')),
        url,
      ).toHaveLength(lang === 'en' ? 1 : 0)
    }
  })

  it.each([...publicPages, ...personalPages])('%s shows no message key, in either language', async (page) => {
    for (const url of [page, page === '/' ? '/ur' : `/ur${page}`]) {
      const res = await get(url, personalPages.includes(page) ? { cookie: shopperCookie } : {})
      expect(res.status, url).toBe(200)
      const text = shown(await res.text())
      const leaked = keys.filter((k) => new RegExp(`[>"]\\s*${escape(k)}\\s*[<"]`).test(text))
      expect(leaked, url).toEqual([])
    }
  })

  it('a personal page under /ur is as private as its English twin', async () => {
    for (const url of ['/ur/cart', '/ur/order', '/ur/account', '/ur/placeorder']) {
      const res = await get(url, { cookie: shopperCookie })
      await res.body?.cancel()
      expect(res.headers.get('cache-control'), url).toBe('private, no-store')
    }
  })

  it('a guest opening an Urdu page that needs an account signs in in Urdu, and comes back to it', async () => {
    const res = await get('/ur/order')
    await res.body?.cancel()
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`/ur/login?redirectTo=${encodeURIComponent('/ur/order')}`)
  })

  const switchTo = (to: string, headers: Record<string, string> = {}) =>
    app.request('http://store.test/language', {
      method: 'POST',
      headers: { 'x-forwarded-for': '198.51.100.120', ...headers },
      body: new URLSearchParams({ to }),
    })

  it('the switch keeps the choice in a cookie and opens the twin; a foreign address is refused', async () => {
    const res = await switchTo('/ur/collection?category=Men')
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/ur/collection?category=Men')
    expect(res.headers.get('set-cookie')).toMatch(/^kapra_lang=ur; Max-Age=31536000; Path=\/; .*SameSite=Lax/)
    expect(res.headers.get('cache-control')).toBe('private, no-store')

    const back = await switchTo('/login')
    expect(back.headers.get('location')).toBe('/login')
    expect(back.headers.get('set-cookie')).toMatch(/^kapra_lang=en;/)

    for (const to of ['https://evil.example/ur', '//evil.example', '/\\evil.example']) {
      const bad = await switchTo(to)
      expect(bad.headers.get('location'), to).toBe('/')
    }
  })

  it("the switch changes a signed-in shopper's language only by the store's own post, never by a link", async () => {
    const { client, user } = await signedInClient(store)
    const language = async () =>
      (
        await store.connection.db
          .selectFrom('users')
          .select('language')
          .where('id', '=', user._id)
          .executeTakeFirstOrThrow()
      ).language
    const before = await language()

    // A link, or a form on another site, changes nothing.
    const link = await get(`/language?to=${encodeURIComponent('/ur/about')}`, { cookie: client.cookie! })
    expect(link.status).toBe(302)
    expect(link.headers.get('location')).toBe('/ur/about')
    expect(link.headers.get('set-cookie')).toBeNull()
    const foreign = await switchTo('/ur/about', { cookie: client.cookie!, 'sec-fetch-site': 'cross-site' })
    expect(foreign.status).toBe(403)
    expect(await language()).toBe(before)

    const own = await switchTo('/ur/about', { cookie: client.cookie!, 'sec-fetch-site': 'same-origin' })
    expect(own.status).toBe(303)
    expect(await language()).toBe('ur')
  })

  it("'/' follows the cookie; a first visitor preferring Urdu is offered it, not sent", async () => {
    const chosen = await get('/', { cookie: 'kapra_lang=ur' })
    expect(chosen.status).toBe(302)
    expect(chosen.headers.get('location')).toBe('/ur')

    const offered = await get('/', { 'accept-language': 'ur-PK,ur;q=0.9,en;q=0.8' })
    expect(offered.status).toBe(200)
    expect(offered.headers.get('vary')).toMatch(/Accept-Language/)
    const html = await offered.text()
    expect(html).toContain('اردو میں دیکھیں')
    expect(html).toContain('action="/language"')
    expect(html).toContain('name="to" value="/ur"')

    const others: Record<string, string>[] = [
      { 'accept-language': 'en-GB,ur;q=0.5' },
      { 'accept-language': 'ur', cookie: 'kapra_lang=en' },
    ]
    for (const headers of others) {
      const res = await get('/', headers)
      expect(res.status).toBe(200)
      expect(await res.text()).not.toContain('اردو میں دیکھیں')
    }
  })

  it('an unknown Urdu address is a 404 in Urdu', async () => {
    const res = await get('/ur/no-such-page')
    expect(res.status).toBe(404)
    expect(await res.text()).toContain('<html lang="ur" dir="rtl"')
  })
})

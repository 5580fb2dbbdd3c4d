import { randomBytes } from 'node:crypto'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '#server/config.ts'
import type { AppEnv } from '#server/http/env.ts'
import { admission, createLine, isAlwaysOpen, pageOfData, type WaitKind } from '#server/http/admission.ts'
import { LINE_COOKIE, PASS_MS, TICKET_MS, readLineCookie, writeLineCookie } from '#server/http/line-ticket.ts'
import type { Load } from '#server/http/load-signal.ts'

// The line's rules (docs/decisions/030), driven by a load and a clock of the test's own.

const KEY = randomBytes(32)
const T0 = Date.UTC(2026, 10, 11, 19, 0, 0)
const QUIET: Load = { inFlight: 1, lagMs: 2 }
const BUSY: Load = { inFlight: 65, lagMs: 2 }

function line(env: Record<string, string> = {}) {
  const state = { load: QUIET, clock: T0 }
  const waits: WaitKind[] = []
  const app = new Hono<AppEnv>()
  app.use(
    admission({
      config: loadConfig({ NODE_ENV: 'test', ...env }),
      key: () => Promise.resolve(KEY),
      sessionCookie: 'kapra_session',
      signal: () => state.load,
      now: () => state.clock,
      random: () => 0,
      onWait: (kind) => waits.push(kind),
    }),
  )
  app.all('*', (c) => c.text('served'))
  const get = (path: string, headers: Record<string, string> = {}) => Promise.resolve(app.request(path, { headers }))
  return { state, waits, get }
}

/** The line's cookie a response sets, as a browser would send it back; undefined when none. */
function lineCookieOf(res: Response): string | undefined {
  const set = res.headers.getSetCookie().find((c) => c.startsWith(`${LINE_COOKIE}=`))
  return set?.split(';')[0]
}

const cookieHeader = (cookie: string | undefined): Record<string, string> => (cookie ? { cookie } : {})

describe('the line', () => {
  it('lets everyone through under the limits, and sets no cookie', async () => {
    const { get } = line()
    for (const path of ['/', '/collection?category=Men', '/api/product/list', '/ur/about']) {
      const res = await get(path)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('set-cookie'), path).toBeNull()
    }
  })

  it("answers a newcomer's page past the limits with the waiting page and a ticket", async () => {
    const { state, waits, get } = line()
    state.load = BUSY
    const res = await get('/collection?category=Men')
    expect(res.status).toBe(503)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('no-store')
    const seconds = Number(res.headers.get('retry-after'))
    expect(Number.isInteger(seconds) && seconds >= 5 && seconds <= 30).toBe(true)
    const html = await res.text()
    expect(html).toContain(`<meta http-equiv="refresh" content="${seconds}">`)
    expect(html).toContain('<html lang="en" dir="ltr">')
    expect(html).toContain('You are in line')
    expect(html).toContain('this page will refresh by itself')
    expect(html).toContain('href="/collection?category=Men"')
    expect(html).not.toMatch(/<script/i)
    const set = res.headers.getSetCookie()
    expect(set).toHaveLength(1)
    expect(set[0]).toMatch(/^kapra_line=w\.\d+\.[\w-]{43}; Max-Age=7200; Path=\/; HttpOnly; SameSite=Lax$/)
    expect(readLineCookie(KEY, lineCookieOf(res)!.split('=')[1], T0)).toEqual({ kind: 'waiting', arrivedAt: T0 })
    expect(waits).toEqual(['page'])
  })

  it('lets the visitor stop the refresh (WCAG 2.2.1), keeping their place', async () => {
    const { state, get } = line()
    state.load = BUSY
    const auto = await (await get('/collection?category=Men')).text()
    expect(auto).toContain('href="/collection?category=Men&#38;refresh=off">Stop refreshing this page</a>')
    const res = await get('/collection?category=Men&refresh=off')
    expect(res.status).toBe(503)
    const html = await res.text()
    expect(html).not.toContain('http-equiv="refresh"')
    expect(html).toContain('press Try again now whenever you like')
    expect(html).toContain('href="/collection?category=Men">Try again now</a>')
    expect(html).not.toContain('Stop refreshing')
  })

  it('speaks Urdu, right to left, on /ur pages', async () => {
    const { state, get } = line()
    state.load = BUSY
    for (const path of ['/ur', '/ur/collection']) {
      const html = await (await get(path)).text()
      expect(html, path).toContain('<html lang="ur" dir="rtl">')
      expect(html, path).toContain('آپ قطار میں ہیں')
      expect(html, path).toContain('یہ صفحہ خود ہی ریفریش ہو جائے گا')
    }
  })

  it("answers a newcomer's API call with 503, the message and retryAfter", async () => {
    const { state, waits, get } = line()
    state.load = BUSY
    const res = await get('/api/product/list')
    expect(res.status).toBe(503)
    const body = (await res.json()) as { message: string; retryAfter: number }
    expect(body.message).toBe('The store is very busy. Please try again in a few seconds.')
    expect(body.retryAfter).toBe(Number(res.headers.get('retry-after')))
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(lineCookieOf(res)).toMatch(/^kapra_line=w\./)
    expect(waits).toEqual(['api'])
  })

  it("sends the app's request for a page's data to the whole page, which waits", async () => {
    const { state, get } = line()
    state.load = BUSY
    const res = await get('/collection.data?category=Men&_routes=routes%2Fstore%2Fcollection')
    expect(res.status).toBe(204)
    expect(res.headers.get('x-remix-redirect')).toBe('/collection?category=Men')
    expect(res.headers.get('x-remix-reload-document')).toBe('true')
  })

  it('the event loop delay counts too, unless ADMIT_MAX_LAG_MS is 0', async () => {
    const slow = line()
    slow.state.load = { inFlight: 1, lagMs: 301 }
    expect((await slow.get('/')).status).toBe(503)
    const lagOff = line({ ADMIT_MAX_LAG_MS: '0' })
    lagOff.state.load = { inFlight: 1, lagMs: 5000 }
    expect((await lagOff.get('/')).status).toBe(200)
  })

  it('in tests, reads no load but the one a test hands it', async () => {
    const app = new Hono<AppEnv>()
    app.use(
      admission({
        config: loadConfig({ NODE_ENV: 'test', ADMIT_MAX_IN_FLIGHT: '1', ADMIT_TEST_HEADER: '1' }),
        key: () => Promise.resolve(KEY),
        sessionCookie: 'kapra_session',
      }),
    )
    app.get('*', (c) => c.text('served'))
    expect((await app.request('/', { headers: { 'x-kapra-line': 'full' } })).status).toBe(200)
  })

  it('is off with ADMIT_MAX_IN_FLIGHT=0', async () => {
    const { state, get } = line({ ADMIT_MAX_IN_FLIGHT: '0' })
    state.load = { inFlight: 10_000, lagMs: 10_000 }
    expect((await get('/')).status).toBe(200)
  })

  it('always lets through the cart, checkout, orders, the console, health, metrics and files', async () => {
    const { state, get } = line()
    state.load = BUSY
    const open = [
      '/cart',
      '/cart.data',
      '/ur/cart',
      '/ur/cart.data',
      '/placeorder',
      '/ur/placeorder.data',
      '/order',
      '/order/0f6c3f52-aaaa-4bbb-8ccc-123456789abc',
      '/order/0f6c3f52-aaaa-4bbb-8ccc-123456789abc.data',
      '/ur/order',
      '/order-link?token=x',
      '/api/cart',
      '/api/cart/add',
      '/api/order/place',
      '/api/order/userorders',
      '/admin',
      '/admin/orders',
      '/admin.data',
      '/api/admin/orders',
      '/healthz',
      '/metrics',
      '/assets/entry.client-abc123.js',
      '/assets/noto-nastaliq-urdu-urdu-400-D2EmPkiq.woff2',
      '/images/products/p1-640.webp',
      '/hero/hero-1.webp',
      '/favicon.svg',
      '/robots.txt',
      '/sitemap.xml',
      '/sitemaps/products-1.xml',
    ]
    for (const path of open) {
      const res = await get(path)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('set-cookie'), path).toBeNull()
    }
    for (const path of ['/', '/ur', '/collection', '/productdetail/p1', '/login', '/api/product/list', '/cartoon']) {
      expect(isAlwaysOpen(path), path).toBe(false)
    }
  })

  it('always lets through a shopper signed in or with something in the cart', async () => {
    const { state, get } = line()
    state.load = BUSY
    expect((await get('/', { cookie: 'kapra_session=abc' })).status).toBe(200)
    expect((await get('/api/product/list', { cookie: 'kapra_lang=ur; kapra_session=abc' })).status).toBe(200)
    expect((await get('/collection', { cookie: 'kapra_cart=1' })).status).toBe(200)
    expect((await get('/collection', { cookie: 'kapra_cart=0' })).status).toBe(503)
    expect((await get('/collection', { cookie: 'kapra_session=' })).status).toBe(503)
  })

  it('lets an admitted visitor through; a forged, foreign or expired pass is no pass', async () => {
    const { state, get } = line()
    state.load = BUSY
    const pass = (key: Buffer, expiresAt: number) =>
      `${LINE_COOKIE}=${writeLineCookie(key, { kind: 'admitted', expiresAt })}`
    expect((await get('/', { cookie: pass(KEY, T0 + PASS_MS) })).status).toBe(200)
    expect((await get('/', { cookie: pass(randomBytes(32), T0 + PASS_MS) })).status).toBe(503)
    expect((await get('/', { cookie: pass(KEY, T0 - 1) })).status).toBe(503)
    const forged = pass(KEY, T0 + PASS_MS).replace(/\.(\d+)\./, (_m, t: string) => `.${Number(t) + 60_000}.`)
    expect((await get('/', { cookie: forged })).status).toBe(503)
    // A forged ticket from long before does not jump the line either.
    const early = `${LINE_COOKIE}=${writeLineCookie(randomBytes(32), { kind: 'waiting', arrivedAt: T0 - 60_000 })}`
    const res = await get('/', { cookie: early })
    expect(res.status).toBe(503)
    expect(lineCookieOf(res)).toMatch(/^kapra_line=w\./)
  })

  it('keeps a place: a refresh waits with the same ticket and sets no new one', async () => {
    const { state, get } = line()
    state.load = BUSY
    const ticket = lineCookieOf(await get('/'))
    state.clock += 5_000
    const again = await get('/', cookieHeader(ticket))
    expect(again.status).toBe(503)
    expect(again.headers.get('set-cookie')).toBeNull()
  })

  it('admits tickets oldest first as the load falls, then closes the line', async () => {
    const { state, get } = line()
    state.load = BUSY
    await get('/') // the line opens at T0
    const tickets: string[] = []
    for (let i = 0; i < 3; i++) {
      state.clock += 1_000
      tickets.push(lineCookieOf(await get('/'))!)
    }
    // Over the limits nobody new goes in, however long they wait.
    state.clock += 20_000
    for (const t of tickets) expect((await get('/', { cookie: t })).status).toBe(503)

    state.load = QUIET
    const admittedAt: number[] = []
    for (let step = 0; step < 120 && admittedAt.length < 3; step++) {
      state.clock += 250
      for (const [i, t] of tickets.entries()) {
        if (admittedAt[i] !== undefined) continue
        const res = await get('/', { cookie: t })
        if (res.status !== 200) continue
        // In order: nobody passes while someone who came before still waits.
        expect(admittedAt.length, `ticket ${i}`).toBe(i)
        admittedAt[i] = state.clock
        const pass = readLineCookie(KEY, lineCookieOf(res)!.split('=')[1], state.clock)
        expect(pass).toEqual({ kind: 'admitted', expiresAt: state.clock + PASS_MS })
      }
    }
    expect(admittedAt).toHaveLength(3)
    expect(admittedAt[0]).toBeLessThan(admittedAt[2]!)

    // The line has drained: a newcomer goes straight in, with no cookie.
    state.clock += 60_000
    const newcomer = await get('/')
    expect(newcomer.status).toBe(200)
    expect(newcomer.headers.get('set-cookie')).toBeNull()
  })

  it('a newcomer while the line drains goes behind those already in it', async () => {
    const { state, get } = line()
    state.load = BUSY
    await get('/')
    state.clock += 1_000
    const first = lineCookieOf(await get('/'))!
    state.load = QUIET
    state.clock += 500
    const late = await get('/')
    expect(late.status).toBe(503)
    const second = lineCookieOf(late)!
    let passed: string | undefined
    for (let step = 0; step < 200 && passed === undefined; step++) {
      state.clock += 100
      if ((await get('/', { cookie: second })).status === 200) passed = 'second'
      else if ((await get('/', { cookie: first })).status === 200) passed = 'first'
    }
    expect(passed).toBe('first')
  })

  it('renews a pass that is half spent while the line is up', async () => {
    const { state, get } = line()
    state.load = BUSY
    await get('/')
    const fresh = `${LINE_COOKIE}=${writeLineCookie(KEY, { kind: 'admitted', expiresAt: T0 + PASS_MS })}`
    expect((await get('/', { cookie: fresh })).headers.get('set-cookie')).toBeNull()
    state.clock += PASS_MS / 2 + 1
    const renewed = await get('/', { cookie: fresh })
    expect(renewed.status).toBe(200)
    const pass = readLineCookie(KEY, lineCookieOf(renewed)!.split('=')[1], state.clock)
    expect(pass).toEqual({ kind: 'admitted', expiresAt: state.clock + PASS_MS })
  })

  it('puts a request in line with X-Kapra-Line only when ADMIT_TEST_HEADER is set', async () => {
    const off = line()
    expect((await off.get('/', { 'x-kapra-line': 'full' })).status).toBe(200)
    const on = line({ ADMIT_TEST_HEADER: '1' })
    const res = await on.get('/ur', { 'x-kapra-line': 'full' })
    expect(res.status).toBe(503)
    // Only that request: the next newcomer, and the store's own line, are untouched.
    expect((await on.get('/')).status).toBe(200)
    expect((await on.get('/cart', { 'x-kapra-line': 'full' })).status).toBe(200)
    expect((await on.get('/', { 'x-kapra-line': 'full', cookie: 'kapra_cart=1' })).status).toBe(200)
  })

  it('counts the requests in flight itself when no load is handed to it', async () => {
    const app = new Hono<AppEnv>()
    app.use(
      admission({
        config: loadConfig({ NODE_ENV: 'production', ADMIT_MAX_IN_FLIGHT: '1', ADMIT_MAX_LAG_MS: '0' }),
        key: () => Promise.resolve(KEY),
        sessionCookie: 'kapra_session',
      }),
    )
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    app.get('/slow', async (c) => {
      await held
      return c.text('slow')
    })
    app.get('*', (c) => c.text('served'))
    const slow = Promise.resolve(app.request('/slow'))
    expect((await app.request('/')).status).toBe(503)
    release()
    expect((await slow).status).toBe(200)
  })
})

describe('the watermark', () => {
  it('stands while the load is over the limits and moves faster the longer it is under', () => {
    const l = createLine()
    l.tick(T0, false)
    expect(l.open).toBe(false)
    l.tick(T0 + 1, true)
    expect(l.watermark).toBe(T0 + 1)
    l.tick(T0 + 10_000, true)
    expect(l.watermark).toBe(T0 + 1)
    const moves: number[] = []
    let at = T0 + 10_000
    let previous = l.watermark!
    for (let i = 0; i < 4; i++) {
      at += 1_000
      l.tick(at, false)
      moves.push(l.watermark! - previous)
      previous = l.watermark!
    }
    expect(moves.every((m, i) => i === 0 || m > moves[i - 1]!)).toBe(true)
    expect(l.admits(T0)).toBe(true)
    expect(l.admits(previous + 1)).toBe(false)
  })

  it('estimates the wait within 5 to 30 seconds', () => {
    const l = createLine()
    expect(l.retryAfter(T0)).toBe(5)
    l.tick(T0, true)
    expect(l.retryAfter(T0 + 1)).toBe(5)
    expect(l.retryAfter(T0 + 3_600_000)).toBe(30)
  })
})

describe('the line cookie', () => {
  it('reads what it wrote, within its time', () => {
    const ticket = writeLineCookie(KEY, { kind: 'waiting', arrivedAt: T0 })
    expect(readLineCookie(KEY, ticket, T0 + 1000)).toEqual({ kind: 'waiting', arrivedAt: T0 })
    expect(readLineCookie(KEY, ticket, T0 + TICKET_MS)).toBeUndefined()
    expect(readLineCookie(KEY, ticket, T0 - 10 * 60_000)).toBeUndefined()
    expect(readLineCookie(randomBytes(32), ticket, T0)).toBeUndefined()
    expect(readLineCookie(KEY, `${ticket}x`, T0)).toBeUndefined()
    expect(readLineCookie(KEY, ticket.replace(/^w/, 'a'), T0)).toBeUndefined()
    // A pass further ahead than one pass's time was not written by a store.
    const far = writeLineCookie(KEY, { kind: 'admitted', expiresAt: T0 + 24 * 60 * 60_000 })
    expect(readLineCookie(KEY, far, T0)).toBeUndefined()
  })

  it("names the page of an app's data request", () => {
    const page = (u: string) => pageOfData(new URL(u, 'http://store.test'))
    expect(page('/_.data?_routes=x')).toBe('/')
    expect(page('/ur.data')).toBe('/ur')
    expect(page('/productdetail/p1.data?size=M')).toBe('/productdetail/p1?size=M')
  })
})

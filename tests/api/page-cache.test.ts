import { createHash } from 'node:crypto'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminProduct, AdminProductInput } from '#contracts/admin.ts'
import type { User } from '#contracts/auth.ts'
import { createApp } from '#server/app.ts'
import { postgresChangeFeed, redisChangeFeed } from '#server/catalog/changes.ts'
import { loadConfig } from '#server/config.ts'
import { connect } from '#server/db/database.ts'
import { createLogger } from '#server/http/logger.ts'
import { clientDir, productionPages } from '#server/pages.ts'
import { createServices, type Services } from '#server/services.ts'
import { GUEST_PAGE_CACHING } from '#server/page-cache.ts'
import { createTestStore, databases, signedInClient, type TestStore } from '#tests/api/harness.ts'
import { appWithPages, pagesBuilt } from '#tests/api/pages.ts'
import { newAccount, testAddress } from '#tests/support/factories.ts'

// docs/decisions/029: a guest's public page is drawn once and answered from memory, keyed by
// everything that draws it, never for a session, without a nonce or a cookie, and dropped at
// every change to what it shows.

const GUEST_IP = '198.51.100.120'

/** The input the console's form would send to keep a product as it is, with `change` applied. */
function editOf(product: AdminProduct, change: Partial<AdminProductInput> = {}): AdminProductInput {
  return {
    name: product.name,
    description: product.description,
    price: product.price,
    category: product.category,
    subCategory: product.subCategory,
    sizes: product.sizes,
    sizeChart: [],
    bestSeller: product.bestSeller,
    openedStock: Object.fromEntries(product.sizes.map((s) => [s.size, s.stock])),
    ...change,
  }
}

/** The size's radio on a product page is disabled (sold out). */
function soldOut(html: string, size: string): boolean {
  const input = new RegExp(`<input[^>]*aria-label="${size}"[^>]*>`).exec(html)?.[0]
  if (!input) throw new Error(`no size ${size} on the page`)
  return /\sdisabled=""/.test(input)
}

/** A page drawn for every guest: no nonce, and its policy allows exactly its inline scripts, by their hashes. */
function expectScriptsAllowedByHash(path: string, res: Response, html: string) {
  expect(html, path).not.toMatch(/\snonce=/)
  const policy = res.headers.get('content-security-policy')!
  expect(policy, path).not.toMatch(/nonce/)
  const allowed = policy
    .split(';')
    .find((d) => d.trim().startsWith('script-src'))!
    .trim()
    .split(/\s+/)
    .slice(1)
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, a]) => !/\ssrc=/.test(a!))
  expect(inline.length, path).toBeGreaterThan(0)
  const hashes = new Set(inline.map(([, , text]) => `'sha256-${createHash('sha256').update(text!).digest('base64')}'`))
  expect(new Set(allowed), path).toEqual(new Set(["'self'", ...hashes]))
}

describe.runIf(pagesBuilt).each(databases)('guests’ pages kept in memory (%s)', (kind) => {
  let store: TestStore
  let app: ReturnType<typeof createApp>
  let admin: User
  /** The store's clock: the machine's, or stopped where a test holds it. */
  const clock: { stopped: number | undefined } = { stopped: undefined }

  beforeAll(async () => {
    store = await createTestStore(kind, { now: () => clock.stopped ?? Date.now() })
    app = await appWithPages(store)
    admin = await store.services.auth.createAdmin({ ...newAccount(), password: 'keys to the shop 2026' })
  })
  afterAll(() => store.close())

  const get = (path: string, headers: Record<string, string> = {}, host = 'store.test') =>
    app.request(`http://${host}${path}`, { headers: { 'x-forwarded-for': GUEST_IP, ...headers } })
  const page = async (path: string, headers: Record<string, string> = {}, host?: string) => {
    const res = await get(path, headers, host)
    return { res, html: await res.text() }
  }
  const hits = () => store.services.pageCache.stats().hits

  it('answers the second guest from memory: the same page, a strong ETag, 304 for it, gzip when asked', async () => {
    const first = await page('/collection?category=Men')
    expect(first.res.status).toBe(200)
    expect(first.res.headers.get('cache-control')).toBe(GUEST_PAGE_CACHING)
    const etag = first.res.headers.get('etag')!
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/)

    const before = hits()
    const second = await page('/collection?category=Men')
    expect(hits()).toBe(before + 1)
    expect(second.html).toBe(first.html)
    expect(second.res.headers.get('etag')).toBe(etag)

    const notModified = await get('/collection?category=Men', { 'if-none-match': `"other", ${etag}` })
    expect(notModified.status).toBe(304)
    expect(await notModified.text()).toBe('')
    expect(notModified.headers.get('etag')).toBe(etag)
    expect(notModified.headers.get('cache-control')).toBe(GUEST_PAGE_CACHING)
    expect((await get('/collection?category=Men', { 'if-none-match': '"other"' })).status).toBe(200)

    const zipped = await get('/collection?category=Men', { 'accept-encoding': 'gzip, br' })
    expect(zipped.headers.get('content-encoding')).toBe('gzip')
    expect(zipped.headers.get('vary')).toMatch(/Accept-Encoding/)
    const zippedTag = zipped.headers.get('etag')!
    expect(zippedTag).not.toBe(etag)
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe(first.html)
    const zippedNotModified = await get('/collection?category=Men', {
      'accept-encoding': 'gzip',
      'if-none-match': zippedTag,
    })
    expect(zippedNotModified.status).toBe(304)
    expect(
      (await get('/collection?category=Men', { 'accept-encoding': 'gzip;q=0' })).headers.has('content-encoding'),
    ).toBe(false)

    const head = await app.request('http://store.test/collection?category=Men', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('etag')).toBe(etag)
    expect(await head.text()).toBe('')

    // What the cache did is on /metrics.
    const metrics = await (await get('/metrics', { 'x-forwarded-for': '127.0.0.1' })).text()
    const value = (name: string) =>
      Number(new RegExp(`^${name.replace(/[{}]/g, '\\$&')} (\\d+)`, 'm').exec(metrics)?.[1])
    expect(value('kapra_page_cache_answers_total{answer="hit"}')).toBe(hits())
    expect(value('kapra_page_cache_answers_total{answer="not_modified"}')).toBeGreaterThanOrEqual(2)
    expect(value('kapra_page_cache_pages')).toBe(store.services.pageCache.stats().pages)
    expect(value('kapra_page_cache_bytes')).toBeGreaterThan(0)
    const drops = value('kapra_page_cache_clears_total')
    expect(drops).toBe(store.services.pageCache.stats().clears)
    store.services.catalog.invalidate()
    const after = await (await get('/metrics', { 'x-forwarded-for': '127.0.0.1' })).text()
    expect(Number(/^kapra_page_cache_clears_total (\d+)/m.exec(after)?.[1])).toBe(drops + 1)
  })

  it('keeps languages, queries, hosts and the home page’s offer of Urdu apart', async () => {
    const english = await page('/collection?category=Men')
    const urdu = await page('/ur/collection?category=Men')
    expect(english.html).toMatch(/<html lang="en" dir="ltr"/)
    expect(urdu.html).toMatch(/<html lang="ur" dir="rtl"/)

    const women = await page('/collection?category=Women')
    expect(women.html).not.toBe(english.html)
    expect(women.html).toContain('Women')

    // The address of every link and of the canonical URL is the host asked for.
    const other = await page('/collection?category=Men', {}, 'other.test')
    expect(other.html).toContain('http://other.test/collection')
    expect(other.html).not.toContain('http://store.test/collection')
    expect((await page('/collection?category=Men')).html).not.toContain('http://other.test/')

    // The English home offers Urdu to a browser that puts it first, and only to one that has not chosen.
    const offered = await page('/', { 'accept-language': 'ur-PK,ur;q=0.9,en;q=0.5' })
    const plain = await page('/', { 'accept-language': 'en-GB,en;q=0.9' })
    const chose = await page('/', { 'accept-language': 'ur-PK,ur;q=0.9', cookie: 'kapra_lang=en' })
    expect(offered.html).not.toBe(plain.html)
    expect(chose.html).toBe(plain.html)
    expect((await page('/', { 'accept-language': 'ur-PK,ur;q=0.9,en;q=0.5' })).html).toBe(offered.html)
    expect(offered.res.headers.get('vary')).toMatch(/Accept-Language/)
    // One who chose Urdu is sent there, and that answer is nobody else's.
    const sent = await get('/', { cookie: 'kapra_lang=ur' })
    expect(sent.status).toBe(302)
    expect((await page('/')).res.status).toBe(200)
  })

  it('never answers a request carrying a session from memory, nor keeps its page for guests', async () => {
    const { client } = await signedInClient(store, '198.51.100.121')
    const guest = await page('/about')
    for (const cookie of [client.cookie!, 'kapra_session=not-a-session']) {
      const before = hits()
      const res = await get('/about', { cookie })
      const html = await res.text()
      expect(hits()).toBe(before)
      expect(res.headers.get('cache-control')).toBe('private, no-store')
      expect(res.headers.get('etag')).toBeNull()
      expect(res.headers.get('content-security-policy')).toMatch(/'nonce-/)
      expect(html).not.toBe(guest.html)
    }
    const after = await page('/about')
    expect(after.html).toBe(guest.html)
  })

  it('keeps no Set-Cookie and no nonce, and allows exactly the inline scripts of each page by their hashes', async () => {
    const id = 'oxford-shirt'
    for (const path of [
      '/',
      '/ur',
      '/collection',
      '/ur/collection?q=shirt',
      `/productdetail/${id}`,
      '/about',
      '/ur/contact',
    ]) {
      await page(path)
      const { res, html } = await page(path)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('cache-control'), path).toBe(GUEST_PAGE_CACHING)
      expect(res.headers.has('set-cookie'), path).toBe(false)
      expectScriptsAllowedByHash(path, res, html)
    }
    // A guest's page that is not kept (a product that does not exist) is drawn the same way:
    // its scripts still run, allowed by their hashes.
    const missing = await page('/productdetail/no-such-product')
    expect(missing.res.status).toBe(404)
    expect(missing.res.headers.get('cache-control')).not.toBe(GUEST_PAGE_CACHING)
    expectScriptsAllowedByHash('/productdetail/no-such-product', missing.res, missing.html)
    // The client's navigations (`.data`) are kept too, and carry no cookie either.
    const data = await get('/collection.data?category=Men')
    expect(data.status).toBe(200)
    expect(data.headers.get('cache-control')).toBe(GUEST_PAGE_CACHING)
    expect(data.headers.has('set-cookie')).toBe(false)
  })

  it('drops the pages a product’s save or archiving touches', async () => {
    const productPath = '/productdetail/denim-jeans'
    const before = await page(productPath)
    const listed = await page('/collection?category=Men&sort=low-high')
    expect(before.html).toContain('3,499')
    expect(listed.html).toContain('Men Denim Jeans')

    const product = await store.services.admin.product('denim-jeans')
    await store.services.admin.saveProduct('denim-jeans', editOf(product, { price: 2345 }), {}, admin)
    expect((await page(productPath)).html).toContain('2,345')
    expect((await page('/ur/productdetail/denim-jeans')).html).toContain('2,345')
    expect((await page('/collection?category=Men&sort=low-high')).html).toContain('2,345')

    await store.services.admin.setArchived('denim-jeans', true, admin)
    expect((await get(productPath)).status).toBe(404)
    expect((await page('/collection?category=Men&sort=low-high')).html).not.toContain('Men Denim Jeans')
    await store.services.admin.setArchived('denim-jeans', false, admin)
    expect((await get(productPath)).status).toBe(200)
  })

  it('drops them when a size sells out and when it comes back', async () => {
    const productPath = '/productdetail/oxford-shirt'
    const product = await store.services.admin.product('oxford-shirt')
    const s = product.sizes.find((x) => x.size === 'S')!
    await store.services.admin.setStock('oxford-shirt', { size: 'S', stock: 1, opened: s.stock }, admin)
    await page(productPath)
    expect(soldOut((await page(productPath)).html, 'S')).toBe(false)

    // Pages that show no size of it: another product's, About.
    const untouched = ['/productdetail/denim-jeans', '/ur/productdetail/denim-jeans', '/about']
    for (const path of untouched) await page(path)
    await page('/ur' + productPath)
    expect((await page('/collection?size=S&q=oxford')).html).toContain('href="/productdetail/oxford-shirt"')

    const { client } = await signedInClient(store, '198.51.100.122')
    await client.post('/api/cart/update', { itemId: 'oxford-shirt', size: 'S', quantity: 1 })
    const placed = await client.post('/api/order/placeorder', {
      address: testAddress,
      items: [{ _id: 'oxford-shirt', size: 'S', quantity: 1 }],
      amount: 2499 + 50,
    })
    expect(placed.status).toBe(201)
    const { misses } = store.services.pageCache.stats()
    expect(soldOut((await page(productPath)).html, 'S')).toBe(true)
    expect(soldOut((await page('/ur' + productPath)).html, 'S')).toBe(true)
    expect((await page('/collection?size=S&q=oxford')).html).not.toContain('href="/productdetail/oxford-shirt"')
    expect(store.services.pageCache.stats().misses - misses).toBe(3)
    // Only the pages it touches went: the others are answered from memory.
    const kept = hits()
    for (const path of untouched) expect((await get(path)).status).toBe(200)
    expect(hits() - kept).toBe(untouched.length)

    const orderId = ((await placed.json()) as { order: { _id: string } }).order._id
    expect((await client.post('/api/order/cancel', { orderId })).status).toBe(200)
    expect(soldOut((await page(productPath)).html, 'S')).toBe(false)
    expect((await page('/collection?size=S&q=oxford')).html).toContain('href="/productdetail/oxford-shirt"')
    const again = hits()
    for (const path of untouched) await get(path)
    expect(hits() - again).toBe(untouched.length)
  })

  it('drops them when a sale starts on the clock, with no request to set it off', async () => {
    const productPath = '/productdetail/kids-hoodie'
    expect((await page(productPath)).html).not.toContain('−50%')
    await page(productPath)
    // The store's clock holds still until the test moves it past the start: however slow the
    // machine, nothing before that point can see the sale.
    clock.stopped = Date.now()
    const startsAt = clock.stopped + 1_500
    try {
      await store.services.admin.createSale(
        { name: 'Kids', percentOff: 50, category: 'Kids', startsAt, endsAt: startsAt + 60 * 60_000 },
        admin,
      )
      // The sale's creation itself drops the pages; kept again before it starts, they show no sale.
      expect((await page(productPath)).html).not.toContain('−50%')
      const kept = hits()
      expect((await page(productPath)).html).not.toContain('−50%')
      expect(hits()).toBe(kept + 1)
      // The sale clock's timer is set for the start, 1.5 s from now; the store's clock is then past it.
      store.services.catalog.sales.startSaleClock()
      clock.stopped = startsAt + 1
      // The clock crosses the boundary on its own: the kept page goes, and is drawn afresh at the sale price.
      const waitUntil = Date.now() + 10_000
      while (store.services.pageCache.stats().pages > 0 && Date.now() < waitUntil)
        await new Promise((r) => setTimeout(r, 50))
      expect(store.services.pageCache.stats().pages).toBe(0)
      expect((await page(productPath)).html).toContain('−50%')
    } finally {
      store.services.catalog.sales.stopSaleClock()
      clock.stopped = undefined
    }
  })
})

// Two instances over one PostgreSQL database, telling each other of changes through Redis (or
// PostgreSQL's own channel without it): a change on one drops the other's kept pages within a second.
const url = process.env.TEST_DATABASE_URL
const redisUrl = process.env.TEST_REDIS_URL

describe.runIf(pagesBuilt && databases.includes('postgres'))('guests’ pages across two instances', () => {
  let store: TestStore
  const instances: { services: Services; app: ReturnType<typeof createApp>; close(): Promise<void> }[] = []
  const silent = createLogger('silent')

  async function instance(schema: string, channel: string) {
    const connection = connect({ databaseUrl: url!, dataDir: 'data', pgSchema: schema })
    const changes = redisUrl
      ? redisChangeFeed({ url: redisUrl, channel, log: silent })
      : postgresChangeFeed({ db: connection.db, databaseUrl: url!, schema, log: silent })
    await changes.ready
    const services = createServices({
      db: connection.db,
      dialect: 'postgres',
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      logger: silent,
      changes,
    })
    const made = {
      services,
      app: createApp({ services, clientDir, pages: await productionPages() }),
      close: async () => {
        await services.close()
        await connection.close()
      },
    }
    instances.push(made)
    return made
  }

  beforeAll(async () => {
    store = await createTestStore('postgres')
  })
  afterAll(async () => {
    for (const i of instances) await i.close()
    await store.close()
  })

  it(`drops the other instance’s pages within a second (${redisUrl ? 'Redis' : 'PostgreSQL'})`, async () => {
    const channel = `kapra:test:${crypto.randomUUID()}`
    const one = await instance(store.connection.schema!, channel)
    const other = await instance(store.connection.schema!, channel)
    const html = async (i: typeof one, path: string) => (await i.app.request(`http://store.test${path}`)).text()
    for (const path of ['/productdetail/oxford-shirt', '/ur/collection?category=Men']) {
      await html(other, path)
      expect(await html(other, path)).toContain('2,499')
    }
    const keptBefore = other.services.pageCache.stats()
    expect(keptBefore.pages).toBeGreaterThanOrEqual(2)

    const admin = await one.services.auth.createAdmin({ ...newAccount(), password: 'keys to the shop 2026' })
    const product = await one.services.admin.product('oxford-shirt')
    await one.services.admin.saveProduct('oxford-shirt', editOf(product, { price: 1999 }), {}, admin)
    const changedAt = Date.now()
    while (other.services.pageCache.stats().pages > 0 && Date.now() - changedAt < 1_000)
      await new Promise((r) => setTimeout(r, 20))
    expect(other.services.pageCache.stats().pages).toBe(0)
    expect(await html(other, '/productdetail/oxford-shirt')).toContain('1,999')
    expect(await html(other, '/ur/collection?category=Men')).toContain('1,999')
  })
})

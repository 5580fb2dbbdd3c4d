import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestStore, databases, defaultCatalog, type TestStore } from '#tests/api/harness.ts'

// /robots.txt and /sitemap.xml: every public page and every product on sale, in English and
// Urdu, each naming its twin; archived products left out; files of at most 50,000 addresses.

const ORIGIN = 'https://shop.example'

/** The <loc>s of a sitemap file, in order. */
const locs = (xml: string) => [...xml.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)

describe.each(databases)('robots.txt and the sitemap (%s)', (kind) => {
  let store: TestStore
  beforeAll(async () => {
    store = await createTestStore(kind, { env: { PUBLIC_URL: `${ORIGIN}/` } })
  })
  afterAll(() => store.close())

  const get = async (path: string) => {
    const res = await store.fetch(path)
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() }
  }

  it('robots.txt keeps crawlers out of personal pages and the console, and names the sitemap', async () => {
    const robots = await get('/robots.txt')
    expect(robots.status).toBe(200)
    expect(robots.type).toMatch(/^text\/plain/)
    const disallowed = robots.text.match(/^Disallow: .+$/gm)!.map((l) => l.slice('Disallow: '.length))
    for (const p of ['/admin', '/account', '/cart', '/placeorder', '/order', '/track'])
      expect(disallowed, p).toContain(p)
    for (const p of ['/ur/account', '/ur/cart', '/ur/placeorder', '/ur/order']) expect(disallowed, p).toContain(p)
    expect(disallowed.some((p) => p === '/' || p.startsWith('/collection') || p.startsWith('/productdetail'))).toBe(
      false,
    )
    expect(robots.text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`)
  })

  it('lists every page and every product on sale in both languages, with when each product changed', async () => {
    const index = await get('/sitemap.xml')
    expect(index.status).toBe(200)
    expect(index.type).toBe('application/xml; charset=utf-8')
    expect([...index.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      `${ORIGIN}/sitemaps/pages.xml`,
      `${ORIGIN}/sitemaps/products-1.xml`,
    ])

    const pages = locs((await get('/sitemaps/pages.xml')).text)
    expect(pages).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/`,
        `${ORIGIN}/ur`,
        `${ORIGIN}/collection`,
        `${ORIGIN}/ur/collection?category=Kids`,
        `${ORIGIN}/about`,
        `${ORIGIN}/ur/contact`,
      ]),
    )
    expect((await get('/sitemaps/pages.xml')).text).toContain(`${ORIGIN}/collection?category=Men&amp;`.slice(0, -5))

    const products = await get('/sitemaps/products-1.xml')
    expect(products.status).toBe(200)
    expect(locs(products.text).toSorted()).toEqual(
      defaultCatalog
        .flatMap((p) => [`${ORIGIN}/productdetail/${p.id}`, `${ORIGIN}/ur/productdetail/${p.id}`])
        .toSorted(),
    )
    const shirt = await store.services.catalog.stored('oxford-shirt')
    const entry = products.text.split('\n').find((l) => l.includes(`<loc>${ORIGIN}/ur/productdetail/oxford-shirt<`))!
    expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${ORIGIN}/productdetail/oxford-shirt"/>`)
    expect(entry).toContain(
      `<xhtml:link rel="alternate" hreflang="ur" href="${ORIGIN}/ur/productdetail/oxford-shirt"/>`,
    )
    expect(entry).toContain(`hreflang="x-default" href="${ORIGIN}/productdetail/oxford-shirt"`)
    const lastmod = /<lastmod>([^<]+)<\/lastmod>/.exec(entry)![1]!
    expect(Math.abs(Date.parse(lastmod) - (await updatedAt('oxford-shirt')))).toBeLessThan(1000)
    expect(shirt).toBeDefined()

    expect((await get('/sitemaps/products-2.xml')).status).toBe(404)
    expect((await get('/sitemaps/products-0.xml')).status).toBe(404)
  })

  it('leaves an archived product out, and lists it again when it is back', async () => {
    const archive = (on: boolean) =>
      store.connection.db.transaction().execute((trx) => store.services.catalog.setArchived(trx, 'kids-hoodie', on))
    await archive(true)
    expect(locs((await get('/sitemaps/products-1.xml')).text).filter((l) => l.includes('kids-hoodie'))).toEqual([])
    await archive(false)
    expect(locs((await get('/sitemaps/products-1.xml')).text).filter((l) => l.includes('kids-hoodie'))).toHaveLength(2)
  })

  async function updatedAt(id: string): Promise<number> {
    const row = await store.connection.db
      .selectFrom('products')
      .select('updated_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    return Number(row.updated_at)
  }
})

describe.each(databases)('a sitemap of more than 25,000 products (%s)', (kind) => {
  let store: TestStore
  beforeAll(async () => {
    store = await createTestStore(kind, { catalog: [], env: { PUBLIC_URL: ORIGIN } })
    // Bare rows are enough for addresses, and far quicker to write than whole products.
    await sql`insert into products (id, name, description, price, category, sub_category,
        image1, image2, image3, image4, best_seller, position, created_at, updated_at, name_search)
      with recursive n(i) as (select 1 union all select i + 1 from n where i < 25003)
      select 'bulk-' || i, 'Bulk Shirt ' || i, 'A shirt.', 1000, 'Men', 'TopWear',
        'a', 'b', 'c', 'd', 0, i, 0, 0, 'bulk shirt' from n`.execute(store.connection.db)
  })
  afterAll(() => store.close())

  it('splits into files of 50,000 addresses, each product in exactly one', async () => {
    const index = await (await store.fetch('/sitemap.xml')).text()
    expect(index).toContain(`${ORIGIN}/sitemaps/products-2.xml`)
    expect(index).not.toContain('products-3.xml')
    const first = locs(await (await store.fetch('/sitemaps/products-1.xml')).text())
    const second = locs(await (await store.fetch('/sitemaps/products-2.xml')).text())
    expect(first).toHaveLength(50_000)
    expect(second).toHaveLength(6)
    const ids = new Set([...first, ...second].map((l) => l.replace(`${ORIGIN}/ur/`, `${ORIGIN}/`)))
    expect(ids.size).toBe(25_003)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type createApp } from '#server/app.ts'
import { databases } from '#tests/api/harness.ts'
import { ADMIN_PASSWORD, pkt, storeWithClock } from '#tests/api/admin-console.ts'
import { appWithPages, pagesBuilt } from '#tests/api/pages.ts'
import { newAccount } from '#tests/support/factories.ts'

// Sale prices on the built pages (docs/decisions/025): the console's sale form as a
// browser without scripts posts it (Pakistan time in, instants stored), and the store's
// pages with the old price struck through, the "On sale" choice and JSON-LD's
// priceValidUntil, in English and Urdu.

describe.runIf(pagesBuilt).each(databases)('sale prices on the pages (%s)', (kind) => {
  let setup: Awaited<ReturnType<typeof storeWithClock>>
  let app: ReturnType<typeof createApp>
  let cookie: string
  const ip = '10.79.0.1'

  beforeAll(async () => {
    setup = await storeWithClock(kind, pkt('2026-11-26', '12:00'))
    app = await appWithPages(setup.store)
    const email = newAccount().email
    await setup.store.services.auth.createAdmin({ name: 'Store Admin', email, password: ADMIN_PASSWORD })
    const admin = setup.store.client(ip)
    expect((await admin.post('/api/auth/login', { email, password: ADMIN_PASSWORD })).status).toBe(200)
    cookie = admin.cookie!
  })
  afterAll(() => setup.store.close())

  const page = async (url: string) => {
    const res = await app.request(`http://store.test${url}`, { headers: { cookie, 'x-forwarded-for': ip } })
    expect(res.status, url).toBe(200)
    // (React marks where two texts meet.)
    return (await res.text()).replace(/<!-- -->/g, '')
  }
  const post = (url: string, fields: Record<string, string>) =>
    app.request(`http://store.test${url}`, {
      method: 'POST',
      headers: { cookie, 'x-forwarded-for': ip, origin: 'http://store.test' },
      body: new URLSearchParams(fields),
    })
  const form = {
    name: 'Men’s Eid sale',
    percentOff: '20',
    scope: 'group',
    category: 'Men',
    subCategory: '',
    productIds: '',
    startsAt: '2026-12-01T00:00',
    endsAt: '2026-12-08T00:00',
  }

  it('refuses a bad sale form with its message and the form as typed, saving nothing', async () => {
    for (const [change, message] of [
      [{ percentOff: '95' }, 'percentOff must be at most 90'],
      [{ endsAt: '2026-11-30T23:00' }, 'endsAt must be after startsAt'],
      [{ startsAt: 'soon' }, 'The start must be a date and time'],
      [{ category: '' }, 'Choose a category, a sub-category or both'],
    ] as const) {
      const res = await post('/admin/sales/new', { ...form, ...change })
      expect(res.status).toBe(400)
      const html = await res.text()
      expect(html).toContain(message)
      expect(html).toContain('value="Men’s Eid sale"')
    }
    expect((await setup.store.services.admin.sales(1)).total).toBe(0)
  })

  it('saves a sale from the plain form in Pakistan time; the store strikes the old price through while it runs', async () => {
    const res = await post('/admin/sales/new', form)
    expect(res.status).toBe(302)
    const [sale] = (await setup.store.services.admin.sales(1)).items
    expect(res.headers.get('location')).toBe(`/admin/sales/${sale!.id}?saved`)
    expect(sale).toMatchObject({
      scope: 'category',
      category: 'Men',
      startsAt: '2026-11-30T19:00:00.000Z',
      endsAt: '2026-12-07T19:00:00.000Z',
    })
    expect(await page('/admin/sales')).toContain('Men · 2026-12-01 00:00 – 2026-12-08 00:00 PKT')

    setup.clock.t = pkt('2026-12-02', '10:00')
    const product = await page('/productdetail/oxford-shirt')
    expect(product).toMatch(/Rs 1,999<\/span><s [^>]*><span class="sr-only">Was Rs 2,499<\/span>/)
    expect(product).toContain('−20%')
    expect(product).toContain('"priceValidUntil":"2026-12-07"')
    expect(await page('/ur/productdetail/oxford-shirt')).toContain('پہلے Rs 2,499')
    const collection = await page('/collection?sale=1')
    expect(collection).toMatch(/<input[^>]*name="sale" checked="" value="1"/)
    // Its count: the two Men products on sale.
    expect(collection).toMatch(/>On sale<\/span><\/label><span [^>]*>2</)
    expect(collection).toContain('Was Rs 3,499')
    expect(collection).not.toContain('Kids Hoodie')

    // Ended from the list's button, without scripts.
    const ended = await post(`/admin/sales/${sale!.id}`, { intent: 'end' })
    expect(ended.status).toBe(302)
    expect(ended.headers.get('location')).toBe(`/admin/sales/${sale!.id}?ended`)
    const after = await page('/productdetail/oxford-shirt')
    expect(after).not.toContain('Was Rs')
    expect(after).not.toContain('priceValidUntil')
  })
})

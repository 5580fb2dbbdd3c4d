import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WISHLIST_MAX, type Wishlist } from '#contracts/wishlist.ts'
import { createTestStore, databases, signedInClient, signedInAdmin, type TestStore } from '#tests/api/harness.ts'
import { appWithPages, pagesBuilt } from '#tests/api/pages.ts'

// The wishlist (server/wishlist): a signed-in shopper's hearts, newest first; a guest's,
// kept in the browser, joining the account at sign-in. On each database.

async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text()
  expect(res.status, text).toBe(status)
  return JSON.parse(text) as T
}

describe.each(databases)('the wishlist (%s)', (kind) => {
  let store: TestStore
  let address = 10
  beforeAll(async () => {
    store = await createTestStore(kind)
  })
  afterAll(() => store.close())
  const shopper = () => signedInClient(store, `10.80.0.${address++}`)

  it('is for signed-in shoppers', async () => {
    const guest = store.client()
    expect((await guest.get('/api/wishlist')).status).toBe(401)
    expect((await guest.post('/api/wishlist', { productId: 'oxford-shirt', on: true })).status).toBe(401)
    expect((await guest.post('/api/wishlist/merge', { productIds: ['oxford-shirt'] })).status).toBe(401)
  })

  it('keeps hearts newest first, once each, with each product and its sizes', async () => {
    const { client } = await shopper()
    expect(await json(await client.post('/api/wishlist', { productId: 'oxford-shirt', on: true }))).toEqual({
      ids: ['oxford-shirt'],
    })
    await json(await client.post('/api/wishlist', { productId: 'kids-hoodie', on: true }))
    expect(await json(await client.post('/api/wishlist', { productId: 'oxford-shirt', on: true }))).toEqual({
      ids: ['kids-hoodie', 'oxford-shirt'],
    })
    const list = await json<Wishlist>(await client.get('/api/wishlist'))
    expect(list.ids).toEqual(['kids-hoodie', 'oxford-shirt'])
    expect(list.items.map((p) => [p._id, p.sizes])).toEqual([
      ['kids-hoodie', ['4-5Y', '6-7Y']],
      ['oxford-shirt', ['S', 'M', 'L', 'XL']],
    ])
    expect(await json(await client.post('/api/wishlist', { productId: 'kids-hoodie', on: false }))).toEqual({
      ids: ['oxford-shirt'],
    })
    // Off for one not kept changes nothing.
    expect(await json(await client.post('/api/wishlist', { productId: 'denim-jeans', on: false }))).toEqual({
      ids: ['oxford-shirt'],
    })
  })

  it('refuses an unknown product or a bad body, keeping nothing', async () => {
    const { client } = await shopper()
    expect((await client.post('/api/wishlist', { productId: 'no-such', on: true })).status).toBe(404)
    expect((await client.post('/api/wishlist', { productId: 'oxford-shirt' })).status).toBe(400)
    expect((await client.post('/api/wishlist', { productId: 'oxford-shirt', on: 'yes' })).status).toBe(400)
    expect((await client.post('/api/wishlist/merge', { productIds: 'oxford-shirt' })).status).toBe(400)
    expect(
      (await client.post('/api/wishlist/merge', { productIds: Array.from({ length: WISHLIST_MAX + 1 }, () => 'x') }))
        .status,
    ).toBe(400)
    expect((await json<Wishlist>(await client.get('/api/wishlist'))).ids).toEqual([])
  })

  it("merges a guest's hearts at sign-in: known products once, the browser's newest first, the account's after", async () => {
    const { client } = await shopper()
    await json(await client.post('/api/wishlist', { productId: 'denim-jeans', on: true }))
    const merged = await json<{ ids: string[] }>(
      await client.post('/api/wishlist/merge', {
        productIds: ['kids-hoodie', 'no-such', 'oxford-shirt', 'denim-jeans', 'kids-hoodie'],
      }),
    )
    expect(merged.ids).toEqual(['kids-hoodie', 'oxford-shirt', 'denim-jeans'])
    // Merging again changes nothing.
    expect(await json(await client.post('/api/wishlist/merge', { productIds: ['oxford-shirt'] }))).toEqual(merged)
  })

  it('hides a product taken off sale, and shows it again when it is back', async () => {
    const { client } = await shopper()
    await json(await client.post('/api/wishlist', { productId: 'denim-jeans', on: true }))
    const admin = (await signedInAdmin(store, '10.80.1.1')).client
    expect((await admin.post('/api/admin/products/denim-jeans/archive', { archived: true })).status).toBe(200)
    expect((await json<Wishlist>(await client.get('/api/wishlist'))).items).toEqual([])
    expect((await admin.post('/api/admin/products/denim-jeans/archive', { archived: false })).status).toBe(200)
    expect((await json<Wishlist>(await client.get('/api/wishlist'))).items.map((p) => p._id)).toEqual(['denim-jeans'])
  })
})

describe.runIf(pagesBuilt).each(databases)('the wishlist without scripts (%s)', (kind) => {
  const ORIGIN = 'http://store.test'
  let store: TestStore
  let app: Awaited<ReturnType<typeof appWithPages>>
  beforeAll(async () => {
    store = await createTestStore(kind)
    app = await appWithPages(store)
  })
  afterAll(() => store.close())
  const page = (path: string, cookie = '') => app.request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} })
  const post = (path: string, cookie: string, fields: Record<string, string>) =>
    app.request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { cookie, origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    })

  it('keeps a heart from a card, lists it in both languages and moves it to the cart with a size', async () => {
    // A guest is asked to sign in, and comes back where they were.
    const guest = await post('/wishlist', '', {
      intent: 'heart',
      productId: 'oxford-shirt',
      on: '1',
      redirectTo: '/collection?category=Men',
    })
    expect(guest.status).toBe(302)
    expect(guest.headers.get('location')).toBe(`/login?redirectTo=${encodeURIComponent('/collection?category=Men')}`)
    expect(await (await page('/wishlist')).text()).toContain('Your wishlist')

    const { client } = await signedInClient(store, '10.80.2.1')
    const session = client.cookie!
    const collection = await (await page('/collection', session)).text()
    expect(collection).toContain('Keep Men Oxford Shirt on your wishlist')
    const hearted = await post('/wishlist', session, {
      intent: 'heart',
      productId: 'oxford-shirt',
      on: '1',
      redirectTo: '/collection',
    })
    expect(hearted.headers.get('location')).toBe('/collection')
    expect(await (await page('/collection', session)).text()).toMatch(
      /aria-pressed="true" aria-label="Keep Men Oxford Shirt on your wishlist"/,
    )
    const list = await (await page('/wishlist', session)).text()
    expect(list).toContain('Men Oxford Shirt')
    expect(list).toContain('Move to cart')
    expect(await (await page('/ur/wishlist', session)).text()).toContain('کارٹ میں ڈالیں')

    const noSize = await post('/wishlist', session, { intent: 'move', productId: 'oxford-shirt', size: '' })
    expect(await noSize.text()).toContain('Choose a size')
    const moved = await post('/wishlist', session, { intent: 'move', productId: 'oxford-shirt', size: 'M' })
    expect(moved.headers.get('location')).toBe('/cart')
    expect((await (await client.post('/api/cart/get')).json()) as object).toEqual({ 'oxford-shirt': { M: 1 } })
    expect((await json<Wishlist>(await client.get('/api/wishlist'))).ids).toEqual([])
  })
})

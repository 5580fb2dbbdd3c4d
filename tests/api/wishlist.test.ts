import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WISHLIST_MAX, type Wishlist } from '#contracts/wishlist.ts'
import { createTestStore, databases, signedInClient, signedInAdmin, type TestStore } from '#tests/api/harness.ts'
import { appWithPages, pagesBuilt } from '#tests/api/pages.ts'
import { testAddress } from '#tests/support/factories.ts'
import { DELIVERY_FEE } from '#contracts/pricing.ts'

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
  const post = (path: string, cookie: string, fields: Record<string, string>, from?: string) =>
    app.request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: {
        cookie,
        origin: ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
        ...(from ? { referer: from } : {}),
      },
      body: new URLSearchParams(fields).toString(),
    })

  it('keeps a heart from a card, lists it in both languages and moves it to the cart with a size', async () => {
    // A guest is asked to sign in, and comes back where they were: the page the form was posted from.
    const guest = await post(
      '/wishlist',
      '',
      { intent: 'heart', productId: 'oxford-shirt', on: '1' },
      `${ORIGIN}/collection?category=Men`,
    )
    expect(guest.status).toBe(302)
    expect(guest.headers.get('location')).toBe(`/login?redirectTo=${encodeURIComponent('/collection?category=Men')}`)
    expect(await (await page('/wishlist')).text()).toContain('Your wishlist')

    const { client } = await signedInClient(store, '10.80.2.1')
    const session = client.cookie!
    const collection = await (await page('/collection', session)).text()
    expect(collection).toContain('Keep Men Oxford Shirt on your wishlist')
    const hearted = await post(
      '/wishlist',
      session,
      { intent: 'heart', productId: 'oxford-shirt', on: '1' },
      `${ORIGIN}/collection`,
    )
    expect(hearted.headers.get('location')).toBe('/collection')
    // From another site, or with no Referer, to the wishlist page.
    const elsewhere = await post(
      '/wishlist',
      session,
      { intent: 'heart', productId: 'oxford-shirt', on: '1' },
      'https://evil.example/collection',
    )
    expect(elsewhere.headers.get('location')).toBe('/wishlist')
    const bare = await post('/wishlist', session, { intent: 'heart', productId: 'oxford-shirt', on: '1' })
    expect(bare.headers.get('location')).toBe('/wishlist')
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

    // The emails, turned off and on again on the Account page.
    expect(await (await page('/account', session)).text()).toContain('These emails are on.')
    const off = await post('/account', session, { intent: 'wishlist-emails', on: '0' })
    expect(off.headers.get('location')).toBe('/account?done=wishlistEmails#wishlist-emails')
    expect(await (await page('/account', session)).text()).toContain('These emails are off.')
    expect((await json<Wishlist>(await client.get('/api/wishlist'))).emails).toBe(false)
    await post('/ur/account', session, { intent: 'wishlist-emails', on: '1' })
    expect(await (await page('/ur/account', session)).text()).toContain('یہ ای میلز چالو ہیں۔')
  })
})

describe.each(databases)("the wishlist's emails (%s)", (kind) => {
  let store: TestStore
  let admin: Awaited<ReturnType<typeof signedInAdmin>>['client']
  let adminUser: Awaited<ReturnType<typeof signedInAdmin>>['user']
  beforeAll(async () => {
    store = await createTestStore(kind)
    ;({ client: admin, user: adminUser } = await signedInAdmin(store, '10.80.3.1'))
  })
  afterAll(() => store.close())

  const outbox = (kind: string) =>
    store.connection.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'text_body'])
      .where('kind', '=', kind)
      .orderBy('created_at')
      .execute()
  const setStock = async (productId: string, size: string, stock: number) => {
    const opened = (await store.services.catalog.stored(productId))?.sizes.find((s) => s.size === size)?.stock ?? 0
    const res = await admin.post(`/api/admin/products/${productId}/stock`, { size, stock, opened })
    expect(res.status, await res.clone().text()).toBe(200)
  }

  it('mails a keeper once when a size sold out when they kept it is back, and not one who turned them off', async () => {
    await setStock('oxford-shirt', 'S', 0)
    const ayesha = await signedInClient(store, '10.80.3.2')
    const bilal = await signedInClient(store, '10.80.3.3')
    await json(await ayesha.client.post('/api/wishlist', { productId: 'oxford-shirt', on: true }))
    await json(await bilal.client.post('/api/wishlist', { productId: 'oxford-shirt', on: true }))
    expect(await json(await bilal.client.post('/api/wishlist/emails', { on: false }))).toEqual({ emails: false })
    expect((await json<Wishlist>(await bilal.client.get('/api/wishlist'))).emails).toBe(false)
    // Another size's pieces moving tells nobody.
    await setStock('oxford-shirt', 'M', 3)
    expect(await outbox('wishlist-back')).toEqual([])

    await setStock('oxford-shirt', 'S', 2)
    const mailed = await outbox('wishlist-back')
    expect(mailed.map((m) => [m.to_address, m.subject])).toEqual([
      [ayesha.account.email, 'Back in stock: Men Oxford Shirt'],
    ])
    expect(mailed[0]!.text_body).toContain('is back in size S')
    // More pieces while it is in stock: nothing more.
    await setStock('oxford-shirt', 'S', 5)
    expect(await outbox('wishlist-back')).toHaveLength(1)
    // Sold out and back again: it came back once more, so once more.
    await setStock('oxford-shirt', 'S', 0)
    await setStock('oxford-shirt', 'S', 4)
    expect((await outbox('wishlist-back')).map((m) => m.to_address)).toEqual([
      ayesha.account.email,
      ayesha.account.email,
    ])

    // The console's product form setting a size to 0: awaited too, by the keeper who gets the emails.
    const shirt = await store.services.admin.product('oxford-shirt')
    const opened = Object.fromEntries(shirt.sizes.map((x) => [x.size, x.stock]))
    expect(opened.XL).toBeGreaterThan(0)
    await store.services.admin.saveProduct(
      'oxford-shirt',
      {
        name: shirt.name,
        description: shirt.description,
        price: shirt.price,
        category: shirt.category,
        subCategory: shirt.subCategory,
        sizeChart: shirt.sizeChart,
        bestSeller: shirt.bestSeller,
        sizes: shirt.sizes.map((x) => (x.size === 'XL' ? { size: 'XL', stock: 0 } : x)),
        openedStock: opened,
      },
      {},
      adminUser,
    )
    expect(
      await store.connection.db
        .selectFrom('wishlist_waits')
        .select('user_id')
        .where('product_id', '=', 'oxford-shirt')
        .where('size', '=', 'XL')
        .execute(),
    ).toEqual([{ user_id: ayesha.user._id }])
    await setStock('oxford-shirt', 'XL', 3)
    const last = (await outbox('wishlist-back')).at(-1)!
    expect([last.to_address, last.text_body.includes('is back in size XL')]).toEqual([ayesha.account.email, true])
    expect(await outbox('wishlist-back')).toHaveLength(3)
  })

  it('mails every keeper once when any size sells out later and comes back, by an order, a cancel or the console', async () => {
    const db = store.connection.db
    // Kept while every size is in stock.
    await setStock('kids-hoodie', '6-7Y', 1)
    await setStock('kids-hoodie', '4-5Y', 3)
    const hina = await signedInClient(store, '10.80.3.7')
    const omar = await signedInClient(store, '10.80.3.8')
    const quiet = await signedInClient(store, '10.80.3.9')
    for (const keeper of [hina, omar, quiet])
      await json(await keeper.client.post('/api/wishlist', { productId: 'kids-hoodie', on: true }))
    await json(await quiet.client.post('/api/wishlist/emails', { on: false }))
    const back = async () =>
      (await outbox('wishlist-back')).filter((m) => m.subject.includes('Hoodie')).map((m) => m.to_address)

    // A shopper's order takes the last 6-7Y: the keepers who get the emails await it, nobody else.
    const buyer = await signedInClient(store, '10.80.3.10')
    const price = (await store.services.catalog.get('kids-hoodie'))!.price
    await json(await buyer.client.post('/api/cart/update', { itemId: 'kids-hoodie', size: '6-7Y', quantity: 1 }))
    const placed = await buyer.client.post('/api/order/placeorder', {
      address: testAddress,
      items: [{ _id: 'kids-hoodie', size: '6-7Y', quantity: 1 }],
      amount: price + DELIVERY_FEE,
    })
    const { order } = await json<{ order: { _id: string } }>(placed, 201)
    const waits = () =>
      db
        .selectFrom('wishlist_waits')
        .select(['user_id', 'size'])
        .where('product_id', '=', 'kids-hoodie')
        .orderBy('user_id')
        .execute()
    expect(await waits()).toEqual([hina.user._id, omar.user._id].sort().map((user_id) => ({ user_id, size: '6-7Y' })))
    expect(await back()).toEqual([])

    // The order cancelled: the piece is back, each keeper hears once; the one who turned them off does not.
    await json(await buyer.client.post('/api/order/cancel', { orderId: order._id }))
    expect((await back()).sort()).toEqual([hina.account.email, omar.account.email].sort())
    expect(await waits()).toEqual([])
    const [first] = (await outbox('wishlist-back')).filter((m) => m.to_address === hina.account.email)
    expect(first!.text_body).toContain('is back in size 6-7Y')

    // The console sets 4-5Y to 0 and back: once more each; more pieces after that change nothing.
    await setStock('kids-hoodie', '4-5Y', 0)
    await setStock('kids-hoodie', '4-5Y', 2)
    await setStock('kids-hoodie', '4-5Y', 6)
    expect(await back()).toHaveLength(4)
    expect(
      (await outbox('wishlist-back')).filter((m) => m.to_address === omar.account.email).at(-1)!.text_body,
    ).toContain('is back in size 4-5Y')

    // Unkept before it comes back: not mailed.
    await setStock('kids-hoodie', '4-5Y', 0)
    await json(await omar.client.post('/api/wishlist', { productId: 'kids-hoodie', on: false }))
    await setStock('kids-hoodie', '4-5Y', 1)
    expect((await back()).filter((to) => to === omar.account.email)).toHaveLength(2)
    expect((await back()).filter((to) => to === hina.account.email)).toHaveLength(3)
  })

  it('mails each keeper once when two cancellations race to bring the last pieces of a size back', async () => {
    await setStock('kids-hoodie', '6-7Y', 2)
    const keepers = [await signedInClient(store, '10.80.3.20'), await signedInClient(store, '10.80.3.21')]
    for (const k of keepers) await json(await k.client.post('/api/wishlist', { productId: 'kids-hoodie', on: true }))
    const price = (await store.services.catalog.get('kids-hoodie'))!.price
    // Two shoppers take the two last pieces at once: the size sells out once.
    const buyers = [await signedInClient(store, '10.80.3.22'), await signedInClient(store, '10.80.3.23')]
    for (const b of buyers)
      await json(await b.client.post('/api/cart/update', { itemId: 'kids-hoodie', size: '6-7Y', quantity: 1 }))
    const placed = await Promise.all(
      buyers.map((b) =>
        b.client.post('/api/order/placeorder', {
          address: testAddress,
          items: [{ _id: 'kids-hoodie', size: '6-7Y', quantity: 1 }],
          amount: price + DELIVERY_FEE,
        }),
      ),
    )
    const orders = await Promise.all(placed.map((res) => json<{ order: { _id: string } }>(res, 201)))
    const mine = keepers.map((k) => k.account.email)
    const back = async () => (await outbox('wishlist-back')).map((m) => m.to_address).filter((to) => mine.includes(to))
    expect(await back()).toEqual([])
    // Both cancelled at once: the size comes back once, and each keeper hears once.
    const cancelled = await Promise.all(
      buyers.map((b, i) => b.client.post('/api/order/cancel', { orderId: orders[i]!.order._id })),
    )
    for (const res of cancelled) expect(res.status).toBe(200)
    expect((await back()).sort()).toEqual(mine.sort())
  })

  it('mails a keeper once when a kept product goes on sale, never for the sale it was kept in', async () => {
    const sana = await signedInClient(store, '10.80.3.4')
    const zara = await signedInClient(store, '10.80.3.5')
    await json(await sana.client.post('/api/wishlist', { productId: 'denim-jeans', on: true }))
    await json(await zara.client.post('/api/wishlist', { productId: 'denim-jeans', on: true }))
    await json(await zara.client.post('/api/wishlist/emails', { on: false }))
    const sale = await admin.post('/api/admin/sales', {
      name: 'Winter',
      percentOff: 20,
      category: 'Men',
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 7 * 24 * 3600_000).toISOString(),
    })
    expect(sale.status, await sale.clone().text()).toBe(201)
    await store.services.catalog.get('denim-jeans')
    const jeans = async () => (await outbox('wishlist-sale')).filter((m) => m.subject.includes('Denim'))
    await expect.poll(async () => (await jeans()).map((m) => m.to_address)).toEqual([sana.account.email])
    // The shirt kept in the test before is on sale too (a Men's piece): its keeper hears of it.
    expect((await outbox('wishlist-sale')).map((m) => m.subject).sort()).toEqual([
      'On sale now: Men Denim Jeans',
      'On sale now: Men Oxford Shirt',
    ])
    const [mail] = await jeans()
    expect(mail!.subject).toBe('On sale now: Men Denim Jeans')
    expect(mail!.text_body).toContain('(was Rs 3,499)')
    // Asked again, nothing more; a keeper who kept it during the sale is not told of it.
    expect(await store.services.wishlist.mailSales()).toBe(0)
    const late = await signedInClient(store, '10.80.3.6')
    await json(await late.client.post('/api/wishlist', { productId: 'denim-jeans', on: true }))
    expect(await store.services.wishlist.mailSales()).toBe(0)
    expect(await jeans()).toHaveLength(1)
  })
})

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { createApp } from '#server/app.ts'
import { createTestStore, databases, signedInClient, type TestStore } from '#tests/api/harness.ts'
import { appWithPages, pagesBuilt } from '#tests/api/pages.ts'

// The cart and checkout pages read the shopper's cart lines once a page: the root's loader
// (the header's count) and the page's share one read (app/lib/cart/page-cart-lines.server.ts).

const ORIGIN = 'http://store.test'

describe.runIf(pagesBuilt).each(databases)("a page's cart, read once (%s)", (kind) => {
  let store: TestStore
  let app: Awaited<ReturnType<typeof createApp>>
  beforeAll(async () => {
    store = await createTestStore(kind)
    app = await appWithPages(store)
  })
  afterAll(() => store.close())

  const page = (path: string, cookie: string) => app.request(`${ORIGIN}${path}`, { headers: { cookie } })

  it('the cart and checkout read the lines once, and both the header and the page show them', async () => {
    const { client } = await signedInClient(store)
    expect((await client.post('/api/cart/update', { itemId: 'oxford-shirt', size: 'M', quantity: 2 })).status).toBe(200)
    // Every read of the cart's lines, as the database is asked it.
    const asked = vi.spyOn(store.connection.db, 'executeQuery')
    const cartReads = () => asked.mock.calls.filter(([q]) => 'sql' in q && /from "cart_items"/.test(q.sql)).length
    try {
      for (const path of ['/cart', '/placeorder', '/ur/cart']) {
        asked.mockClear()
        const res = await page(path, client.cookie!)
        expect(res.status).toBe(200)
        const html = await res.text()
        expect(cartReads()).toBe(1)
        expect(html).toContain('Men Oxford Shirt')
        if (!path.startsWith('/ur')) expect(html).toContain('aria-label="Cart, 2 items"')
      }
    } finally {
      asked.mockRestore()
    }
  })

  it('after a quantity posted without scripts, the page and the header show the new cart', async () => {
    const { client } = await signedInClient(store)
    expect((await client.post('/api/cart/update', { itemId: 'oxford-shirt', size: 'L', quantity: 1 })).status).toBe(200)
    const posted = await app.request(`${ORIGIN}/cart`, {
      method: 'POST',
      headers: { cookie: client.cookie!, origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'update', itemId: 'oxford-shirt', size: 'L', quantity: '3' }).toString(),
    })
    expect(posted.status).toBe(302)
    const html = await (await page('/cart', client.cookie!)).text()
    expect(html).toContain('aria-label="Cart, 3 items"')
  })

  it('a line of a product archived since is dropped with a notice, and counted nowhere', async () => {
    const { client } = await signedInClient(store)
    expect((await client.post('/api/cart/update', { itemId: 'oxford-shirt', size: 'S', quantity: 1 })).status).toBe(200)
    expect((await client.post('/api/cart/update', { itemId: 'kids-hoodie', size: '4-5Y', quantity: 1 })).status).toBe(
      200,
    )
    await store.connection.db.updateTable('products').set({ archived: 1 }).where('id', '=', 'kids-hoodie').execute()
    try {
      const html = await (await page('/cart', client.cookie!)).text()
      expect(html).toContain('Kids Hoodie')
      expect(html).toContain('aria-label="Cart, 1 item"')
      const again = await (await page('/cart', client.cookie!)).text()
      expect(again).not.toContain('Kids Hoodie')
      expect(again).toContain('aria-label="Cart, 1 item"')
    } finally {
      await store.connection.db.updateTable('products').set({ archived: 0 }).where('id', '=', 'kids-hoodie').execute()
    }
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Order } from '#contracts/orders.ts'
import { formatPrice } from '#contracts/pricing.ts'
import type { createApp } from '#server/app.ts'
import { createTestStore, databases, signedInClient, type TestStore } from '#tests/api/harness.ts'
import { appWithPages, pagesBuilt } from '#tests/api/pages.ts'
import { testAddress } from '#tests/support/factories.ts'

// The cart's and checkout's discount code field before the app's scripts run
// (docs/decisions/026): plain form posts to the page's action, the code kept in a cookie
// and sent with the order, a refusal's reason in the page's language, and the
// free-delivery note from FREE_DELIVERY_OVER.

const ORIGIN = 'http://store.test'
const SHIRT = { _id: 'oxford-shirt', size: 'M', quantity: 1 } // Rs 2,499

describe.runIf(pagesBuilt).each(databases)('the discount code field without scripts (%s)', (kind) => {
  let store: TestStore
  let app: Awaited<ReturnType<typeof createApp>>
  beforeAll(async () => {
    store = await createTestStore(kind, { env: { FREE_DELIVERY_OVER: '10000' } })
    app = await appWithPages(store)
    await store.services.discounts.create(store.connection.db, { code: 'TENOFF', kind: 'percent', value: 10 })
  })
  afterAll(() => store.close())

  const page = (path: string, cookie: string) => app.request(`${ORIGIN}${path}`, { headers: { cookie } })
  const post = (path: string, cookie: string, fields: Record<string, string>) =>
    app.request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { cookie, origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    })

  it('applies a code, says why another is refused, and places the order with it', async () => {
    const { client } = await signedInClient(store)
    expect((await client.post('/api/cart/update', { itemId: 'oxford-shirt', size: 'M', quantity: 1 })).status).toBe(200)
    const session = client.cookie!

    const cart = await (await page('/cart', session)).text()
    expect(cart).toContain('Have a discount code?')
    expect(cart).toContain(`Add ${formatPrice(10000 - 2499)} more for free delivery`)

    const refused = await post('/cart', session, { intent: 'applyDiscount', code: 'nope' })
    expect(refused.status).toBe(200)
    expect(await refused.text()).toContain('This code was not found. Please check it and try again.')
    const refusedUrdu = await post('/ur/cart', session, { intent: 'applyDiscount', code: 'nope' })
    expect(await refusedUrdu.text()).toContain('یہ کوڈ نہیں ملا۔')

    const applied = await post('/cart', session, { intent: 'applyDiscount', code: 'tenoff' })
    expect(applied.status).toBe(302)
    const kept = /kapra_discount=([^;]*)/.exec(applied.headers.get('set-cookie') ?? '')?.[1]
    expect(kept).toBe('TENOFF')
    const both = `${session}; kapra_discount=${kept}`
    const withCode = await (await page('/cart', both)).text()
    expect(withCode).toContain('TENOFF')
    expect(withCode).toContain(formatPrice(2499 + 50 - 250))
    expect(await (await page('/ur/cart', both)).text()).toContain('کوڈ لگ گیا')

    const placed = await post('/placeorder', both, {
      ...Object.fromEntries(Object.entries(testAddress)),
      items: JSON.stringify([SHIRT]),
      amount: String(2499 + 50 - 250),
      // The checkout's form carries the code it showed applied.
      discountCode: 'TENOFF',
    })
    expect(placed.status).toBe(302)
    expect(placed.headers.get('set-cookie')).toMatch(/kapra_discount=;/)
    const orders = (await (await client.post('/api/order/userorder')).json()) as Order[]
    expect(orders.at(-1)).toMatchObject({ discountCode: 'TENOFF', discount: 250, amount: 2299 })
    const orderPage = await (await page(`/order/${orders.at(-1)!._id}`, session)).text()
    expect(orderPage).toContain('TENOFF')
    const myOrders = (await (await page('/ur/order', session)).text()).replaceAll('<!-- -->', '')
    expect(myOrders).toContain('ڈسکاؤنٹ کوڈ:')
    expect(myOrders).toContain('TENOFF')
    // The packing slip: what the courier collects is the discounted total.
    const password = 'keys to the shop 2026'
    await store.services.auth.createAdmin({ name: 'Hina Owner', email: `owner-${kind}@example.com`, password })
    const owner = store.client('203.0.113.77')
    expect((await owner.post('/api/auth/login', { email: `owner-${kind}@example.com`, password })).status).toBe(200)
    const slip = (await (await page(`/admin/orders/${orders.at(-1)!._id}`, owner.cookie!)).text()).replaceAll(
      '<!-- -->',
      '',
    )
    expect(slip).toContain('Cash to collect')
    expect(slip).toContain('Discount <bdi>(TENOFF)</bdi>')
    expect(slip).toContain(formatPrice(2299))

    // /about says the store's delivery settings.
    const about = (await (await page('/about', session)).text()).replaceAll('<!-- -->', '')
    expect(about).toContain('Delivery is free on orders of <bdi>Rs 10,000</bdi> or more.')

    // A kept code that no longer works says why, and can be removed.
    await store.services.discounts.create(store.connection.db, {
      code: 'GONE',
      kind: 'fixed',
      value: 50,
      endsAt: Date.now() - 1000,
    })
    expect((await client.post('/api/cart/update', { itemId: 'oxford-shirt', size: 'M', quantity: 1 })).status).toBe(200)
    const stale = await (await page('/placeorder', `${session}; kapra_discount=GONE`)).text()
    expect(stale).toContain('This code has expired.')
    expect(stale).toContain('Remove GONE')
    expect(stale).not.toContain('name="discountCode"')

    // The remove control forgets the code.
    const removed = await post('/cart', both, { intent: 'removeDiscount' })
    expect(removed.status).toBe(302)
    expect(removed.headers.get('set-cookie')).toMatch(/kapra_discount=;/)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Order } from '#contracts/orders.ts'
import { DELIVERY_FEE } from '#contracts/pricing.ts'
import type { createApp } from '#server/app.ts'
import {
  createTestStore,
  databases,
  signedInAdmin,
  signedInClient,
  type TestClient,
  type TestStore,
} from '#tests/api/harness.ts'
import { appWithPages, pagesBuilt } from '#tests/api/pages.ts'
import { testAddress } from '#tests/support/factories.ts'

// Exchanges and returns on the pages before the app's scripts run (docs/decisions/036): the
// order page's plain multipart form and its refusals in the page's language, the console's
// decision as a plain form; and every policy text saying RETURN_DAYS (here 10), never a
// fixed 7, in both languages and in the Delivered email. On each database.

const ORIGIN = 'http://store.test'

describe.runIf(pagesBuilt).each(databases)('exchanges and returns on the pages (%s)', (kind) => {
  let store: TestStore
  let app: Awaited<ReturnType<typeof createApp>>
  let admin: TestClient
  beforeAll(async () => {
    store = await createTestStore(kind, { env: { RETURN_DAYS: '10' } })
    app = await appWithPages(store)
    admin = (await signedInAdmin(store, '10.92.0.2')).client
  })
  afterAll(() => store.close())

  const page = (path: string, cookie = '') => app.request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} })
  const post = (path: string, cookie: string, body: FormData | URLSearchParams) =>
    app.request(`${ORIGIN}${path}`, { method: 'POST', headers: { cookie, origin: ORIGIN }, body })

  async function delivered(address: string) {
    const shopper = await signedInClient(store, address)
    await shopper.client.post('/api/cart/update', { itemId: 'oxford-shirt', size: 'M', quantity: 2 })
    const res = await shopper.client.post('/api/order/placeorder', {
      address: testAddress,
      items: [{ _id: 'oxford-shirt', size: 'M', quantity: 2 }],
      amount: 2499 * 2 + DELIVERY_FEE,
    })
    const { order } = (await res.json()) as { order: Order }
    for (const to of ['Confirmed', 'Packing', 'Shipped', 'Delivered'] as const)
      await store.services.orders.advance(
        order._id,
        to,
        to === 'Shipped' ? { courier: 'TCS', trackingNumber: 'T' } : {},
      )
    return { cookie: shopper.client.cookie!, order }
  }

  const requestForm = (fields: Record<string, string>) => {
    const form = new FormData()
    form.set('intent', 'request')
    for (const [k, v] of Object.entries(fields)) form.set(k, v)
    form.set('photos', new Blob([]), '')
    return form
  }

  it('says RETURN_DAYS in every policy text, in both languages and in the Delivered email', async () => {
    const home = await (await page('/')).text()
    expect(home).toContain('10 Days Return Policy')
    expect(home).toContain('We provide 10 days free return policy')
    expect(await (await page('/ur')).text()).toContain('10 دن کے اندر مفت واپسی کی سہولت')
    expect(await (await page('/productdetail/oxford-shirt')).text()).toContain(
      'Easy Return And Exchange Policy Within 10 Days.',
    )
    expect(await (await page('/ur/productdetail/oxford-shirt')).text()).toContain(
      '10 دن کے اندر آسان واپسی اور تبدیلی۔',
    )
    expect(await (await page('/about')).text()).toContain('Within 10 days of delivery, ask for an exchange or a return')
    expect(await (await page('/login')).text()).toContain('Easy return and exchange within 10 days')
    for (const path of ['/', '/ur', '/about', '/productdetail/oxford-shirt', '/login'])
      expect(await (await page(path)).text()).not.toMatch(/\b7 days|\b7 Days|7 دن/)
    await store.connection.db.deleteFrom('mail_outbox').execute()
    await delivered('10.92.0.3')
    const mail = await store.connection.db.selectFrom('mail_outbox').select(['subject', 'text_body']).execute()
    expect(mail.find((m) => /was delivered/.test(m.subject))?.text_body).toContain(
      'Returns and exchanges are easy within 10 days',
    )
  })

  it('takes a request from the order page as a plain form, refusing in the page’s language with what was typed', async () => {
    const { cookie, order } = await delivered('10.92.0.4')
    const html = await (await page(`/order/${order._id}`, cookie)).text()
    expect(html).toContain('Exchange or return')
    expect(html).toMatch(/enctype="multipart\/form-data"/i)
    expect(html).toContain('name="quantity.0"')

    // No size for an exchange: the Urdu page says so and keeps the note.
    const missing = requestForm({
      kind: 'exchange',
      'quantity.0': '1',
      'newSize.0': '',
      reason: 'size',
      note: 'Tang hai',
    })
    const refused = await post(`/ur/order/${order._id}`, cookie, missing)
    expect(refused.status).toBe(200)
    const refusedHtml = await refused.text()
    expect(refusedHtml).toContain('بدلے میں جو سائز چاہیے وہ چنیں')
    expect(refusedHtml).toContain('Tang hai')

    const sent = await post(
      `/order/${order._id}`,
      cookie,
      requestForm({ kind: 'exchange', 'quantity.0': '1', 'newSize.0': 'L', reason: 'size', note: '' }),
    )
    expect(sent.status).toBe(302)
    expect(sent.headers.get('location')).toBe(`/order/${order._id}?done=request`)
    const after = await (await page(`/order/${order._id}?done=request`, cookie)).text()
    expect(after).toContain('Your request is sent. We will answer by email.')
    expect(after).toContain('Your exchange')
    expect(after).not.toContain('name="quantity.0"')

    // The console's list and decision, as plain forms.
    const list = await (await page('/admin/requests', admin.cookie)).text()
    const id = /name="requestId" value="([^"]+)"/.exec(list)?.[1]
    expect(id).toBeDefined()
    const decided = await post(
      '/admin/requests?status=open',
      admin.cookie!,
      new URLSearchParams({ requestId: id!, intent: 'approve', note: 'Sending L' }),
    )
    expect(decided.status).toBe(302)
    const approved = await (await page('/admin/requests?status=approved', admin.cookie)).text()
    expect(approved).toContain('Store&#x27;s note: Sending L')
    const received = await post(
      '/admin/requests?status=approved',
      admin.cookie!,
      new URLSearchParams({ requestId: id!, intent: 'received' }),
    )
    expect(received.status).toBe(302)
    const urdu = await (await page(`/ur/order/${order._id}`, cookie)).text()
    expect(urdu).toContain('مکمل: آپ کی پرانی چیزیں ہمیں واپس مل گئی ہیں۔')
  })
})

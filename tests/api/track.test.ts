import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Order } from '#contracts/orders.ts'
import type { TrackedOrder } from '#contracts/track.ts'
import { loadConfig } from '#server/config.ts'
import { createTestStore, databases, signedInAdmin, type TestClient, type TestStore } from '#tests/api/harness.ts'
import { newAccount, testAddress } from '#tests/support/factories.ts'
import { appWithPages, pagesBuilt } from '#tests/api/pages.ts'

// One phone rule everywhere (contracts/phone.ts), the courier's tracking page on every
// order (contracts/couriers.ts), and /track: an order found by its number and phone without
// signing in, never showing who or where, limited per client. On each database, on a fake clock.

const FEE = 50
const HOUR = 60 * 60_000
const SHIRT = { _id: 'oxford-shirt', size: 'M', quantity: 1 }
const SHIRT_PRICE = 2499
const NO_MATCH = { message: 'No order matches this order number and phone number' }

let addresses = 0
const nextAddress = () => `10.88.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`

async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text()
  expect(res.status, text).toBe(status)
  return JSON.parse(text) as T
}

/** The phone forms a shopper writes, and the JSON number a client following the spec sends. */
const PHONE_FORMS: (string | number)[] = [
  '03001234567',
  '+92 300 1234567',
  '0300-1234567',
  '0300 123 4567',
  '00923001234567',
  '923001234567',
  '3001234567',
  3001234567,
]

describe('the settings of /track', () => {
  it('default to 30 wrong lookups an hour per client address', () => {
    expect(loadConfig({}).orders.trackPerIpPerHour).toBe(30)
  })

  it('take COURIER_TRACKING_URLS over the built-in addresses, and refuse a bad one', () => {
    const templates = loadConfig({
      COURIER_TRACKING_URLS: '{"TCS":"https://track.example/tcs/{number}","Trax":""}',
    }).trackingTemplates
    expect(templates.TCS).toBe('https://track.example/tcs/{number}')
    expect(templates.Trax).toBeNull()
    expect(templates.Leopards).toBe('https://www.leopardscourier.com/tracking?cn={number}')
    expect(() => loadConfig({ COURIER_TRACKING_URLS: '{"DHL":"https://dhl.example/{number}"}' })).toThrow(
      /COURIER_TRACKING_URLS/,
    )
    expect(() => loadConfig({ COURIER_TRACKING_URLS: '{"TCS":"https://tcs.example/"}' })).toThrow(
      /COURIER_TRACKING_URLS/,
    )
    expect(() => loadConfig({ COURIER_TRACKING_URLS: 'not json' })).toThrow(/COURIER_TRACKING_URLS/)
  })
})

describe.each(databases)('couriers and /track (%s)', (kind) => {
  let store: TestStore
  const clock = { t: Date.UTC(2026, 10, 26, 9) }
  let shopper: TestClient
  let admin: TestClient

  beforeAll(async () => {
    store = await createTestStore(kind, {
      now: () => clock.t,
      env: {
        TRACK_LIMIT_PER_IP: '3',
        SESSION_DAYS: '365',
        ADMIN_IDLE_MINUTES: String(365 * 24 * 60),
        COURIER_TRACKING_URLS: '{"Trax":"https://trax.example/track?cn={number}"}',
      },
    })
    shopper = store.client(nextAddress())
    const account = newAccount()
    await json(await shopper.post('/api/auth/registration', account), 201)
    await json(await shopper.post('/api/auth/login', { email: account.email, password: account.password }))
    admin = (await signedInAdmin(store, nextAddress())).client
  })
  afterAll(async () => {
    await store.close()
  })

  async function place(phone: string | number = testAddress.phone): Promise<Order> {
    await json(await shopper.post('/api/cart/update', { itemId: SHIRT._id, size: SHIRT.size, quantity: 1 }))
    const res = await shopper.post('/api/order/placeorder', {
      address: { ...testAddress, phone },
      items: [SHIRT],
      amount: SHIRT_PRICE + FEE,
    })
    return (await json<{ order: Order }>(res, 201)).order
  }

  async function ship(orderId: string, courier: string, trackingNumber: string, note?: string) {
    for (const to of ['Confirmed', 'Packing'])
      await json(await admin.post(`/api/admin/orders/${orderId}/status`, { to, note: 'Called Ayesha at home' }))
    return json<{ order: { order: Order } }>(
      await admin.post(`/api/admin/orders/${orderId}/status`, {
        to: 'Shipped',
        courier,
        trackingNumber,
        ...(note ? { note } : {}),
      }),
    )
  }

  const number = (order: Order) => order._id.replace(/-/g, '').slice(0, 8).toUpperCase()
  const track = (client: TestClient, order: string, phone: string | number) =>
    client.get(`/api/order/track?order=${encodeURIComponent(order)}&phone=${encodeURIComponent(String(phone))}`)

  describe('one phone rule', () => {
    it.each(PHONE_FORMS)('keys an order placed with %j as 923001234567, and links WhatsApp to it', async (phone) => {
      const order = await place(phone)
      const row = await store.connection.db
        .selectFrom('orders')
        .select('phone_key')
        .where('id', '=', order._id)
        .executeTakeFirstOrThrow()
      expect(row.phone_key).toBe('923001234567')
      const detail = await json<{ whatsapp: { url: string } }>(await admin.get(`/api/admin/orders/${order._id}`))
      expect(detail.whatsapp.url).toMatch(/^https:\/\/wa\.me\/923001234567\?text=/)
    })

    it('finds an order by any form of its phone, and its number with or without #, in either case', async () => {
      const order = await place('0300-1234567')
      const client = store.client(nextAddress())
      for (const phone of PHONE_FORMS)
        for (const n of [`#${number(order)}`, number(order), number(order).toLowerCase(), ` # ${number(order)} `])
          expect((await json<TrackedOrder>(await track(client, n, phone))).number).toBe(`#${number(order)}`)
    })
  })

  describe('the courier and its tracking page', () => {
    it('ships with a courier from the list, and every view of the order carries its tracking page', async () => {
      const order = await place()
      const moved = await ship(order._id, 'Leopards', 'LE 778/12')
      const url = 'https://www.leopardscourier.com/tracking?cn=LE%20778%2F12'
      expect(moved.order.order).toMatchObject({ courier: 'Leopards', trackingNumber: 'LE 778/12', trackingUrl: url })
      const mine = await json<Order[]>(await shopper.post('/api/order/userorder'))
      expect(mine.find((o) => o._id === order._id)?.trackingUrl).toBe(url)
      const detail = await json<{ order: Order }>(await admin.get(`/api/admin/orders/${order._id}`))
      expect(detail.order.trackingUrl).toBe(url)
      const found = await json<TrackedOrder>(await track(store.client(nextAddress()), number(order), '03001234567'))
      expect(found).toMatchObject({ status: 'Shipped', courier: 'Leopards', trackingUrl: url })
    })

    it('takes a courier’s address from COURIER_TRACKING_URLS, and gives Other no link', async () => {
      const trax = await place()
      expect((await ship(trax._id, 'Trax', 'TX-1')).order.order.trackingUrl).toBe('https://trax.example/track?cn=TX-1')
      const other = await place()
      expect((await ship(other._id, 'Other', 'RIDER-7')).order.order).toMatchObject({
        courier: 'Other',
        trackingNumber: 'RIDER-7',
        trackingUrl: null,
      })
    })

    it('refuses a courier outside the list with 400, and the order stays Packing', async () => {
      const order = await place()
      for (const to of ['Confirmed', 'Packing'])
        await json(await admin.post(`/api/admin/orders/${order._id}/status`, { to }))
      const res = await admin.post(`/api/admin/orders/${order._id}/status`, {
        to: 'Shipped',
        courier: 'Pigeon Post',
        trackingNumber: 'P-1',
      })
      expect((await json<{ message: string }>(res, 400)).message).toMatch(/^courier must be one of: TCS, Leopards/)
      expect((await json<{ order: Order }>(await admin.get(`/api/admin/orders/${order._id}`))).order.status).toBe(
        'Packing',
      )
    })

    it('gives each item image1, the picture under the product’s own name for it', async () => {
      const order = await place()
      const mine = await json<Order[]>(await shopper.post('/api/order/userorder'))
      const item = mine.find((o) => o._id === order._id)!.items[0]!
      expect(item.image1).toBe(item.image)
      expect(item.image1).toMatch(/^\/images\/products\/oxford-shirt-/)
    })
  })

  describe('/track', () => {
    it('shows the status, the timeline and the tracking link, and nothing that names or finds the shopper', async () => {
      const order = await place()
      await ship(order._id, 'TCS', 'TCS-7781234', 'Leave with the guard at 12 Zamzama')
      const found = await json<TrackedOrder>(
        await track(store.client(nextAddress()), `#${number(order)}`, '03001234567'),
      )
      expect(found).toEqual({
        number: `#${number(order)}`,
        status: 'Shipped',
        date: order.date,
        amount: SHIRT_PRICE + FEE,
        payment: false,
        events: ['Order Placed', 'Confirmed', 'Packing', 'Shipped'].map((to, i) => ({
          at: clock.t,
          from: i === 0 ? null : ['Order Placed', 'Confirmed', 'Packing'][i - 1],
          to,
          by: i === 0 ? 'shopper' : 'store',
          // The store's notes are its own: they may name people and places.
          note: null,
          request: null,
        })),
        courier: 'TCS',
        trackingNumber: 'TCS-7781234',
        trackingUrl: 'https://www.tcsexpress.com/track/?consignmentNo=TCS-7781234',
      })
      expect(JSON.stringify(found)).not.toMatch(/Ayesha|Khan|Zamzama|ayesha@|Karachi|Sindh|75600|1234567/)
    })

    it('says "No order matches" alike for a wrong phone and a wrong number, and for an anonymous lookup of another’s order', async () => {
      const order = await place()
      const client = store.client(nextAddress())
      expect(await json(await track(client, number(order), '03111234567'), 404)).toEqual(NO_MATCH)
      const wrong = number(order).startsWith('0') ? `1${number(order).slice(1)}` : `0${number(order).slice(1)}`
      expect(await json(await track(client, wrong, '03001234567'), 404)).toEqual(NO_MATCH)
    })

    it('answers 400 naming the field for an order number or a phone that is none', async () => {
      const client = store.client(nextAddress())
      for (const [order, phone, message] of [
        ['', '03001234567', 'Order number is required'],
        ['#12345', '03001234567', 'Enter the order number as shown, such as #1A2B3C4D'],
        ['#1A2B3C4Z', '03001234567', 'Enter the order number as shown, such as #1A2B3C4D'],
        ['#1A2B3C4D', '', 'Phone is required'],
        ['#1A2B3C4D', 'call me', 'Enter the phone number the order was placed with'],
        ['#1A2B3C4D', '12', 'Enter the phone number the order was placed with'],
      ])
        expect((await json<{ message: string }>(await track(client, order!, phone!), 400)).message).toBe(message)
    })

    it('is limited per client: wrong pairs past TRACK_LIMIT_PER_IP answer 429 for an hour; right ones never count', async () => {
      const order = await place()
      const client = store.client(nextAddress())
      for (let i = 0; i < 3; i++) {
        // A right pair between the wrong ones is not counted against the client.
        if (i > 0) await json(await track(client, number(order), '03001234567'))
        await json(await track(client, number(order), `0311000000${i}`), 404)
      }
      const refused = await track(client, number(order), '03001234567')
      expect(await json(refused, 429)).toEqual({
        message: 'Too many lookups from your network. Please try again later.',
      })
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      // Another client is not held back; this one is let through again an hour on.
      await json(await track(store.client(nextAddress()), number(order), '03001234567'))
      clock.t += HOUR
      await json(await track(client, number(order), '03001234567'))
    })

    it.runIf(pagesBuilt)(
      'is a page in both languages that works as a plain GET form, with the API’s statuses',
      async () => {
        const pages = await appWithPages(store)
        const page = (path: string, address: string) =>
          Promise.resolve(pages.request(path, { headers: { 'x-forwarded-for': address } }))
        const order = await place()
        await ship(order._id, 'TCS', 'TCS-1', 'Leave with the guard at 12 Zamzama')
        for (const [lang, status] of [
          ['', 'Shipped'],
          ['/ur', 'بھیج دیا گیا'],
        ] as const) {
          const found = await page(`${lang}/track?order=%23${number(order)}&phone=0300-1234567`, nextAddress())
          expect(found.status).toBe(200)
          expect(found.headers.get('cache-control')).toBe('private, no-store')
          const html = await found.text()
          expect(html).toContain(number(order))
          expect(html).toContain(status)
          expect(html).toContain('href="https://www.tcsexpress.com/track/?consignmentNo=TCS-1"')
          // The store's own address (Karachi 75600) is in the footer; the shopper's city is not in the page's main part.
          const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'))
          for (const personal of ['Ayesha', 'Khan', 'Zamzama', 'ayesha@example.com', 'Sindh'])
            expect(html, personal).not.toContain(personal)
          expect(main).not.toMatch(/Karachi|75600/)
        }
        const empty = await page('/track', nextAddress())
        expect(empty.status).toBe(200)
        expect(await empty.text()).toContain('name="phone"')
        const wrong = await page(`/ur/track?order=${number(order)}&phone=03111111111`, nextAddress())
        expect(wrong.status).toBe(404)
        expect(await wrong.text()).toContain('اس آرڈر نمبر اور فون نمبر سے کوئی آرڈر نہیں ملا')
        const invalid = await page('/track?order=12&phone=', nextAddress())
        expect(invalid.status).toBe(400)
        expect(await invalid.text()).toContain('Enter the order number as shown, such as #1A2B3C4D')
        const address = nextAddress()
        for (let i = 0; i < 3; i++) await json(await track(store.client(address), number(order), `0311000000${i}`), 404)
        const limited = await page(`/track?order=${number(order)}&phone=03001234567`, address)
        expect(limited.status).toBe(429)
        expect(await limited.text()).toContain('Too many lookups from your network')
      },
    )
  })
})

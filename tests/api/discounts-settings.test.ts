import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DiscountQuote } from '#contracts/discounts.ts'
import type { Order } from '#contracts/orders.ts'
import {
  createTestStore,
  databases,
  signedInAdmin,
  signedInClient,
  type TestClient,
  type TestStore,
} from '#tests/api/harness.ts'
import { testAddress } from '#tests/support/factories.ts'
import { json, type Line } from '#tests/api/admin-console.ts'

// docs/decisions/026 on each database: the delivery fee and the free-delivery threshold
// as settings (DELIVERY_FEE, FREE_DELIVERY_OVER), and the newsletter's codes, one a
// subscriber (NEWSLETTER_CODE their prefix): single use, first order only, 20% off.

const SHIRT: Line = { _id: 'oxford-shirt', size: 'M', quantity: 1 } // Rs 2,499
const JEANS: Line = { _id: 'denim-jeans', size: 'M', quantity: 1 } // Rs 3,499

let phones = 0
const address = () => ({ ...testAddress, phone: `0302${String(++phones).padStart(7, '0')}` })

async function fill(who: TestClient, lines: Line[]) {
  for (const l of lines)
    expect((await who.post('/api/cart/update', { itemId: l._id, size: l.size, quantity: l.quantity })).status).toBe(200)
}

for (const kind of databases) {
  describe(`delivery settings (${kind})`, () => {
    let store: TestStore
    beforeAll(async () => {
      store = await createTestStore(kind, { env: { DELIVERY_FEE: '120', FREE_DELIVERY_OVER: '5000' } })
    })
    afterAll(() => store.close())

    it('charges DELIVERY_FEE below FREE_DELIVERY_OVER and nothing at or above it', async () => {
      const { client } = await signedInClient(store)
      await fill(client, [SHIRT])
      const below = await client.post('/api/order/placeorder', {
        address: address(),
        items: [SHIRT],
        amount: 2499 + 120,
      })
      expect((await json<{ order: Order }>(below, 201)).order).toMatchObject({ deliveryFee: 120, amount: 2619 })

      await fill(client, [SHIRT, JEANS])
      const lines = [SHIRT, JEANS]
      const at = await client.post('/api/order/placeorder', { address: address(), items: lines, amount: 5998 + 120 })
      expect((await json<{ order: Order }>(at, 201)).order).toMatchObject({
        subtotal: 5998,
        deliveryFee: 0,
        amount: 5998,
      })
    })

    it('a free-delivery code takes the fee off below the threshold, and nothing above it', async () => {
      await store.services.discounts.create(store.connection.db, { code: 'NOFEE', kind: 'free_delivery' })
      const { client } = await signedInClient(store)
      await fill(client, [SHIRT])
      expect(await json<DiscountQuote>(await client.post('/api/cart/discount', { code: 'nofee' }))).toEqual({
        code: 'NOFEE',
        subtotal: 2499,
        discount: 120,
        delivery: 120,
        total: 2499,
      })
      await fill(client, [JEANS])
      expect(await json<DiscountQuote>(await client.post('/api/cart/discount', { code: 'nofee' }))).toMatchObject({
        discount: 0,
        delivery: 0,
        total: 5998,
      })
    })

    it('refuses a code not for sale items on a cart of sale items only, through the one seam (docs/decisions/026)', async () => {
      // No product is on sale in this branch: the lines are marked on sale as isOnSale would mark them.
      const db = store.connection.db
      await store.services.discounts.create(db, { code: 'NOTSALE', kind: 'percent', value: 10 })
      await store.services.discounts.create(db, { code: 'SALETOO', kind: 'percent', value: 10, appliesToSale: true })
      const shopper = { userId: 'nobody', phoneKey: null, firstOrder: true }
      const basket = (onSale: boolean[]) => ({
        lines: onSale.map((sale, i) => ({
          productId: i === 0 ? 'oxford-shirt' : 'denim-jeans',
          quantity: 1,
          onSale: sale,
        })),
        priceOf: (id: string) => ({ 'oxford-shirt': 2499, 'denim-jeans': 3499 })[id],
        delivery: { fee: 120, freeOver: null },
      })
      expect(await store.services.discounts.check(db, 'NOTSALE', shopper, basket([true]))).toEqual({
        ok: false,
        refusal: { reason: 'sale-items' },
      })
      expect(await store.services.discounts.check(db, 'NOTSALE', shopper, basket([true, false]))).toMatchObject({
        ok: true,
        totals: { discountable: 3499, discount: 350 },
      })
      expect(await store.services.discounts.check(db, 'SALETOO', shopper, basket([true]))).toMatchObject({
        ok: true,
        totals: { discount: 250 },
      })
    })

    it('answers 409 for an empty cart and 401 without an account', async () => {
      const { client } = await signedInClient(store)
      expect((await client.post('/api/cart/discount', { code: 'NOFEE' })).status).toBe(409)
      expect((await store.client().post('/api/cart/discount', { code: 'NOFEE' })).status).toBe(401)
      expect((await client.post('/api/cart/discount', {})).status).toBe(400)
    })
  })

  describe(`a code and a running sale (${kind})`, () => {
    let store: TestStore
    beforeAll(async () => {
      store = await createTestStore(kind)
      // A sale of 20% on the shirt, from an hour ago for a day (docs/decisions/025).
      const { client: owner } = await signedInAdmin(store, '10.66.0.1')
      const sale = await owner.post('/api/admin/sales', {
        name: 'Shirt sale',
        percentOff: 20,
        productIds: ['oxford-shirt'],
        startsAt: new Date(Date.now() - 3_600_000).toISOString(),
        endsAt: new Date(Date.now() + 86_400_000).toISOString(),
      })
      expect(sale.status).toBe(201)
      const db = store.connection.db
      await store.services.discounts.create(db, { code: 'NOTSALE', kind: 'percent', value: 10 })
      await store.services.discounts.create(db, { code: 'SALETOO', kind: 'percent', value: 10, appliesToSale: true })
    })
    afterAll(() => store.close())

    it('a code not for sale items refuses a cart of sale items, quoted or placed, and takes only the rest', async () => {
      const { client } = await signedInClient(store)
      await fill(client, [SHIRT])
      const salePrice = Math.round(2499 * 0.8)
      expect(await json(await client.post('/api/cart/discount', { code: 'notsale' }), 422)).toEqual({
        message: 'This discount code does not apply to items on sale',
      })
      const refused = await client.post('/api/order/placeorder', {
        address: address(),
        items: [SHIRT],
        amount: salePrice + 50,
        discountCode: 'NOTSALE',
      })
      expect(refused.status).toBe(422)

      expect(await json<DiscountQuote>(await client.post('/api/cart/discount', { code: 'SALETOO' }))).toEqual({
        code: 'SALETOO',
        subtotal: salePrice,
        discount: Math.round(salePrice * 0.1),
        delivery: 50,
        total: salePrice - Math.round(salePrice * 0.1) + 50,
      })

      // With jeans at their list price beside it, the code takes 10% of the jeans alone.
      await fill(client, [JEANS])
      expect(await json<DiscountQuote>(await client.post('/api/cart/discount', { code: 'NOTSALE' }))).toMatchObject({
        subtotal: salePrice + 3499,
        discount: 350,
      })
      const placed = await client.post('/api/order/placeorder', {
        address: address(),
        items: [SHIRT, JEANS],
        amount: salePrice + 3499 + 50,
        discountCode: 'NOTSALE',
      })
      expect((await json<{ order: Order }>(placed, 201)).order).toMatchObject({
        discountCode: 'NOTSALE',
        discount: 350,
        amount: salePrice + 3499 + 50 - 350,
      })
    })
  })

  describe(`the newsletter's codes (${kind})`, () => {
    let store: TestStore
    beforeAll(async () => {
      store = await createTestStore(kind, { env: { NEWSLETTER_CODE: 'HELLO' } })
    })
    afterAll(() => store.close())

    /** Subscribes, and answers the subscriber's code and a confirm token signed as the email's is. */
    async function subscribe(email: string) {
      expect((await store.client().post('/api/newsletter/subscribe', { email })).status).toBe(200)
      const row = await store.connection.db
        .selectFrom('newsletter_subscribers')
        .select('discount_code')
        .where('email_normalized', '=', email)
        .executeTakeFirstOrThrow()
      const token = await store.services.mail.signLink(store.connection.db, 'newsletter-confirm', email, 60_000)
      return { code: row.discount_code!, token }
    }

    it('gives each subscriber a code of their own that works once they confirm: 20% off, once, a first order only', async () => {
      const a = await subscribe(`a-${Date.now()}@example.com`)
      const b = await subscribe(`b-${Date.now()}@example.com`)
      expect(a.code).toMatch(/^HELLO-[A-Z2-9]{8}$/)
      expect(b.code).not.toBe(a.code)

      const first = await signedInClient(store)
      await fill(first.client, [JEANS])
      // Not yet confirmed: not a code yet.
      expect(await json(await first.client.post('/api/cart/discount', { code: a.code }), 422)).toEqual({
        message: 'This discount code was not found',
      })
      const confirmed = await store.client().post('/api/newsletter/confirm', { token: a.token })
      expect(await json(confirmed)).toEqual({ message: 'Your subscription is confirmed', code: a.code })
      expect(
        await json<DiscountQuote>(await first.client.post('/api/cart/discount', { code: a.code.toLowerCase() })),
      ).toMatchObject({
        discount: Math.round(3499 * 0.2),
      })
      const placed = await first.client.post('/api/order/placeorder', {
        address: address(),
        items: [JEANS],
        amount: 3499 + 50,
        discountCode: a.code,
      })
      expect((await json<{ order: Order }>(placed, 201)).order).toMatchObject({ discountCode: a.code, discount: 700 })

      // Single use: a second shopper finds it used up.
      const second = await signedInClient(store)
      await fill(second.client, [SHIRT])
      expect(await json(await second.client.post('/api/cart/discount', { code: a.code }), 422)).toEqual({
        message: 'This discount code has been used up',
      })
      // First order only: the first shopper, with an order now, cannot use another subscriber's code.
      await store.client().post('/api/newsletter/confirm', { token: b.token })
      await fill(first.client, [SHIRT])
      expect(await json(await first.client.post('/api/cart/discount', { code: b.code }), 422)).toEqual({
        message: 'This discount code is for a first order only',
      })
      // Confirming again changes nothing.
      expect(await json(await store.client().post('/api/newsletter/confirm', { token: a.token }))).toEqual({
        message: 'Your subscription is confirmed',
        code: a.code,
      })
    })
  })
}

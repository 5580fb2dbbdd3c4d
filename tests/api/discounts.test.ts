import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminDiscount, DiscountQuote } from '#contracts/discounts.ts'
import type { Order } from '#contracts/orders.ts'
import { databases, defaultCatalog, type TestClient } from '#tests/api/harness.ts'
import { json, pkt, storeWithClock, type Line } from '#tests/api/admin-console.ts'
import { testAddress } from '#tests/support/factories.ts'

// Discount codes (docs/decisions/026) on each database: the console's API, every rule
// and refusal of POST /api/cart/discount and placeorder, the race for the last uses,
// a window's edges on the store's clock, and the use given back on cancel and return.

const T0 = pkt('2026-12-01', '12:00')
const SHIRT: Line = { _id: 'oxford-shirt', size: 'M', quantity: 1 } // Rs 2,499
const JEANS: Line = { _id: 'denim-jeans', size: 'M', quantity: 1 } // Rs 3,499

let phones = 0
/** A phone of its own for each shopper, so per-phone counts are each shopper's own. */
const address = () => ({ ...testAddress, phone: `0301${String(++phones).padStart(7, '0')}` })

for (const kind of databases) {
  describe(`discount codes (${kind})`, () => {
    let s: Awaited<ReturnType<typeof storeWithClock>>
    let owner: TestClient

    beforeAll(async () => {
      s = await storeWithClock(kind, T0, defaultCatalog)
      owner = (await s.admin()).client
    })
    afterAll(() => s.store.close())

    async function create(body: Record<string, unknown>): Promise<AdminDiscount> {
      s.clock.t = T0
      return json<AdminDiscount>(await owner.post('/api/admin/discounts', body), 201)
    }

    async function fill(who: TestClient, lines: Line[]) {
      for (const l of lines) {
        const res = await who.post('/api/cart/update', { itemId: l._id, size: l.size, quantity: l.quantity })
        expect(res.status).toBe(200)
      }
    }

    /** A new shopper with these lines in their cart. */
    async function shopper(lines: Line[] = [SHIRT]) {
      const c = await s.customer()
      await fill(c.client, lines)
      return c
    }

    const full = (lines: Line[]) => lines.reduce((n, l) => n + s.priceOf(l._id) * l.quantity, 0) + 50

    /** Places the cart with the code, at the clock's time, sending the total before the discount. */
    const placeWith = (who: TestClient, code: string | undefined, lines: Line[] = [SHIRT], to = address()) =>
      who.post('/api/order/placeorder', {
        address: to,
        items: lines,
        amount: full(lines),
        ...(code === undefined ? {} : { discountCode: code }),
      })

    const quote = (who: TestClient, code: string) => who.post('/api/cart/discount', { code })

    it('the console creates, lists, updates and ends codes; duplicates are 409; every write is audited', async () => {
      const made = await create({ code: 'eid25', kind: 'percent', value: 25, maxUses: 10 })
      expect(made).toMatchObject({ code: 'EID25', kind: 'percent', value: 25, maxUses: 10, used: 0, status: 'active' })
      expect(made.id).toEqual(expect.any(String))
      expect(made.createdAt).toBe(new Date(T0).toISOString())

      const dup = await owner.post('/api/admin/discounts', { code: 'Eid25', kind: 'fixed', value: 100 })
      expect(dup.status).toBe(409)

      const changed = await json<AdminDiscount>(
        await owner.post(`/api/admin/discounts/${made.id}`, {
          code: 'EID25',
          kind: 'fixed',
          value: 300,
          endsAt: '2026-12-31T19:00:00Z',
        }),
      )
      expect(changed).toMatchObject({ kind: 'fixed', value: 300, endsAt: '2026-12-31T19:00:00.000Z' })

      const list = await json<{ discounts: AdminDiscount[]; total: number }>(await owner.get('/api/admin/discounts'))
      expect(list.discounts.map((d) => d.code)).toContain('EID25')

      const ended = await json<AdminDiscount>(await owner.post(`/api/admin/discounts/${made.id}/end`))
      expect(ended.status).toBe('ended')
      expect(ended.endsAt).toBe(new Date(T0).toISOString())

      const detail = await json<AdminDiscount & { audit: { action: string }[] }>(
        await owner.get(`/api/admin/discounts/${made.id}`),
      )
      expect(detail.audit.map((a) => a.action)).toEqual(['create', 'update', 'end'])
    })

    it('refuses bad input with a clear error and changes nothing; shoppers cannot use the console', async () => {
      for (const body of [
        { kind: 'percent', value: 10 },
        { code: 'X1', kind: 'percent', value: 150 },
        { code: 'X2', kind: 'fixed' },
        { code: 'X3', kind: 'half' },
        { code: 'X4', kind: 'percent', value: 10, startsAt: 'tomorrow' },
        { code: 'X5', kind: 'percent', value: 10, startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' },
        { code: 'bad code!', kind: 'percent', value: 10 },
      ]) {
        const res = await owner.post('/api/admin/discounts', body)
        expect(res.status, JSON.stringify(body)).toBe(400)
        expect(((await res.json()) as { message: string }).message).toEqual(expect.any(String))
      }
      const list = await json<{ discounts: AdminDiscount[] }>(await owner.get('/api/admin/discounts'))
      expect(list.discounts.map((d) => d.code).filter((c) => /^X\d$/.test(c))).toEqual([])
      const { client } = await s.customer()
      expect((await client.post('/api/admin/discounts', { code: 'MINE', kind: 'percent', value: 90 })).status).toBe(403)
    })

    it('quotes a code against the cart, in any case: percent, fixed and free delivery', async () => {
      await create({ code: 'TENOFF', kind: 'percent', value: 10 })
      await create({ code: 'RS500', kind: 'fixed', value: 500 })
      await create({ code: 'SHIPFREE', kind: 'free_delivery' })
      const { client } = await shopper([SHIRT, JEANS])
      const subtotal = 2499 + 3499
      expect(await json<DiscountQuote>(await quote(client, ' tenoff '))).toEqual({
        code: 'TENOFF',
        subtotal,
        discount: Math.round(subtotal / 10),
        delivery: 50,
        total: subtotal + 50 - Math.round(subtotal / 10),
      })
      expect(await json<DiscountQuote>(await quote(client, 'Rs500'))).toMatchObject({
        discount: 500,
        total: subtotal - 450,
      })
      expect(await json<DiscountQuote>(await quote(client, 'shipfree'))).toMatchObject({
        discount: 50,
        delivery: 50,
        total: subtotal,
      })
    })

    it('places the order at the discounted total and records the code on it, in the answer and userorder', async () => {
      await create({ code: 'PLACE15', kind: 'percent', value: 15 })
      const { client } = await shopper([JEANS])
      const res = await placeWith(client, 'place15', [JEANS])
      const { order } = await json<{ order: Order }>(res, 201)
      const off = Math.round(3499 * 0.15)
      expect(order).toMatchObject({ subtotal: 3499, deliveryFee: 50, discountCode: 'PLACE15', discount: off })
      expect(order.amount).toBe(3499 + 50 - off)
      const mine = await json<Order[]>(await client.post('/api/order/userorder'))
      expect(mine.at(-1)).toMatchObject({
        _id: order._id,
        discountCode: 'PLACE15',
        discount: off,
        amount: order.amount,
      })
    })

    it('refuses each rule in plain words, on the quote and on placeorder, and places nothing', async () => {
      await create({ code: 'LATER', kind: 'percent', value: 10, startsAt: new Date(T0 + 3600_000).toISOString() })
      await create({ code: 'OVER', kind: 'percent', value: 10, endsAt: new Date(T0 - 1).toISOString() })
      await create({ code: 'BIGSPEND', kind: 'fixed', value: 200, minSubtotal: 5000 })
      await create({ code: 'ONCEEACH', kind: 'fixed', value: 100, maxUsesPerCustomer: 1 })
      await create({ code: 'JUSTONE', kind: 'fixed', value: 100, maxUses: 1 })
      await create({ code: 'NEWBIE', kind: 'fixed', value: 100, firstOrderOnly: true })
      const refusals: [string, string][] = [
        ['NOPE', 'This discount code was not found'],
        ['LATER', 'This discount code has not started yet'],
        ['OVER', 'This discount code has expired'],
        ['BIGSPEND', 'This discount code needs a subtotal of at least Rs 5,000'],
      ]
      const { client } = await shopper([SHIRT])
      for (const [code, message] of refusals) {
        expect(await json(await quote(client, code), 422)).toEqual({ message })
        expect(await json(await placeWith(client, code), 422)).toEqual({ message })
      }
      expect(await json<Order[]>(await client.post('/api/order/userorder'))).toEqual([])

      // Already used: by the same account, and by another account with the same phone.
      const phone = address()
      await json(await placeWith(client, 'ONCEEACH', [SHIRT], phone), 201)
      await fill(client, [SHIRT])
      expect(await json(await quote(client, 'ONCEEACH'), 422)).toEqual({
        message: 'You have already used this discount code',
      })
      const samePhone = await shopper()
      expect(await json(await placeWith(samePhone.client, 'ONCEEACH', [SHIRT], phone), 422)).toEqual({
        message: 'You have already used this discount code',
      })

      // Used up.
      const first = await shopper()
      await json(await placeWith(first.client, 'JUSTONE'), 201)
      const second = await shopper()
      expect(await json(await quote(second.client, 'JUSTONE'), 422)).toEqual({
        message: 'This discount code has been used up',
      })
      expect(await json(await placeWith(second.client, 'JUSTONE'), 422)).toEqual({
        message: 'This discount code has been used up',
      })

      // First order only: the account has an order (ONCEEACH's above).
      expect(await json(await quote(client, 'NEWBIE'), 422)).toEqual({
        message: 'This discount code is for a first order only',
      })
      // …and a new account ordering to a phone that already has an order.
      const newcomer = await shopper()
      expect(await json(await placeWith(newcomer.client, 'NEWBIE', [SHIRT], phone), 422)).toEqual({
        message: 'This discount code is for a first order only',
      })
      await json(await placeWith(newcomer.client, 'NEWBIE'), 201)
    })

    it('charges no more than the shopper agreed: a total above `amount` is still refused', async () => {
      await create({ code: 'SMALL', kind: 'fixed', value: 10 })
      const { client } = await shopper([SHIRT])
      const res = await client.post('/api/order/placeorder', {
        address: address(),
        items: [SHIRT],
        amount: 2499 + 50 - 11,
        discountCode: 'SMALL',
      })
      expect(await json(res, 409)).toEqual({ message: 'Prices have changed, please review your cart' })
      const again = await client.post('/api/order/placeorder', {
        address: address(),
        items: [SHIRT],
        amount: 2499 + 50 - 10,
        discountCode: 'SMALL',
      })
      expect((await json<{ order: Order }>(again, 201)).order.amount).toBe(2499 + 40)
    })

    it('20 shoppers racing for a code with 5 uses: exactly 5 discounted orders', async () => {
      const race = await create({ code: 'RACE5', kind: 'fixed', value: 100, maxUses: 5 })
      const shoppers = await Promise.all(Array.from({ length: 20 }, () => shopper([SHIRT])))
      const answers = await Promise.all(shoppers.map((c) => placeWith(c.client, 'RACE5')))
      const statuses = answers.map((a) => a.status)
      expect(statuses.filter((st) => st === 201)).toHaveLength(5)
      expect(statuses.filter((st) => st === 422)).toHaveLength(15)
      const placed = await s.store.connection.db
        .selectFrom('orders')
        .select(['discount'])
        .where('discount_code', '=', 'RACE5')
        .execute()
      expect(placed).toEqual(Array.from({ length: 5 }, () => ({ discount: 100 })))
      expect((await json<AdminDiscount>(await owner.get(`/api/admin/discounts/${race.id}`))).used).toBe(5)
    })

    it('a window opens at its start and closes at its end, on the store clock', async () => {
      const start = T0 + 60_000
      const end = T0 + 120_000
      await create({
        code: 'WINDOW',
        kind: 'fixed',
        value: 100,
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(end).toISOString(),
      })
      const { client } = await shopper([SHIRT])
      s.clock.t = start - 1
      expect(await json(await quote(client, 'WINDOW'), 422)).toEqual({
        message: 'This discount code has not started yet',
      })
      s.clock.t = start
      expect((await json<DiscountQuote>(await quote(client, 'WINDOW'))).discount).toBe(100)
      s.clock.t = end - 1
      expect((await json<DiscountQuote>(await quote(client, 'WINDOW'))).discount).toBe(100)
      s.clock.t = end
      expect(await json(await quote(client, 'WINDOW'), 422)).toEqual({ message: 'This discount code has expired' })
      expect(await json(await placeWith(client, 'WINDOW'), 422)).toEqual({ message: 'This discount code has expired' })
      s.clock.t = T0
    })

    it('a cancelled order gives its use back, and so does a returned one', async () => {
      const code = await create({ code: 'BACK1', kind: 'fixed', value: 100, maxUses: 1, maxUsesPerCustomer: 1 })
      const a = await shopper()
      const first = (await json<{ order: Order }>(await placeWith(a.client, 'BACK1'), 201)).order
      const b = await shopper()
      expect((await placeWith(b.client, 'BACK1')).status).toBe(422)

      await json(await a.client.post('/api/order/cancel', { orderId: first._id }))
      expect((await json<AdminDiscount>(await owner.get(`/api/admin/discounts/${code.id}`))).used).toBe(0)
      const second = (await json<{ order: Order }>(await placeWith(b.client, 'BACK1'), 201)).order

      await s.moveTo(second._id, ['Confirmed', 'Packing', 'Shipped', 'Returned'], T0)
      expect((await json<AdminDiscount>(await owner.get(`/api/admin/discounts/${code.id}`))).used).toBe(0)
      const c = await shopper()
      expect((await placeWith(c.client, 'BACK1')).status).toBe(201)
      // A delivered order keeps its use.
      expect((await json<AdminDiscount>(await owner.get(`/api/admin/discounts/${code.id}`))).used).toBe(1)
    })

    it('the dashboard shows the discounts given in the last 30 days and the codes used most', async () => {
      const d = await json<{ discountsGiven30d: number; topCodes: { code: string; orders: number }[] }>(
        await owner.get('/api/admin/dashboard'),
      )
      expect(d.discountsGiven30d).toBeGreaterThanOrEqual(500)
      expect(d.topCodes[0]).toEqual({ code: 'RACE5', orders: 5, discount: 500 })
    })
  })
}

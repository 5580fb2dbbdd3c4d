import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DELIVERY_FEE } from '#contracts/pricing.ts'
import { MAX_ALERTS, RELEASE_PAGE } from '#server/alerts/service.ts'
import {
  createTestStore,
  databases,
  signedInAdmin,
  signedInClient,
  type TestClient,
  type TestStore,
} from '#tests/api/harness.ts'
import { makeProduct, testAddress } from '#tests/support/factories.ts'

// Back in stock (server/alerts): a signed-in shopper asks for one email when a sold-out
// size returns; any path that puts pieces back (the console's stock, a product edit or
// unarchive, a cancelled order) writes it in its own transaction. On each database.

const shirt = makeProduct({ id: 'alert-shirt', name: 'Men Poplin Shirt', price: 2000, stock: { S: 0, M: 1, L: 4 } })
const other = makeProduct({ id: 'alert-other', name: 'Men Twill Chinos', price: 3000, stock: { S: 0, M: 0, L: 0 } })

describe.each(databases)('back in stock (%s)', (kind) => {
  let store: TestStore
  let admin: TestClient
  let ayesha: Awaited<ReturnType<typeof signedInClient>>
  let bilal: Awaited<ReturnType<typeof signedInClient>>
  let address = 20

  beforeAll(async () => {
    store = await createTestStore(kind, { catalog: [shirt, other] })
    admin = (await signedInAdmin(store, '10.77.0.2')).client
    ayesha = await signedInClient(store, '10.77.0.3')
    bilal = await signedInClient(store, '10.77.0.4')
  })
  afterAll(() => store.close())

  const alertsInOutbox = () =>
    store.connection.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'text_body', 'html_body'])
      .where('kind', '=', 'back-in-stock')
      .orderBy('created_at')
      .execute()
  const requests = () =>
    store.connection.db.selectFrom('stock_alerts').select(['user_id', 'product_id', 'size']).orderBy('size').execute()
  /** The console's change of one size, from what it holds now. */
  const setStock = async (productId: string, size: string, stock: number) => {
    const opened = (await store.services.catalog.stored(productId))?.sizes.find((s) => s.size === size)?.stock ?? 0
    return admin.post(`/api/admin/products/${productId}/stock`, { size, stock, opened })
  }
  const json = async <T>(res: Response, status = 200): Promise<T> => {
    expect(res.status, await res.clone().text()).toBe(status)
    return (await res.json()) as T
  }

  it('is for signed-in shoppers only', async () => {
    const guest = store.client(`10.77.1.${address++}`)
    expect((await guest.post('/api/product/notify', { itemId: shirt.id, size: 'S' })).status).toBe(401)
    expect(await requests()).toEqual([])
  })

  it('refuses an unknown product or size (400) and a size on the shelf (409), storing nothing', async () => {
    const c = ayesha.client
    expect((await c.post('/api/product/notify', { itemId: 'no-such', size: 'S' })).status).toBe(400)
    expect((await c.post('/api/product/notify', { itemId: shirt.id, size: 'XXL' })).status).toBe(400)
    expect((await c.post('/api/product/notify', { itemId: shirt.id })).status).toBe(400)
    expect(await json(await c.post('/api/product/notify', { itemId: shirt.id, size: 'L' }), 409)).toEqual({
      message: 'Men Poplin Shirt in size L is in stock: add it to your cart',
    })
    expect(await requests()).toEqual([])
  })

  it('takes a request for a sold-out size, twice being the same as once', async () => {
    expect(await json(await ayesha.client.post('/api/product/notify', { itemId: shirt.id, size: 'S' }))).toEqual({
      sizes: ['S'],
    })
    expect(await json(await ayesha.client.post('/api/product/notify', { itemId: shirt.id, size: 'S' }))).toEqual({
      sizes: ['S'],
    })
    expect(await store.services.alerts.sizesFor(ayesha.user._id, shirt.id)).toEqual(['S'])
    expect(await requests()).toEqual([{ user_id: ayesha.user._id, product_id: shirt.id, size: 'S' }])
  })

  it('emails once when the console restocks the size, naming the product and linking to it; the request goes', async () => {
    // Another size's stock changing writes nothing.
    await json(await setStock(shirt.id, 'L', 9))
    expect(await alertsInOutbox()).toEqual([])

    await json(await setStock(shirt.id, 'S', 3))
    const [email, ...more] = await alertsInOutbox()
    expect(more).toEqual([])
    expect(email!.to_address).toBe(ayesha.account.email)
    expect(email!.subject).toBe('Back in stock: Men Poplin Shirt, size S')
    expect(email!.text_body).toContain(`/productdetail/${shirt.id}`)
    expect(email!.html_body).toContain(`/productdetail/${shirt.id}`)
    expect(await requests()).toEqual([])

    // Sold out and back again: nobody asked any more, so nothing more is written.
    await json(await setStock(shirt.id, 'S', 0))
    await json(await setStock(shirt.id, 'S', 2))
    expect(await alertsInOutbox()).toHaveLength(1)
  })

  it('writes nothing for a request cancelled before the restock', async () => {
    await json(await setStock(shirt.id, 'S', 0))
    await json(await bilal.client.post('/api/product/notify', { itemId: shirt.id, size: 'S' }))
    expect(await json(await bilal.client.post('/api/product/notify/cancel', { itemId: shirt.id, size: 'S' }))).toEqual({
      sizes: [],
    })
    await json(await setStock(shirt.id, 'S', 5))
    expect(await alertsInOutbox()).toHaveLength(1)
  })

  it('emails when a cancelled order puts the last piece back', async () => {
    // Ayesha buys the only M; Bilal asks for M; Ayesha cancels.
    expect((await ayesha.client.post('/api/cart/add', { itemId: shirt.id, size: 'M' })).status).toBe(200)
    const placed = await json<{ order: { _id: string } }>(
      await ayesha.client.post('/api/order/placeorder', {
        address: testAddress,
        items: [{ _id: shirt.id, size: 'M', quantity: 1 }],
        amount: 2000 + DELIVERY_FEE,
      }),
      201,
    )
    await json(await bilal.client.post('/api/product/notify', { itemId: shirt.id, size: 'M' }))
    await json(await ayesha.client.post('/api/order/cancel', { orderId: placed.order._id }))
    const emails = await alertsInOutbox()
    expect(emails).toHaveLength(2)
    expect(emails[1]).toMatchObject({
      to_address: bilal.account.email,
      subject: 'Back in stock: Men Poplin Shirt, size M',
    })
  })

  it('waits while the product is archived, and emails when it is back on sale with stock', async () => {
    await json(await bilal.client.post('/api/product/notify', { itemId: other.id, size: 'L' }))
    await json(await admin.post(`/api/admin/products/${other.id}/archive`, { archived: true }))
    await json(await setStock(other.id, 'L', 2))
    expect(await alertsInOutbox()).toHaveLength(2)
    expect(await requests()).toEqual([{ user_id: bilal.user._id, product_id: other.id, size: 'L' }])
    await json(await admin.post(`/api/admin/products/${other.id}/archive`, { archived: false }))
    const emails = await alertsInOutbox()
    expect(emails).toHaveLength(3)
    expect(emails[2]).toMatchObject({
      to_address: bilal.account.email,
      subject: 'Back in stock: Men Twill Chinos, size L',
    })
    expect(await requests()).toEqual([])
  })

  it(`keeps at most ${MAX_ALERTS} requests an account`, async () => {
    const { db } = store.connection
    const shopper = await signedInClient(store, '10.77.0.9')
    await db
      .insertInto('stock_alerts')
      .values(
        Array.from({ length: MAX_ALERTS }, (_, i) => ({
          user_id: shopper.user._id,
          product_id: other.id,
          size: `X${i}`,
          created_at: Date.now(),
        })),
      )
      .execute()
    await json(await setStock(other.id, 'S', 0))
    const res = await shopper.client.post('/api/product/notify', { itemId: other.id, size: 'S' })
    expect(res.status).toBe(409)
    expect(await store.services.alerts.sizesFor(shopper.user._id, other.id)).not.toContain('S')
  })

  it(`emails every shopper waiting, ${RELEASE_PAGE} at a time, when many wait for one size`, async () => {
    const { db } = store.connection
    const waiting = 2 * RELEASE_PAGE + 7
    await json(await setStock(shirt.id, 'M', 0))
    const before = (await alertsInOutbox()).length
    const users = Array.from({ length: waiting }, (_, i) => ({
      id: `many-waiting-${i}`,
      name: `Shopper ${i}`,
      email: `waiting-${i}@example.com`,
      email_normalized: `waiting-${i}@example.com`,
      password_hash: null,
      google_sub: null,
      created_at: Date.now(),
      role: 'customer',
      email_verified_at: null,
      password_proven_at: null,
    }))
    await db.insertInto('users').values(users).execute()
    await db
      .insertInto('stock_alerts')
      .values(users.map((u, i) => ({ user_id: u.id, product_id: shirt.id, size: 'M', created_at: Date.now() + i })))
      .execute()
    // A few of them wait for a size still sold out too: those requests stay.
    await json(await setStock(shirt.id, 'S', 0))
    await db
      .insertInto('stock_alerts')
      .values(
        users.slice(0, 3).map((u) => ({ user_id: u.id, product_id: shirt.id, size: 'S', created_at: Date.now() })),
      )
      .execute()
    await json(await setStock(shirt.id, 'M', 3))
    const emails = (await alertsInOutbox()).slice(before)
    expect(emails).toHaveLength(waiting)
    expect(new Set(emails.map((e) => e.to_address))).toEqual(new Set(users.map((u) => u.email)))
    expect(emails.every((e) => e.subject === 'Back in stock: Men Poplin Shirt, size M')).toBe(true)
    const left = (await requests()).filter((r) => r.product_id === shirt.id)
    expect(left.sort((x, y) => x.user_id.localeCompare(y.user_id))).toEqual(
      users.slice(0, 3).map((u) => ({ user_id: u.id, product_id: shirt.id, size: 'S' })),
    )
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestStore, databases, signedInClient, type TestStore } from '#tests/api/harness.ts'
import { testAddress } from '#tests/support/factories.ts'

describe.each(databases)('a shopper from sign-up to order (%s)', (kind) => {
  let store: TestStore
  beforeAll(async () => {
    store = await createTestStore(kind)
  })
  afterAll(() => store.close())

  it('registers, fills a cart, places an order and lists it', async () => {
    const { client, account, user } = await signedInClient(store)

    const me = await client.get('/api/user/getcurrentuser')
    expect(me.status).toBe(200)
    expect(await me.json()).toEqual({
      _id: user._id,
      name: account.name,
      email: account.email,
      role: 'customer',
      emailVerified: false,
    })

    expect((await client.post('/api/cart/add', { itemId: 'oxford-shirt', size: 'M' })).status).toBe(200)
    await client.post('/api/cart/add', { itemId: 'oxford-shirt', size: 'M' })
    const cart = await client.post('/api/cart/update', { itemId: 'denim-jeans', size: 'L', quantity: 3 })
    expect(await cart.json()).toEqual({ 'oxford-shirt': { M: 2 }, 'denim-jeans': { L: 3 } })

    const placed = await client.post('/api/order/placeorder', {
      address: testAddress,
      items: [
        { _id: 'oxford-shirt', size: 'M', quantity: 2, price: 1 },
        { _id: 'denim-jeans', size: 'L', quantity: 3 },
      ],
      amount: 2 * 2499 + 3 * 3499 + 50,
    })
    expect(placed.status).toBe(201)

    expect(await (await client.post('/api/cart/get')).json()).toEqual({})
    const orders = (await (await client.post('/api/order/userorder')).json()) as Array<Record<string, unknown>>
    expect(orders).toHaveLength(1)
    expect(orders[0]).toMatchObject({
      amount: 15545,
      status: 'Order Placed',
      payment: false,
      paymentMethod: 'COD',
      address: testAddress,
      items: [
        { _id: 'oxford-shirt', name: 'Men Oxford Shirt', price: 2499, size: 'M', quantity: 2 },
        { _id: 'denim-jeans', name: 'Men Denim Jeans', price: 3499, size: 'L', quantity: 3 },
      ],
    })
  })
})

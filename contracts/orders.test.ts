import { describe, expect, it } from 'vitest'
import { addressSchema, orderStatuses, placeOrderSchema } from '#contracts/orders.ts'
import { testAddress } from '#tests/support/factories.ts'

function issues(schema: typeof addressSchema | typeof placeOrderSchema, input: unknown) {
  const result = schema.safeParse(input)
  expect(result.success).toBe(false)
  return result.error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) ?? []
}

const labels = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  street: 'Street',
  city: 'City',
  state: 'State',
  pinCode: 'Pin code',
  country: 'Country',
  phone: 'Phone',
} as const

describe('delivery address', () => {
  it('accepts the address a shopper types', () => {
    expect(addressSchema.parse(testAddress)).toEqual(testAddress)
  })

  it.each(Object.entries(labels))('requires %s, naming it', (field, label) => {
    for (const value of [undefined, '', '   ', null]) {
      const found = issues(addressSchema, { ...testAddress, [field]: value })
      // The API answers with the first issue; a blank pin code may also fail its digit rule after it.
      expect(found[0]).toEqual({ path: field, message: `${label} is required` })
      expect(found.every((i) => i.path === field)).toBe(true)
    }
  })

  it('names every missing field at once', () => {
    expect(issues(addressSchema, {}).map((i) => i.message)).toEqual(
      Object.values(labels).map((label) => `${label} is required`),
    )
  })

  it('refuses a malformed email', () => {
    expect(issues(addressSchema, { ...testAddress, email: 'ayesha.example.com' })).toEqual([
      { path: 'email', message: 'Enter a valid email address' },
    ])
  })

  it('accepts pin code and phone as numbers, as the spec sends them, and keeps them as text', () => {
    expect(addressSchema.parse({ ...testAddress, pinCode: 75600, phone: 3001234567 })).toMatchObject({
      pinCode: '75600',
      phone: '3001234567',
    })
  })

  it('strips spaces and dashes from pin code and phone, and allows a leading + on the phone', () => {
    expect(addressSchema.parse({ ...testAddress, pinCode: ' 75 600 ', phone: '+92 300-123 4567' })).toMatchObject({
      pinCode: '75600',
      phone: '+923001234567',
    })
  })

  it.each([
    ['pinCode', 'abcde', 'Pin code must be 3 to 10 digits'],
    ['pinCode', '12', 'Pin code must be 3 to 10 digits'],
    ['pinCode', '12345678901', 'Pin code must be 3 to 10 digits'],
    ['pinCode', 75.6, 'Pin code must be 3 to 10 digits'],
    ['phone', '0300-CALL-ME', 'Phone must be 7 to 15 digits'],
    ['phone', '123456', 'Phone must be 7 to 15 digits'],
    ['phone', '1234567890123456', 'Phone must be 7 to 15 digits'],
    ['phone', true, 'Phone is required'],
  ])('refuses %s %j', (field, value, message) => {
    expect(issues(addressSchema, { ...testAddress, [field]: value })).toEqual([{ path: field, message }])
  })
})

describe('order payload', () => {
  const valid = { address: testAddress, items: [{ _id: 'oxford-shirt', size: 'M', quantity: 2 }], amount: 5048 }

  it('keeps product, size and quantity of each item and ignores the prices the browser sends', () => {
    const parsed = placeOrderSchema.parse({
      ...valid,
      items: [{ _id: 'oxford-shirt', size: 'M', quantity: 2, price: 1, name: 'Cheap shirt' }],
    })
    expect(parsed.items).toEqual([{ _id: 'oxford-shirt', size: 'M', quantity: 2 }])
  })

  it('names each missing part', () => {
    expect(issues(placeOrderSchema, {}).map((i) => [i.path, i.message])).toEqual([
      ['address', expect.stringMatching(/address/i) as string],
      ['items', 'items is required'],
      ['amount', 'amount is required'],
    ])
  })

  it('refuses an empty item list', () => {
    expect(issues(placeOrderSchema, { ...valid, items: [] })).toEqual([
      { path: 'items', message: 'items must not be empty' },
    ])
  })

  it.each([
    [{ size: 'M', quantity: 1 }, 'items[]._id is required'],
    [{ _id: 'oxford-shirt', quantity: 1 }, 'items[].size is required'],
    [{ _id: 'oxford-shirt', size: 'M', quantity: 0 }, 'items[].quantity must be at least 1'],
    [{ _id: 'oxford-shirt', size: 'M', quantity: 101 }, 'quantity must be at most 100'],
    [{ _id: 'oxford-shirt', size: 'M', quantity: '2' }, 'quantity must be a whole number'],
  ])('refuses the item %j', (item, message) => {
    expect(issues(placeOrderSchema, { ...valid, items: [item] })[0]?.message).toBe(message)
  })

  it.each([
    [1.5, 'amount must be a whole number'],
    ['5048', 'amount is required'],
  ])('refuses the amount %j', (amount, message) => {
    expect(issues(placeOrderSchema, { ...valid, amount })).toEqual([{ path: 'amount', message }])
  })

  it('names the amount when it is negative', () => {
    const [issue] = issues(placeOrderSchema, { ...valid, amount: -1 })
    expect(issue?.path).toBe('amount')
    expect(issue?.message).toMatch(/^amount must be/)
  })

  it('lists the statuses of docs/spec/rulings.md #15, Order Placed first', () => {
    expect(orderStatuses).toEqual([
      'Order Placed',
      'Confirmed',
      'Packing',
      'Shipped',
      'Out for delivery',
      'Delivered',
      'Returned',
      'Cancelled',
    ])
  })
})

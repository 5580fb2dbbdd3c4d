import { describe, expect, it } from 'vitest'
import { cartAddSchema, cartMergeSchema, cartUpdateSchema, quantityField } from '#contracts/cart.ts'
import { cartCount, cartLines, MAX_LINE_QUANTITY } from '#contracts/cart-lines.ts'

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? []

describe('cartCount', () => {
  it('is the sum of every quantity (docs/spec/store-spec.md §9)', () => {
    expect(cartCount({ shirt: { S: 2, M: 1 }, jeans: { '32': 4 } })).toBe(7)
  })

  it('is 0 for an empty cart or empty entries', () => {
    expect(cartCount({})).toBe(0)
    expect(cartCount({ shirt: {} })).toBe(0)
  })
})

describe('cartLines', () => {
  it('flattens the map into product, size and quantity lines, in order', () => {
    expect(cartLines({ shirt: { S: 2, M: 1 }, jeans: { L: 4 } })).toEqual([
      { productId: 'shirt', size: 'S', quantity: 2 },
      { productId: 'shirt', size: 'M', quantity: 1 },
      { productId: 'jeans', size: 'L', quantity: 4 },
    ])
  })

  it('hides zero entries', () => {
    expect(cartLines({ shirt: { S: 0, M: 3 }, jeans: { L: 0 }, hoodie: {} })).toEqual([
      { productId: 'shirt', size: 'M', quantity: 3 },
    ])
  })
})

describe('quantityField', () => {
  it('accepts whole numbers from 0 to 100', () => {
    for (const q of [0, 1, 42, MAX_LINE_QUANTITY]) expect(quantityField.parse(q)).toBe(q)
    expect(MAX_LINE_QUANTITY).toBe(100)
  })

  it.each([
    [-1, 'quantity must be 0 or more'],
    [1.5, 'quantity must be a whole number'],
    [101, 'quantity must be at most 100'],
    ['3', 'quantity must be a whole number'],
    [null, 'quantity must be a whole number'],
    [Number.NaN, 'quantity must be a whole number'],
    [Number.POSITIVE_INFINITY, 'quantity must be a whole number'],
  ])('refuses %s with a message naming the field', (value, message) => {
    const result = quantityField.safeParse(value)
    expect(result.success).toBe(false)
    expect(messages(result)[0]).toBe(message)
  })
})

describe('cart payloads', () => {
  it('requires itemId and size, naming each', () => {
    expect(messages(cartAddSchema.safeParse({}))).toEqual(['itemId is required', 'size is required'])
    expect(messages(cartAddSchema.safeParse({ itemId: '  ', size: '' }))).toEqual([
      'itemId is required',
      'size is required',
    ])
  })

  it('drops fields the contract does not know (a userId in the body has no say)', () => {
    expect(cartAddSchema.parse({ itemId: 'shirt', size: 'M', userId: 'someone-else' })).toEqual({
      itemId: 'shirt',
      size: 'M',
    })
  })

  it('requires a quantity on update', () => {
    expect(messages(cartUpdateSchema.safeParse({ itemId: 'shirt', size: 'M' }))).toEqual([
      'quantity must be a whole number',
    ])
  })

  it('checks every quantity of a merged guest cart', () => {
    expect(cartMergeSchema.parse({ cart: { shirt: { M: 2 } } })).toEqual({ cart: { shirt: { M: 2 } } })
    expect(messages(cartMergeSchema.safeParse({ cart: { shirt: { M: 101 } } }))).toEqual([
      'quantity must be at most 100',
    ])
  })

  it('names the cart when it is missing or malformed', () => {
    expect(messages(cartMergeSchema.safeParse({}))[0]).toMatch(/cart/i)
    expect(messages(cartMergeSchema.safeParse({ cart: { shirt: 3 } }))[0]).toMatch(/cart/i)
  })
})

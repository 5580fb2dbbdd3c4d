import { describe, expect, it } from 'vitest'
import type { ZodType } from 'zod'
import { z } from '#contracts/zod.ts'
import { changePasswordSchema } from '#contracts/account.ts'
import { adminProductInputSchema } from '#contracts/admin.ts'
import { addressSchema, placeOrderSchema } from '#contracts/orders.ts'
import { isAppError, parseWith } from '#server/http/errors.ts'
import { parseForm } from '#app/lib/forms.ts'

// Beside forms.ts; a .server test because it reads the API's parseWith, which the
// page's parseForm must agree with word for word.

/** What the API answers for the input: its data, or its 400's message and field messages. */
function apiAnswer<T>(schema: ZodType<T>, input: unknown) {
  try {
    return { success: true as const, data: parseWith(schema, input) }
  } catch (err) {
    if (!isAppError(err)) throw err
    expect(err.status).toBe(400)
    return { success: false as const, message: err.message, fieldErrors: err.fields }
  }
}

const address = {
  firstName: 'Ayesha',
  lastName: 'Khan',
  email: 'ayesha@example.pk',
  street: '12 Mall Road',
  city: 'Lahore',
  state: 'Punjab',
  pinCode: '54000',
  country: 'Pakistan',
  phone: '03001234567',
}

const sizesNamedTwice = {
  name: 'Kurta',
  description: 'Cotton',
  price: 2500,
  category: 'Men',
  subCategory: 'TopWear',
  sizes: [
    { size: 'M', stock: 3 },
    { size: 'M', stock: 1 },
  ],
  sizeChart: [{ size: 'XL', chest: null, length: null, waist: null, sleeves: null }],
  bestSeller: false,
}

describe('parseForm answers as the API does', () => {
  const cases: [string, ZodType, unknown][] = [
    ['a valid address', addressSchema, address],
    ['an address with several bad fields', addressSchema, { ...address, email: 'nope', pinCode: '12', city: '' }],
    ['an empty form', addressSchema, {}],
    ['no object at all', addressSchema, undefined],
    [
      'passwords that do not match (a refinement on one field)',
      changePasswordSchema,
      { currentPassword: 'old-secret-1', newPassword: 'Fresh-secret-2', confirmPassword: 'Fresh-secret-3' },
    ],
    [
      'a nested payload (address.city, items.0.quantity)',
      placeOrderSchema,
      { address: { ...address, city: '' }, items: [{ _id: 'p1', size: 'M', quantity: 0 }], amount: 10 },
    ],
    [
      'sizes named twice and a chart row for no size (issues added by the schema)',
      adminProductInputSchema,
      sizesNamedTwice,
    ],
    [
      'a refinement of the whole form (no field of its own)',
      z.object({ a: z.string() }).refine((v) => v.a === 'yes', 'Say yes'),
      { a: 'no' },
    ],
  ]

  it.each(cases)('%s', (_, schema, input) => {
    const api = apiAnswer(schema, input)
    const page = parseForm(schema, input)
    expect(page).toEqual(api)
  })

  it('keys a nested field by its path, as the API names it', () => {
    const page = parseForm(placeOrderSchema, { address: { ...address, city: '' }, items: [], amount: 1 })
    expect(page.success).toBe(false)
    if (page.success) return
    expect(page.fieldErrors['address.city']).toBe('City is required')
    expect(page.fieldErrors.items).toBe('items must not be empty')
  })

  it('keys an issue the schema adds by the path it gives', () => {
    const page = parseForm(adminProductInputSchema, sizesNamedTwice)
    expect(page).toMatchObject({
      success: false,
      message: 'sizes: M is named twice',
      fieldErrors: {
        'sizes.1.size': 'sizes: M is named twice',
        'sizeChart.0.size': 'sizeChart: XL is not one of the sizes',
      },
    })
  })
})

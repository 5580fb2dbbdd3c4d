import { describe, expect, it } from 'vitest'
import { addressSchema } from '#contracts/orders.ts'
import { formValues, parseForm } from '#app/lib/forms.ts'

describe('parseForm', () => {
  it('keeps the first message of each field', () => {
    const result = parseForm(addressSchema, { email: 'not-an-email', pinCode: '12' })
    expect(result.success).toBe(false)
    if (result.success) return
    const errors = result.fieldErrors
    expect(errors.firstName).toBe('First name is required')
    expect(errors.email).toBe('Enter a valid email address')
    expect(errors.pinCode).toBe('Pin code must be 3 to 10 digits')
  })
})

describe('formValues', () => {
  it('reads the named fields as text, missing ones as empty', () => {
    const form = new FormData()
    form.set('email', 'a@b.pk')
    expect(formValues(form, ['email', 'password'])).toEqual({ email: 'a@b.pk', password: '' })
  })
})

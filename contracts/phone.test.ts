import { describe, expect, it } from 'vitest'
import { nationalPhone, phoneKey } from '#contracts/phone.ts'

// One phone rule everywhere: the forms a Pakistani mobile number is written in, and the
// JSON number a client following the spec sends (its leading 0 lost), are one customer.

describe('phoneKey', () => {
  it.each([
    ['03001234567', '923001234567'],
    ['+92 300 1234567', '923001234567'],
    ['0300-1234567', '923001234567'],
    ['0300 123 4567', '923001234567'],
    ['00923001234567', '923001234567'],
    ['923001234567', '923001234567'],
    ['3001234567', '923001234567'],
    [3001234567, '923001234567'],
    ['(021) 3456 7890', '922134567890'],
    ['+44 20 7946 0958', '442079460958'],
  ])('%s is %s', (written, key) => {
    expect(phoneKey(written)).toBe(key)
  })

  it('keeps the digits of what is no phone number at all', () => {
    expect(phoneKey('12-34')).toBe('1234')
  })
})

describe('nationalPhone', () => {
  it('writes a Pakistani number as a courier’s form asks, whatever its form', () => {
    for (const written of ['+92 300 1234567', '0300-1234567', 3001234567, '00923001234567'])
      expect(nationalPhone(written)).toBe('03001234567')
    expect(nationalPhone('+44 20 7946 0958')).toBe('+442079460958')
  })
})

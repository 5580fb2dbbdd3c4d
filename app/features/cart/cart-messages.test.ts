import { describe, expect, it } from 'vitest'
import english from '#locales/en/index.ts'
import urdu from '#locales/ur/index.ts'
import { setUpLanguage } from '#app/lib/i18n/i18n.ts'
import { cartMessage } from '#app/features/cart/cart-messages.ts'

const en = setUpLanguage('en', english).getFixedT('en', 'cart')
const ur = setUpLanguage('ur', urdu).getFixedT('ur', 'cart')

// What the server writes (server/cart/service.ts, server/orders/new-order.ts, placing.ts).
const messages = [
  'Only 2 left of Men Oxford Shirt in size M',
  'Men Oxford Shirt in size XL is sold out',
  'size XXL is not available for Men Oxford Shirt',
  'You have 1 order waiting for confirmation. Confirm or cancel it in My Orders before placing another.',
  'You have 3 orders waiting for confirmation. Confirm or cancel them in My Orders before placing another.',
  'This phone number has 1 order waiting for confirmation. Confirm or cancel it in My Orders before placing another.',
  'This phone number has 2 orders waiting for confirmation. Confirm or cancel them in My Orders before placing another.',
  'Too many orders in a short time. Please try again in 1 minute.',
  'Too many orders in a short time. Please try again in 12 minutes.',
  'Your cart has changed, please review it',
  'A message nobody keyed',
]

describe('cartMessage', () => {
  it('gives English pages the server’s words exactly', () => {
    for (const message of messages) expect(cartMessage(en, message)).toBe(message)
  })

  it('reads the changing part into the Urdu message', () => {
    // The size is isolated left to right (U+2066 … U+2069): '2-3Y' stays '2-3Y' after Urdu letters.
    expect(cartMessage(ur, messages[0]!)).toBe('Men Oxford Shirt سائز \u2066M\u2069 میں صرف 2 باقی ہیں')
    expect(cartMessage(ur, messages[4]!)).toContain('آپ کے 3 آرڈرز')
    expect(cartMessage(ur, messages[8]!)).toContain('12 منٹ')
    expect(cartMessage(ur, 'Your cart has changed, please review it')).toBe(
      'آپ کی کارٹ بدل گئی ہے، براہ کرم اسے دوبارہ دیکھ لیں',
    )
    expect(cartMessage(ur, 'A message nobody keyed')).toBe('A message nobody keyed')
  })
})

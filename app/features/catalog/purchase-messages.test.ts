import { describe, expect, it } from 'vitest'
import english from '#locales/en/index.ts'
import urdu from '#locales/ur/index.ts'
import { setUpLanguage } from '#app/lib/i18n/i18n.ts'
import { purchaseMessage, SIZE_REQUIRED } from '#app/features/catalog/purchase-messages.ts'

const en = setUpLanguage('en', english).getFixedT('en', 'catalog')
const ur = setUpLanguage('ur', urdu).getFixedT('ur', 'catalog')

describe('purchaseMessage', () => {
  it('leaves the English as it is', () => {
    expect(purchaseMessage(en, SIZE_REQUIRED)).toBe(SIZE_REQUIRED)
    expect(purchaseMessage(en, 'Only 2 left of Men Oxford Shirt in size M')).toBe(
      'Only 2 left of Men Oxford Shirt in size M',
    )
    expect(purchaseMessage(en, 'This item could not be added to your cart.')).toBe(
      'This item could not be added to your cart.',
    )
    expect(purchaseMessage(en, 'Something new')).toBe('Something new')
  })

  it('says the page’s and the server’s messages in Urdu, with their names, sizes and counts', () => {
    expect(purchaseMessage(ur, SIZE_REQUIRED)).toBe('کارٹ میں ڈالنے سے پہلے سائز منتخب کریں')
    expect(purchaseMessage(ur, 'Only 2 left of Men Oxford Shirt in size M')).toBe(
      'Men Oxford Shirt سائز M میں صرف 2 باقی ہیں',
    )
    expect(purchaseMessage(ur, 'Men Oxford Shirt in size 12-13Y is sold out')).toBe(
      'Men Oxford Shirt سائز 12-13Y میں ختم ہو گیا ہے',
    )
    expect(purchaseMessage(ur, 'size XXL is not available for Kids Hoodie')).toBe(
      'Kids Hoodie سائز XXL میں دستیاب نہیں',
    )
    expect(purchaseMessage(ur, 'You are waiting for 50 sizes already. Cancel one to ask for another.')).toContain('50')
    expect(purchaseMessage(ur, 'This item could not be added to your cart.')).toBe(
      'یہ چیز آپ کے کارٹ میں نہیں ڈالی جا سکی۔',
    )
    expect(purchaseMessage(ur, 'Something new')).toBe('Something new')
  })
})

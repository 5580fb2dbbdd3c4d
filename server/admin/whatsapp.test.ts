import { describe, expect, it } from 'vitest'
import { whatsappUrl } from '#server/admin/whatsapp.ts'
import { makeOrder } from '#tests/support/factories.ts'

// The console's WhatsApp message names the order's discount code and what it took off
// (docs/decisions/026), the total being what the courier collects.

const order = makeOrder({ discountCode: 'EID25', discount: 1250, amount: 3798 })

const text = (url: string) => new URL(url).searchParams.get('text')!

describe('the WhatsApp message', () => {
  it('names the discount code and what it took off, before the total to collect', () => {
    const en = text(whatsappUrl(order, 'Kapra', 'en'))
    expect(en).toContain('Discount (EID25): −Rs 1,250\nTotal: Rs 3,798 (cash on delivery)')
    const ur = text(whatsappUrl(order, 'Kapra', 'ur'))
    expect(ur).toContain('ڈسکاؤنٹ (EID25): \u2066−Rs 1,250\u2069\nکل رقم: Rs 3,798')
  })

  it('says nothing of a discount when the order used no code', () => {
    expect(text(whatsappUrl({ ...order, discountCode: null, discount: 0, amount: 5048 }, 'Kapra', 'en'))).not.toContain(
      'Discount',
    )
  })
})

describe('the WhatsApp link', () => {
  it.each(['03001234567', '+92 300 1234567', '0300-1234567', '3001234567'])(
    'reaches %s in international form',
    (phone) => {
      const url = whatsappUrl(makeOrder({ address: { ...order.address, phone } }), 'Kapra', 'en')
      expect(url.startsWith('https://wa.me/923001234567?')).toBe(true)
    },
  )
})

describe('the WhatsApp message once shipped', () => {
  const shipped = makeOrder({
    status: 'Shipped',
    courier: 'Leopards',
    trackingNumber: 'LE 7781',
    trackingUrl: 'https://www.leopardscourier.com/tracking?cn=LE%207781',
  })

  it('links straight to the courier’s tracking page, in both languages', () => {
    const en = text(whatsappUrl(shipped, 'Kapra', 'en'))
    expect(en).toContain('on its way with Leopards')
    expect(en).toContain(
      'Tracking number: LE 7781\nFollow your parcel: https://www.leopardscourier.com/tracking?cn=LE%207781',
    )
    const ur = text(whatsappUrl(shipped, 'Kapra', 'ur'))
    expect(ur).toContain('https://www.leopardscourier.com/tracking?cn=LE%207781')
    expect(ur).not.toContain('YES')
  })

  it('gives the number alone for a courier without a tracking page', () => {
    const en = text(whatsappUrl({ ...shipped, courier: 'Other', trackingUrl: null }, 'Kapra', 'en'))
    expect(en).toContain('Tracking number: LE 7781')
    expect(en).not.toContain('Follow your parcel')
  })
})

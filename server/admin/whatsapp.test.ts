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

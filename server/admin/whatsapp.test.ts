import { describe, expect, it } from 'vitest'
import type { Order } from '#contracts/orders.ts'
import { whatsappUrl } from '#server/admin/whatsapp.ts'

// The console's WhatsApp message names the order's discount code and what it took off
// (docs/decisions/026), the total being what the courier collects.

const order: Order = {
  _id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  items: [{ _id: 'oxford-shirt', name: 'Men Oxford Shirt', price: 2499, image: '/a.webp', size: 'M', quantity: 2 }],
  subtotal: 4998,
  deliveryFee: 50,
  discountCode: 'EID25',
  discount: 1250,
  amount: 3798,
  address: {
    firstName: 'Ayesha',
    lastName: 'Khan',
    email: 'ayesha@example.com',
    street: '12 Zamzama Boulevard',
    city: 'Karachi',
    state: 'Sindh',
    pinCode: '75600',
    country: 'Pakistan',
    phone: '03001234567',
  },
  status: 'Order Placed',
  payment: false,
  paymentMethod: 'COD',
  date: 0,
  events: [],
  courier: null,
  trackingNumber: null,
}

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

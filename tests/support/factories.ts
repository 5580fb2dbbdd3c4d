import type { DemoProduct } from '#demo/catalog-types.ts'
import type { Order } from '#contracts/orders.ts'

let n = 0

/** A catalog product record; the demo catalog is made of the same records. */
export function makeProduct(overrides: Partial<DemoProduct> = {}): DemoProduct {
  n++
  const product: DemoProduct = {
    id: `test-product-${n}`,
    name: `Test Product ${n}`,
    description: 'A plain cotton test garment.',
    price: 1000 + n,
    category: 'Men',
    subCategory: 'TopWear',
    garment: 'tshirt',
    colors: { main: '#1f3a5f', secondary: '#ffffff', accent: '#c0392b' },
    pattern: 'plain',
    sizes: ['S', 'M', 'L'],
    sizeChart: [
      { size: 'S', chest: '36', length: '27', waist: null, sleeves: '8' },
      { size: 'M', chest: '38', length: '28', waist: null, sleeves: '8.5' },
      { size: 'L', chest: '40', length: '29', waist: null, sleeves: '9' },
    ],
    bestSeller: false,
    ...overrides,
  }
  // Plenty of every size unless a test says otherwise, so only stock tests meet a limit.
  return { ...product, stock: { ...Object.fromEntries(product.sizes.map((s) => [s, 500])), ...overrides.stock } }
}

export const testAddress = {
  firstName: 'Ayesha',
  lastName: 'Khan',
  email: 'ayesha@example.com',
  street: '12 Zamzama Boulevard',
  city: 'Karachi',
  state: 'Sindh',
  pinCode: '75600',
  country: 'Pakistan',
  phone: '03001234567',
}

/**
 * An order as the API answers it, for a unit test of what is written from one (emails,
 * the WhatsApp message): two shirts, cash on delivery, placed, to testAddress.
 */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    _id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    items: [
      {
        _id: 'oxford-shirt',
        name: 'Men Oxford Shirt',
        price: 2499,
        image: '/a.webp',
        image1: '/a.webp',
        size: 'M',
        quantity: 2,
      },
    ],
    subtotal: 4998,
    deliveryFee: 50,
    discountCode: null,
    discount: 0,
    amount: 5048,
    address: { ...testAddress },
    status: 'Order Placed',
    payment: false,
    paymentMethod: 'COD',
    date: 0,
    events: [],
    courier: null,
    trackingNumber: null,
    trackingUrl: null,
    request: null,
    exchangeFor: null,
    ...overrides,
  }
}

let accounts = 0

/** A fresh, valid registration payload: a unique address on every call, in every process. */
export function newAccount(overrides: Partial<{ name: string; email: string; password: string }> = {}) {
  accounts++
  return {
    name: `Shopper ${accounts}`,
    email: `shopper-${Date.now()}-${process.pid}-${accounts}@example.com`,
    password: 'correct horse battery',
    ...overrides,
  }
}

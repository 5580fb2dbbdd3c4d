import type { Order } from '#contracts/orders.ts'
import { formatPrice } from '#contracts/pricing.ts'
import { expect, test, withStore } from '#tests/e2e/fixtures.ts'
import { collectErrors, expectNoSeriousViolations, expectNoSidewaysScroll, open } from '#tests/e2e/support.ts'

// Discount codes in the browser (docs/decisions/026), at 1280 px and 390 px, in English
// and Urdu: a refused code says why, an applied code changes the total, and the order
// placed with it shows the discount on its page.

test.use({ loginPromptSeen: true })

const words = {
  en: {
    field: 'Have a discount code?',
    apply: 'Apply',
    refused: 'This code needs a subtotal of at least Rs 1,000,000.',
    applied: 'Code applied:',
    place: 'Place Order',
    discount: 'Discount',
  },
  ur: {
    field: 'ڈسکاؤنٹ کوڈ ہے؟',
    apply: 'لگائیں',
    refused: 'یہ کوڈ کم از کم Rs 1,000,000 کی خریداری پر لگتا ہے۔',
    applied: 'کوڈ لگ گیا:',
    place: 'آرڈر دیں',
    discount: 'ڈسکاؤنٹ',
  },
} as const

for (const lang of ['en', 'ur'] as const) {
  test(`a shopper applies a code, sees a refusal's reason and the total change, and orders with it (${lang})`, async ({
    page,
    shopper: _shopper,
    saveAddress,
    ownProduct,
  }) => {
    const errors = collectErrors(page)
    const w = words[lang]
    const at = (path: string) => (lang === 'ur' ? `/ur${path}` : path)
    const tag = `${test.info().project.name}-${lang}-${Date.now().toString(36)}`.toUpperCase().replace(/[^A-Z0-9]/g, '')
    const good = `TEN${tag}`.slice(0, 40)
    const big = `BIG${tag}`.slice(0, 40)
    await withStore(async ({ services, db }) => {
      await services.discounts.create(db, { code: good, kind: 'percent', value: 10 })
      await services.discounts.create(db, { code: big, kind: 'fixed', value: 100, minSubtotal: 1_000_000 })
    })
    await saveAddress()
    const { product, size } = await ownProduct()
    expect((await page.request.post('/api/cart/add', { data: { itemId: product._id, size } })).ok()).toBe(true)
    const before = product.price + 50
    const off = Math.round(product.price / 10)

    await open(page, at('/cart'))
    const total = page.getByTestId('cart-total')
    await expect(total).toHaveText(formatPrice(before))
    await page.getByLabel(w.field).fill(big.toLowerCase())
    await page.getByRole('button', { name: w.apply }).click()
    await expect(page.getByRole('alert')).toHaveText(w.refused)
    await expect(total).toHaveText(formatPrice(before))
    await expectNoSeriousViolations(page)

    await page.getByLabel(w.field).fill(good.toLowerCase())
    await page.getByRole('button', { name: w.apply }).click()
    await expect(page.getByText(w.applied)).toBeVisible()
    await expect(total).toHaveText(formatPrice(before - off))
    await expectNoSeriousViolations(page)
    await expectNoSidewaysScroll(page)

    await open(page, at('/placeorder'))
    await expect(page.getByTestId('cart-total')).toHaveText(formatPrice(before - off))
    await expectNoSeriousViolations(page)
    await page.getByRole('button', { name: w.place }).click()
    await page.waitForURL(/\/order(\?|$)/)

    const mine = (await (await page.request.post('/api/order/userorder')).json()) as Order[]
    const order = mine.at(-1)!
    expect(order).toMatchObject({ discountCode: good, discount: off, amount: before - off })
    await open(page, at(`/order/${order._id}`))
    await expect(page.getByText(`${w.discount} (${good})`)).toBeVisible()
    await expectNoSeriousViolations(page)
    expect(errors).toEqual([])
  })
}

test('the owner makes a code in the console without scripts’ help, sees it listed and ends it', async ({
  page,
  admin,
}) => {
  const errors = collectErrors(page)
  expect((await page.request.post('/api/auth/login', { data: admin })).ok()).toBe(true)
  const code = `CONSOLE${test.info().project.name}${Date.now().toString(36)}`.toUpperCase().replace(/[^A-Z0-9]/g, '')
  await open(page, '/admin/discounts/new')
  await expectNoSeriousViolations(page)
  await page.getByLabel('Code', { exact: true }).fill(code.toLowerCase())
  await page.getByLabel('Kind').selectOption('fixed')
  await page.getByLabel('Value').fill('300')
  await page.getByLabel('Total uses').fill('5')
  await page.getByRole('button', { name: 'Create code' }).click()
  await expect(page.getByRole('status')).toHaveText('The code is saved.')
  await expect(page.getByRole('heading', { name: code })).toBeVisible()
  await expectNoSeriousViolations(page)

  await open(page, '/admin/discounts')
  const row = page.getByRole('listitem').filter({ hasText: code })
  await expect(row).toContainText('Rs 300 off')
  await expect(row).toContainText('0 / 5 used')
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)
  await row.getByRole('button', { name: `End now ${code}` }).click()
  await expect(page.getByRole('status')).toHaveText('The code has ended.')
  expect(errors).toEqual([])
})

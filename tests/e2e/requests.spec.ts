import type { Page } from '@playwright/test'
import type { Product } from '#contracts/catalog.ts'
import { orderNumber, type Order } from '#contracts/orders.ts'
import { testAddress } from '#tests/support/factories.ts'
import { expect, test, withStore } from '#tests/e2e/fixtures.ts'
import { collectErrors, expectNoSeriousViolations, expectNoSidewaysScroll, open } from '#tests/e2e/support.ts'

// Exchanges and returns (docs/decisions/036) in the browser at 1280 px and at 390 px (the
// phone project, playwright.config.ts), in English and in Urdu: a shopper asks for another
// size from their delivered order's page, with the plain form, and the owner approves it
// in the console's Requests tab; the shopper's page then shows the exchange and its order.
// Each test's product is its own (ownProduct); the order is delivered with the store's service.

// A request decided within the test, nothing more: the products go back to the shelf after each test.
test.use({ loginPromptSeen: true, releaseProducts: true })

/** The signed-in shopper's order of `product` in `size`, delivered. */
async function delivered(page: Page, product: Product, size: string): Promise<Order> {
  expect((await page.request.post('/api/cart/add', { data: { itemId: product._id, size } })).ok()).toBe(true)
  const res = await page.request.post('/api/order/placeorder', {
    data: { address: testAddress, items: [{ _id: product._id, size, quantity: 1 }], amount: product.price + 50 },
  })
  expect(res.status()).toBe(201)
  const { order } = (await res.json()) as { order: Order }
  await withStore(async ({ services }) => {
    for (const to of ['Confirmed', 'Packing', 'Shipped', 'Delivered'] as const)
      await services.orders.advance(order._id, to, to === 'Shipped' ? { courier: 'TCS', trackingNumber: 'E2E' } : {})
  })
  return order
}

const words = {
  en: {
    prefix: '',
    form: 'Exchange or return',
    kind: 'Another size',
    quantity: 'How many',
    newSize: 'New size',
    reason: 'Reason',
    reasonOption: 'The size does not fit',
    note: 'Anything else we should know? (optional)',
    submit: 'Send request',
    sent: 'Your request is sent. We will answer by email.',
    card: 'Your exchange',
    waiting: "Sent: waiting for the store's answer.",
    approved: 'Approved: your new sizes are set aside and come by courier, who takes the old pieces back.',
    seeExchange: (n: string) => `See your exchange order ${n}`,
    exchangeFor: (n: string) => `An exchange for your order ${n}`,
    credit: 'Paid on your earlier order',
    listed: 'exchange approved',
  },
  ur: {
    prefix: '/ur',
    form: 'تبدیلی یا واپسی',
    kind: 'دوسرا سائز',
    quantity: 'کتنی',
    newSize: 'نیا سائز',
    reason: 'وجہ',
    reasonOption: 'سائز پورا نہیں آیا',
    note: 'کچھ اور بتانا چاہیں؟ (اختیاری)',
    submit: 'درخواست بھیجیں',
    sent: 'آپ کی درخواست بھیج دی گئی ہے۔ ہم ای میل پر جواب دیں گے۔',
    card: 'آپ کی تبدیلی',
    waiting: 'بھیج دی گئی: اسٹور کے جواب کا انتظار ہے۔',
    approved: 'منظور: نئے سائز آپ کے لیے رکھ لیے گئے ہیں، کوریئر لے کر آئے گا اور پرانی چیزیں واپس لے جائے گا۔',
    seeExchange: (n: string) => `اپنا تبدیلی کا آرڈر ${n} دیکھیں`,
    exchangeFor: (n: string) => `آپ کے آرڈر ${n} کی تبدیلی`,
    credit: 'پچھلے آرڈر پر ادا شدہ',
    listed: 'تبدیلی منظور ہو گئی',
  },
} as const

for (const lang of ['en', 'ur'] as const) {
  const w = words[lang]
  test(`a shopper asks for another size from the order page (${lang}) and the owner approves it in the console`, async ({
    page,
    shopper: _shopper,
    admin,
    ownProduct,
  }) => {
    // The whole exchange, from the shopper's form through the console to both orders' pages:
    // about 30 s on a 2-core machine, more than the default.
    test.setTimeout(90_000)
    const errors = collectErrors(page)
    const { product, size } = await ownProduct()
    const newSize = product.sizes.find((s) => s !== size && (product.stock[s] ?? 0) > 0)
    test.skip(!newSize, 'the claimed product has one size in stock')
    const order = await delivered(page, product, size)
    const number = orderNumber(order._id)

    await open(page, `${w.prefix}/order/${order._id}`)
    const form = page.getByRole('region', { name: w.form })
    await form.getByRole('radio', { name: w.kind }).check()
    await form.getByLabel(w.quantity).selectOption('1')
    await form.getByLabel(w.newSize).selectOption(newSize!)
    await form.getByLabel(w.reason, { exact: true }).selectOption({ label: w.reasonOption })
    await form.getByLabel(w.note).fill('Too tight across the shoulders')
    await expectNoSeriousViolations(page)
    await expectNoSidewaysScroll(page)
    await page.screenshot({
      path: `test-results/request-form-${lang}-${test.info().project.name}.png`,
      fullPage: true,
    })
    await form.getByRole('button', { name: w.submit }).click()
    await expect(page.getByText(w.sent)).toBeVisible()
    await expect(page.getByRole('region', { name: w.card }).getByText(w.waiting)).toBeVisible()
    // One request at a time: the form is gone until this one is settled.
    await expect(page.getByRole('region', { name: w.form })).toHaveCount(0)
    await expectNoSeriousViolations(page)

    // The owner, in a browser of their own.
    const owner = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL })
    const consolePage = await owner.newPage()
    expect((await consolePage.request.post('/api/auth/login', { data: admin })).ok()).toBe(true)
    await open(consolePage, '/admin/requests')
    await expect(consolePage.getByRole('link', { name: /^Requests \d+/ }).first()).toBeVisible()
    const card = consolePage.getByRole('article', { name: `Exchange · ${number}` })
    await expect(card.getByText(`size ${size} → ${newSize} × 1`, { exact: false })).toBeVisible()
    await expect(card.getByText('Too tight across the shoulders', { exact: false })).toBeVisible()
    await expectNoSeriousViolations(consolePage)
    await expectNoSidewaysScroll(consolePage)
    await consolePage.screenshot({
      path: `test-results/console-requests-${lang}-${test.info().project.name}.png`,
      fullPage: true,
    })
    await card.getByLabel('Note to the shopper (sent with the answer)').fill('Sending the new size this week')
    await card.getByRole('button', { name: `Approve ${number}` }).click()
    await expect(consolePage.getByRole('article', { name: `Exchange · ${number}` })).toHaveCount(0)
    await open(consolePage, '/admin/requests?status=approved')
    await expect(consolePage.getByRole('article', { name: `Exchange · ${number}` })).toBeVisible()
    await owner.close()

    // The shopper's order shows the approval and links to the exchange order, which names its original.
    await open(page, `${w.prefix}/order/${order._id}`)
    const answer = page.getByRole('region', { name: w.card })
    await expect(answer.getByText(w.approved)).toBeVisible()
    await expect(answer.getByText('Sending the new size this week')).toBeVisible()
    await expectNoSeriousViolations(page)
    await page.screenshot({
      path: `test-results/request-approved-${lang}-${test.info().project.name}.png`,
      fullPage: true,
    })
    // My Orders says it on the piece's line too.
    await open(page, `${w.prefix}/order`)
    await expect(page.getByText(w.listed).first()).toBeVisible()
    await expectNoSidewaysScroll(page)
    await page.screenshot({
      path: `test-results/request-listed-${lang}-${test.info().project.name}.png`,
      fullPage: true,
    })
    await open(page, `${w.prefix}/order/${order._id}`)
    const exchange = await withStore(async ({ db }) =>
      db
        .selectFrom('orders')
        .select(['id', 'delivery_fee', 'status'])
        .where('exchange_for', '=', order._id)
        .executeTakeFirstOrThrow(),
    )
    expect(exchange).toMatchObject({ delivery_fee: 0, status: 'Confirmed' })
    // Order numbers sit in their own direction inside the sentence (isolated), in either language.
    const isolated = (n: string) => `\u2068${n}\u2069`
    await answer.getByRole('link', { name: w.seeExchange(isolated(orderNumber(exchange.id))) }).click()
    await expect(page.getByRole('link', { name: w.exchangeFor(isolated(number)) })).toBeVisible()
    // No delivery fee; what the old piece cost is paid already.
    await expect(page.getByText(w.credit)).toBeVisible()
    await expectNoSeriousViolations(page)
    await expectNoSidewaysScroll(page)
    expect(errors).toEqual([])
  })
}

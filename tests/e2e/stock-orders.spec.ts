import type { Page } from '@playwright/test'
import type { Product } from '#contracts/catalog.ts'
import type { Order } from '#contracts/orders.ts'
import { testAddress } from '#tests/support/factories.ts'
import { expect, register, test, withStore } from '#tests/e2e/fixtures.ts'
import { collectErrors, expectNoSeriousViolations, expectNoSidewaysScroll, open } from '#tests/e2e/support.ts'

// Stock per size and the life of an order in the browser (docs/spec/rulings.md #15, #24),
// at 1280 px and at 390 px (the phone project, playwright.config.ts). The store's side of
// an order (packing, shipping, delivery) is moved with the store's own service, on the
// database of the store under test (withStore); each order is of a product of the test's
// own (ownProduct), so tests side by side never share a shelf.

async function catalog(page: Page): Promise<Product[]> {
  return (await (await page.request.get('/api/product/list')).json()) as Product[]
}

/** A signed-in shopper with one order of one piece of `product` in `size`. */
async function placeOrder(page: Page, product: Product, size: string): Promise<Order> {
  await register(page.request, {}, { signIn: true })
  expect((await page.request.post('/api/cart/add', { data: { itemId: product._id, size } })).ok()).toBe(true)
  const res = await page.request.post('/api/order/placeorder', {
    data: { address: testAddress, items: [{ _id: product._id, size, quantity: 1 }], amount: product.price + 50 },
  })
  expect(res.status()).toBe(201)
  return ((await res.json()) as { order: Order }).order
}

const progress = (page: Page) => page.getByRole('list', { name: 'Order progress' })

test.use({ loginPromptSeen: true })

test('a sold-out size is shown, disabled and announced; a size at 3 or fewer says how many are left', async ({
  page,
}) => {
  const list = await catalog(page)
  const soldOut = list.find((p) => p.sizes.some((s) => p.stock[s] === 0) && p.sizeChart.length > 0)!
  const gone = soldOut.sizes.find((s) => soldOut.stock[s] === 0)!
  await open(page, `/productdetail/${soldOut._id}`)
  const sizes = page.getByRole('group', { name: /Select Size/ })
  const goneRadio = sizes.getByRole('radio', { name: gone, exact: true })
  await expect(goneRadio).toBeDisabled()
  await expect(goneRadio).toHaveAccessibleDescription('Sold out')
  await expect(sizes.getByRole('radio', { name: soldOut.sizes.find((s) => s !== gone)!, exact: true })).toBeEnabled()
  if (soldOut.sizeChart.some((r) => r.size === gone))
    await expect(page.getByRole('button', { name: `${gone} sold out`, exact: true })).toBeDisabled()
  await expectNoSeriousViolations(page)

  const low = list.find((p) => p.sizes.some((s) => (p.stock[s] ?? 0) > 0 && (p.stock[s] ?? 0) <= 3))!
  const few = low.sizes.find((s) => (low.stock[s] ?? 0) > 0 && (low.stock[s] ?? 0) <= 3)!
  const left = low.stock[few]!
  await open(page, `/productdetail/${low._id}`)
  const fewRadio = page.getByRole('group', { name: /Select Size/ }).getByRole('radio', { name: few, exact: true })
  await expect(fewRadio).toHaveAccessibleDescription(`${left} left`)
  await fewRadio.click()
  await expect(page.getByText(`Only ${left} left in size ${few}`)).toBeVisible()
  await expectNoSidewaysScroll(page)
})

test('a shopper asks for an email when a sold-out size is back, and can cancel it; a guest is asked to sign in', async ({
  page,
}) => {
  const list = await catalog(page)
  const soldOut = list.find((p) => p.sizes.some((s) => p.stock[s] === 0))!
  const gone = soldOut.sizes.find((s) => soldOut.stock[s] === 0)!
  await open(page, `/productdetail/${soldOut._id}`)
  const section = page.getByRole('region', { name: /^Sold out in/ })
  await expect(section.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    `/login?redirectTo=${encodeURIComponent(`/productdetail/${soldOut._id}#back-in-stock`)}`,
  )

  await register(page.request, {}, { signIn: true })
  await open(page, `/productdetail/${soldOut._id}`)
  await section.getByRole('button', { name: `Notify me when ${gone} is back` }).click()
  await expect(section.getByText(`We will email you when size ${gone} is back.`)).toBeVisible()
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)
  await section.getByRole('button', { name: `Cancel the email for size ${gone}` }).click()
  await expect(section.getByRole('button', { name: `Notify me when ${gone} is back` })).toBeVisible()
})

test('the shopper confirms an order with one tap on My Orders, and its page shows the step', async ({
  page,
  ownProduct,
}) => {
  const errors = collectErrors(page)
  const { product, size } = await ownProduct()
  const order = await placeOrder(page, product, size)
  await open(page, '/order')
  const awaiting = page.getByRole('region', { name: /Please confirm/ })
  const number = `#${order._id.replace(/-/g, '').slice(0, 8).toUpperCase()}`
  await expect(awaiting.getByRole('link', { name: `Order ${number}`, exact: true })).toBeVisible()
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)

  await awaiting.getByRole('button', { name: `Confirm order ${number}` }).click()
  await expect(page).toHaveURL(`/order/${order._id}?done=confirm`)
  await expect(page.getByRole('status')).toHaveText('Thank you: your order is confirmed.')
  await expect(page.getByRole('heading', { name: 'Status: Confirmed' })).toBeVisible()
  await expect(progress(page).getByRole('listitem').nth(1)).toContainText('Confirmed, done')
  // Confirmed, it can still be cancelled, but not confirmed again.
  await expect(page.getByRole('button', { name: 'Confirm order' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Cancel order' })).toBeVisible()
  await open(page, '/order')
  await expect(page.getByRole('region', { name: /Please confirm/ })).toHaveCount(0)
  expect(errors).toEqual([])
})

test('cancelling asks first; once cancelled, the order says so and its stock is back', async ({ page, ownProduct }) => {
  const { product, size } = await ownProduct()
  const order = await placeOrder(page, product, size)
  const stockAfterOrder = (await catalog(page)).find((p) => p._id === product._id)!.stock[size]
  expect(stockAfterOrder).toBe(product.stock[size]! - 1)

  await open(page, `/order/${order._id}`)
  await page.getByRole('link', { name: 'Cancel order' }).click()
  await expect(page.getByText(/Cancel order #\w+\? This cannot be undone\./)).toBeVisible()
  await page.getByRole('link', { name: 'Keep my order' }).click()
  await expect(page.getByText(/This cannot be undone/)).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Status: Order Placed' })).toBeVisible()

  await page.getByRole('link', { name: 'Cancel order' }).click()
  await page.getByRole('button', { name: 'Yes, cancel order' }).click()
  await expect(page.getByRole('status')).toHaveText('Your order is cancelled.')
  await expect(page.getByRole('heading', { name: 'Status: Cancelled' })).toBeVisible()
  await expect(progress(page).getByRole('listitem').last()).toContainText('Cancelled, final step')
  await expect(page.getByRole('link', { name: 'Cancel order' })).toHaveCount(0)
  expect((await catalog(page)).find((p) => p._id === product._id)!.stock[size]).toBe(product.stock[size])
})

test('the timeline follows the parcel: shipped with courier and tracking number, then delivered and paid', async ({
  page,
  ownProduct,
}) => {
  const { product, size } = await ownProduct()
  const order = await placeOrder(page, product, size)
  await withStore(async ({ services }) => {
    await services.orders.advance(order._id, 'Confirmed')
    await services.orders.advance(order._id, 'Packing')
    await services.orders.advance(order._id, 'Shipped', { courier: 'TCS', trackingNumber: '7788123456' })
  })
  await open(page, `/order/${order._id}`)
  await expect(page.getByRole('heading', { name: 'Status: Shipped' })).toBeVisible()
  const steps = progress(page).getByRole('listitem')
  await expect(steps).toHaveCount(6)
  await expect(steps.nth(3)).toContainText('Shipped, done, current step')
  await expect(steps.nth(3)).toContainText('TCS · tracking number 7788123456')
  await expect(steps.nth(4)).toContainText('Out for delivery, not yet')
  await expect(page.getByRole('heading', { name: 'To pay on delivery' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Cancel order' })).toHaveCount(0)
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)

  await withStore(async ({ services }) => {
    await services.orders.advance(order._id, 'Out for delivery')
    await services.orders.advance(order._id, 'Delivered')
  })
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Status: Delivered' })).toBeVisible()
  await expect(steps.nth(5)).toContainText('Delivered, done')
  await expect(page.getByRole('heading', { name: 'Paid on delivery' })).toBeVisible()
})

test("another shopper's order is not found", async ({ page, browser, baseURL, ownProduct }) => {
  const { product, size } = await ownProduct()
  const order = await placeOrder(page, product, size)
  const stranger = await browser.newPage({ baseURL })
  try {
    await register(stranger.request, {}, { signIn: true })
    const res = await stranger.goto(`/order/${order._id}`)
    expect(res?.status()).toBe(404)
  } finally {
    await stranger.close()
  }
})

test('an order nobody confirms is cancelled by the store after 48 hours, and its page says why', async ({
  page,
  ownProduct,
}) => {
  const { product, size } = await ownProduct()
  const order = await placeOrder(page, product, size)
  await withStore(async ({ services, db }) => {
    // Placed 49 hours ago (the store's database is fresh each run: no other order is that old).
    await db
      .updateTable('orders')
      .set({ created_at: Date.now() - 49 * 60 * 60_000 })
      .where('id', '=', order._id)
      .execute()
    // The store's own instance may hold the job's lease at that moment (its run takes
    // milliseconds): try until one of the two has cancelled it.
    await expect
      .poll(async () => {
        await services.orders.expireUnconfirmed()
        return (await db.selectFrom('orders').select('status').where('id', '=', order._id).executeTakeFirst())?.status
      })
      .toBe('Cancelled')
  })
  await open(page, `/order/${order._id}`)
  await expect(page.getByRole('heading', { name: 'Status: Cancelled' })).toBeVisible()
  await expect(progress(page).getByRole('listitem').last()).toContainText('Not confirmed in time')
  await expect(page.getByRole('link', { name: 'Cancel order' })).toHaveCount(0)
  expect((await catalog(page)).find((p) => p._id === product._id)!.stock[size]).toBe(product.stock[size])
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)
  await progress(page).scrollIntoViewIfNeeded()
  await page.screenshot({ path: test.info().outputPath('not-confirmed.png') })
})

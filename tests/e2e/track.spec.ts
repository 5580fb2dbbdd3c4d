import type { Browser, Page } from '@playwright/test'
import type { Product } from '#contracts/catalog.ts'
import type { Order } from '#contracts/orders.ts'
import { testAddress } from '#tests/support/factories.ts'
import { expect, register, test, withStore } from '#tests/e2e/fixtures.ts'
import { collectErrors, expectNoSeriousViolations, expectNoSidewaysScroll, open } from '#tests/e2e/support.ts'
import ur from '#locales/ur/index.ts'

// /track in the browser, at 1280 and 390 px (the phone project runs this file too), in both
// languages: a guest finds a shipped order by its number and phone, follows the courier's
// link, and sees nobody's name or address; a wrong pair says so without saying which half;
// the form works as a plain GET without scripts. The shopper's My Orders links the courier too.

const LEOPARDS = 'https://www.leopardscourier.com/tracking?cn=LE-7781234'

/** An order of one piece, placed by a shopper of its own (not this page's), shipped with Leopards. */
async function shippedOrder(browser: Browser, product: Product, size: string): Promise<Order> {
  const context = await browser.newContext()
  await register(context.request, {}, { signIn: true })
  expect((await context.request.post('/api/cart/add', { data: { itemId: product._id, size } })).ok()).toBe(true)
  const res = await context.request.post('/api/order/placeorder', {
    data: { address: testAddress, items: [{ _id: product._id, size, quantity: 1 }], amount: product.price + 50 },
  })
  expect(res.status()).toBe(201)
  const { order } = (await res.json()) as { order: Order }
  await context.close()
  await withStore(async ({ services }) => {
    await services.orders.advance(order._id, 'Confirmed')
    await services.orders.advance(order._id, 'Packing')
    await services.orders.advance(order._id, 'Shipped', { courier: 'Leopards', trackingNumber: 'LE-7781234' })
  })
  return order
}

const numberOf = (order: Order) => `#${order._id.replace(/-/g, '').slice(0, 8).toUpperCase()}`

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-${test.info().project.name}.png`), fullPage: true })
}

// Orders are looked up here, nothing more: the products go back to the shelf after each test.
test.use({ loginPromptSeen: true, releaseProducts: true })

test('a guest tracks a shipped order by its number and phone, and follows the courier’s link', async ({
  page,
  browser,
  ownProduct,
}) => {
  const errors = collectErrors(page)
  const { product, size } = await ownProduct()
  const order = await shippedOrder(browser, product, size)

  await open(page, '/track')
  await expect(page.getByRole('heading', { level: 1, name: 'Where is my order?' })).toBeVisible()
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)

  // The number as the email shows it, the phone in another of its forms.
  await page.getByLabel('Order number').fill(numberOf(order))
  await page.getByLabel('Phone number').fill('+92 300 1234567')
  await page.getByRole('button', { name: 'Track order' }).click()
  const card = page.getByRole('region', { name: `Order ${numberOf(order)}` })
  await expect(card).toBeVisible()
  await expect(card).toContainText('Status: Shipped')
  const courier = card.getByRole('link', { name: /Follow your parcel on Leopards/ }).first()
  await expect(courier).toHaveAttribute('href', LEOPARDS)
  await expect(courier).toHaveAttribute('target', '_blank')
  const steps = card.getByRole('list', { name: 'Order progress' }).getByRole('listitem')
  await expect(steps.nth(3)).toContainText('Shipped, done, current step')
  // Nobody's name or address.
  for (const personal of [testAddress.firstName, testAddress.lastName, testAddress.street, testAddress.email])
    await expect(page.getByRole('main')).not.toContainText(personal)
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)
  await shot(page, 'track-found')

  // A wrong pair: the same words whichever half was wrong.
  await page.getByLabel('Phone number').fill('0311 1111111')
  await page.getByRole('button', { name: 'Track order' }).click()
  await expect(page.getByRole('alert')).toHaveText('No order matches this order number and phone number')
  await expect(card).toHaveCount(0)

  // A number that is none is caught before it is sent, beside its field.
  await page.getByLabel('Order number').fill('12')
  await page.getByRole('button', { name: 'Track order' }).click()
  await expect(page.getByLabel('Order number')).toHaveAccessibleDescription(
    /Enter the order number as shown, such as #1A2B3C4D/,
  )
  await expectNoSeriousViolations(page)
  // The wrong pair's answer is a 404 (as the API's), which the browser notes as a failed load.
  expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([])
})

test('in Urdu, right to left, and as a plain form before any script runs', async ({ page, browser, ownProduct }) => {
  const { product, size } = await ownProduct()
  const order = await shippedOrder(browser, product, size)

  await open(page, '/ur/track')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { level: 1, name: ur.orders['track.title'] })).toBeVisible()
  await page.getByLabel(ur.orders['track.order']).fill(numberOf(order).slice(1).toLowerCase())
  await page.getByLabel(ur.orders['track.phone']).fill('0300-1234567')
  await page.getByRole('button', { name: ur.orders['track.submit'] }).click()
  await expect(page).toHaveURL(/\/ur\/track\?order=/)
  const link = page.getByRole('link', {
    name: new RegExp(ur.orders['tracking.follow'].replace('{{courier}}', 'Leopards')),
  })
  await expect(link.first()).toHaveAttribute('href', LEOPARDS)
  await expect(page.getByRole('main')).toContainText(ur.orders['status.shipped'])
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)
  await shot(page, 'track-found-ur')

  await page.getByLabel(ur.orders['track.phone']).fill('03111111111')
  await page.getByRole('button', { name: ur.orders['track.submit'] }).click()
  await expect(page.getByRole('alert')).toHaveText(ur.server['No order matches this order number and phone number'])
  await expectNoSeriousViolations(page)
  await shot(page, 'track-none-ur')

  // Without JavaScript the form is a GET of the page itself.
  const plain = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() })
  const bare = await plain.newPage()
  await bare.goto('/track')
  await bare.getByLabel('Order number').fill(numberOf(order))
  await bare.getByLabel('Phone number').fill('3001234567')
  await bare.getByRole('button', { name: 'Track order' }).click()
  await expect(bare.getByRole('link', { name: /Follow your parcel on Leopards/ }).first()).toHaveAttribute(
    'href',
    LEOPARDS,
  )
  await plain.close()
})

test('My Orders and the order page link straight to the courier’s tracking page', async ({ page, ownProduct }) => {
  const { product, size } = await ownProduct()
  await register(page.request, {}, { signIn: true })
  expect((await page.request.post('/api/cart/add', { data: { itemId: product._id, size } })).ok()).toBe(true)
  const res = await page.request.post('/api/order/placeorder', {
    data: { address: testAddress, items: [{ _id: product._id, size, quantity: 1 }], amount: product.price + 50 },
  })
  const { order } = (await res.json()) as { order: Order }
  await withStore(async ({ services }) => {
    await services.orders.advance(order._id, 'Confirmed')
    await services.orders.advance(order._id, 'Packing')
    await services.orders.advance(order._id, 'Shipped', { courier: 'Leopards', trackingNumber: 'LE-7781234' })
  })
  await open(page, '/order')
  await expect(page.getByRole('link', { name: /Follow your parcel on Leopards/ }).first()).toHaveAttribute(
    'href',
    LEOPARDS,
  )
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)
  await open(page, `/order/${order._id}`)
  await expect(page.getByRole('link', { name: /Follow your parcel on Leopards/ })).toHaveAttribute('href', LEOPARDS)
  await shot(page, 'order-courier')
})

import type { Page } from '@playwright/test'
import fs from 'node:fs'
import { parse } from 'csv-parse/sync'
import sharp from 'sharp'
import type { Product } from '#contracts/catalog.ts'
import type { Order } from '#contracts/orders.ts'
import { orderNumber } from '#contracts/orders.ts'
import { testAddress } from '#tests/support/factories.ts'
import { claimProduct, expect, register, test, withStore } from '#tests/e2e/fixtures.ts'
import { expectNoSeriousViolations, expectNoSidewaysScroll, open } from '#tests/e2e/support.ts'

// The store owner's day in the console (docs/spec/rulings.md #25), at 1280 px and at 390 px
// (the phone project, playwright.config.ts). Admins are made with the store's own service
// on the database of the store under test, as `npm run admin` does (the admin fixture).
// The console project runs these after every other spec: a product the owner adds shows in
// the catalog those specs count (docs/decisions/020).

/** A shopper's order of one piece, placed through the API in a context of its own. */
async function shopperOrder(page: Page, phone = '0300 1234567'): Promise<Order> {
  const shopper = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL! })
  try {
    await register(shopper.request, { name: 'Sana Malik' }, { signIn: true })
    const { product, size } = await claimProduct(shopper.request)
    await shopper.request.post('/api/cart/add', { data: { itemId: product._id, size } })
    const res = await shopper.request.post('/api/order/placeorder', {
      data: {
        address: { ...testAddress, phone },
        items: [{ _id: product._id, size, quantity: 1 }],
        amount: product.price + 50,
      },
    })
    expect(res.status()).toBe(201)
    return ((await res.json()) as { order: Order }).order
  } finally {
    await shopper.close()
  }
}

/** A shopper's order of `quantity` of one size of `product`, placed through the API in a context of its own. */
async function orderOf(page: Page, product: Product, size: string, quantity: number): Promise<void> {
  const shopper = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL! })
  try {
    await register(shopper.request, { name: 'Zara Ahmed' }, { signIn: true })
    await shopper.request.post('/api/cart/update', { data: { itemId: product._id, size, quantity } })
    const res = await shopper.request.post('/api/order/placeorder', {
      data: {
        address: { ...testAddress, phone: '0333 7654321' },
        items: [{ _id: product._id, size, quantity }],
        amount: product.price * quantity + 50,
      },
    })
    expect(res.status()).toBe(201)
  } finally {
    await shopper.close()
  }
}

async function signInWithForm(page: Page, account: { email: string; password: string }, next: string) {
  await open(page, `/login?redirectTo=${encodeURIComponent(next)}`)
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page).toHaveURL(next)
}

test.use({ loginPromptSeen: true })

test('the console is for admins: a guest is sent to log in, a customer sees the 404 page', async ({ page }) => {
  const res = await page.goto('/admin/orders')
  await expect(page).toHaveURL('/login?redirectTo=%2Fadmin%2Forders')
  expect(res?.ok()).toBe(true)
  await register(page.request, {}, { signIn: true })
  const denied = await page.goto('/admin')
  expect(denied?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  expect((await page.request.get('/api/admin/dashboard')).status()).toBe(403)
})

test('the owner adds a product with four photos and stock, and the store shows it at once', async ({
  page,
  admin,
  cartLink,
}) => {
  test.setTimeout(90_000)
  await signInWithForm(page, admin, '/admin/products/new')
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)
  const name = `Women Rust Khaddar Kurta ${test.info().project.name} ${Date.now()}`
  await page.getByLabel(/^Name(?! in Urdu)/).fill(name)
  await page
    .getByLabel(/^Description(?! in Urdu)/)
    .fill('A warm khaddar kurta in rust, with a band collar and side slits.')
  await page.getByLabel('Price (Rs, whole rupees)').fill('4290')
  await page.getByRole('combobox', { name: /^Category/ }).selectOption('Women')
  await page.getByRole('combobox', { name: /^Sub-category/ }).selectOption('WinterWear')
  for (const [i, [size, stock]] of [
    ['S', '5'],
    ['M', '2'],
    ['L', '0'],
  ].entries()) {
    await page.getByLabel(`Size ${i + 1}`, { exact: true }).fill(size!)
    await page.getByLabel(`Stock of size ${i + 1}`).fill(stock!)
  }
  for (const slot of [1, 2, 3, 4]) {
    const buffer = await sharp({
      create: { width: 800, height: 1000, channels: 3, background: { r: 150 + slot * 20, g: 70, b: 40 } },
    })
      .jpeg()
      .toBuffer()
    await page.getByLabel(`Photo ${slot}`).setInputFiles({ name: `kurta-${slot}.jpg`, mimeType: 'image/jpeg', buffer })
  }
  await page.getByRole('button', { name: 'Create product' }).click()
  await expect(page.getByRole('status')).toHaveText('Saved. The store shows it now.')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  const id = new URL(page.url()).pathname.split('/').pop()!
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)
  // The list finds it by name, with its stock per size.
  await open(page, `/admin/products?q=${encodeURIComponent(name)}`)
  await expect(page.getByRole('link', { name: new RegExp(name) })).toContainText('L · 0')
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)

  // The store shows it: its page, its sizes (L sold out, M low) and a photo that loads.
  await open(page, `/productdetail/${id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  const sizes = page.getByRole('group', { name: /Select Size/ })
  await expect(sizes.getByRole('radio', { name: 'L', exact: true })).toBeDisabled()
  await expect(sizes.getByRole('radio', { name: 'M', exact: true })).toHaveAccessibleDescription('2 left')
  const photo = await page.request.get(
    `/images/products/${((await page.request.get(`/api/product/${id}`).then((r) => r.json())) as Product).image1.split('/').pop()}`,
  )
  expect(photo.headers()['content-type']).toBe('image/webp')
  // The owner, shopping too, puts one in the cart.
  await sizes.getByRole('radio', { name: 'S', exact: true }).click()
  await page.getByRole('button', { name: 'Add To Cart' }).click()
  await expect(cartLink(1)).toBeVisible()
  // Archived, it is no longer available, and the cart drops it with a notice.
  await open(page, `/admin/products/${id}`)
  await page.getByRole('button', { name: 'Archive it' }).click()
  await expect(page.getByText('Archived: hidden from the store.')).toBeVisible()
  const gone = await page.goto(`/productdetail/${id}`)
  expect(gone?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'No longer available' })).toBeVisible()
  await open(page, '/cart')
  await expect(page.getByRole('status').filter({ hasText: 'no longer available' })).toHaveText(
    `${name} is no longer available and was removed from your cart.`,
  )
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible()
  await expect(cartLink(0)).toBeVisible()
})

test("the owner's day: confirm from the queue, ship with a tracking number, deliver, and the dashboard follows", async ({
  page,
  admin,
}) => {
  test.setTimeout(90_000)
  // A phone of this test's own: parcels of other tests that came back to the shared test
  // phone would put the order in "Needs attention" alone, not among those awaiting confirmation.
  const digits = String(Date.now() % 10_000_000).padStart(7, '0')
  const order = await shopperOrder(page, `0300 ${digits}`)
  const number = orderNumber(order._id)
  await signInWithForm(page, admin, '/admin')
  const collected = page.getByText('Cash collected, last 30 days').locator('xpath=following-sibling::dd[1]')
  const rupees = async () => Number((await collected.textContent())!.replace(/\D/g, ''))
  const collectedBefore = await rupees()
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)

  // The queue opens on the orders awaiting confirmation; a search by phone in another form finds it.
  await page.getByRole('link', { name: 'Open the queue' }).click()
  await expect(page.getByRole('link', { name: /Awaiting confirmation/ })).toHaveAttribute('aria-current', 'page')
  await page.getByRole('searchbox').fill(`+92 300 ${digits}`)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByRole('link', { name: new RegExp(number) })).toBeVisible()
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)
  await page.getByRole('link', { name: new RegExp(number) }).click()

  // The WhatsApp link carries the confirmation message; then the order moves along the table.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${number}`)
  const whatsapp = page.getByRole('link', { name: 'Confirm on WhatsApp' })
  const href = (await whatsapp.getAttribute('href'))!
  expect(href).toMatch(new RegExp(`^https://wa\\.me/92300${digits}\\?text=`))
  expect(decodeURIComponent(href.split('text=')[1]!)).toContain(number)
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)
  await page.getByRole('button', { name: 'Mark confirmed' }).click()
  await expect(page.getByText('Confirmed · placed')).toBeVisible()
  await page.getByRole('button', { name: 'Start packing' }).click()
  await expect(page.getByText('Packing · placed')).toBeVisible()
  await page.getByLabel('Courier').selectOption('TCS')
  await page.getByLabel('Tracking number').fill('7788123456')
  await page.getByRole('button', { name: 'Mark shipped' }).click()
  await expect(page.getByText('Shipped · placed')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Order progress' })).toContainText('TCS · tracking number 7788123456')
  await expect(page.getByRole('link', { name: /Follow your parcel on TCS/ })).toHaveAttribute(
    'href',
    'https://www.tcsexpress.com/track/?consignmentNo=7788123456',
  )
  await page.getByRole('button', { name: 'Mark delivered' }).click()
  await expect(page.getByText('Delivered · placed')).toBeVisible()
  await expect(page.getByText('Collected')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Changes by the store' }).getByRole('listitem')).toHaveCount(4)

  // The dashboard counts the cash collected.
  await page
    .getByRole('navigation', { name: /Console/ })
    .first()
    .getByRole('link', { name: 'Dashboard' })
    .click()
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  await expect.poll(rupees).toBeGreaterThanOrEqual(collectedBefore + order.amount)

  // The customer shows with one delivered order.
  await open(page, '/admin/customers?q=Sana%20Malik')
  await expect(page.getByText('1 delivered').first()).toBeVisible()
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)
})

test('a save never undoes an order: an unchanged count keeps what orders took; a changed one they moved is refused, the form kept', async ({
  page,
  admin,
  ownProduct,
}) => {
  test.setTimeout(90_000)
  // A product no other test orders from meanwhile, with more than 5 of the size.
  const { product, size } = await ownProduct()
  const index = product.sizes.indexOf(size)
  const stockNow = async () =>
    ((await (await page.request.get(`/api/product/${product._id}`)).json()) as Product).stock[size]!
  const start = await stockNow()
  await signInWithForm(page, admin, `/admin/products/${product._id}`)
  const stockField = page.getByLabel(`Stock of size ${index + 1}`)
  await expect(stockField).toHaveValue(String(start))

  // While the form is open a shopper orders 2; the owner fixes the description and saves.
  await orderOf(page, product, size, 2)
  await page.getByLabel(/^Description(?! in Urdu)/).fill(`${product.description} Fixed a typo.`)
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('status')).toHaveText('Saved. The store shows it now.')
  expect(await stockNow()).toBe(start - 2)
  await expect(stockField).toHaveValue(String(start - 2))

  // Another order meanwhile, and the owner changes that very count: refused, nothing saved.
  await orderOf(page, product, size, 1)
  await page.getByLabel(/^Name(?! in Urdu)/).fill(`${product.name} Renamed`)
  await stockField.fill('40')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('alert')).toContainText('Stock changed since you opened this product; reload to see it')
  await expect(stockField).toHaveValue('40')
  await expect(page.getByLabel(/^Name(?! in Urdu)/)).toHaveValue(`${product.name} Renamed`)
  expect(await stockNow()).toBe(start - 3)
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)
  await page.getByRole('alert').scrollIntoViewIfNeeded()
  await page.screenshot({ path: test.info().outputPath('stock-changed.png') })

  // Reloaded, the form shows the shelf as it is and the owner's count goes through.
  await page.getByRole('link', { name: 'Reload the product' }).click()
  await page.waitForURL(`/admin/products/${product._id}`)
  await expect(stockField).toHaveValue(String(start - 3))
  await expect(page.getByLabel(/^Name(?! in Urdu)/)).toHaveValue(product.name)
  await stockField.fill(String(start))
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('status')).toHaveText('Saved. The store shows it now.')
  expect(await stockNow()).toBe(start)
})

test('Packing orders booked with a courier: the ticked ones as a PostEx file, then Shipped from the portal’s list', async ({
  page,
  admin,
}) => {
  test.setTimeout(90_000)
  const orders = [await shopperOrder(page), await shopperOrder(page)]
  await withStore(async ({ services }) => {
    for (const o of orders) {
      await services.orders.advance(o._id, 'Confirmed')
      await services.orders.advance(o._id, 'Packing')
    }
  })
  const numbers = orders.map((o) => orderNumber(o._id))
  await signInWithForm(page, admin, '/admin/orders?status=Packing')
  for (const n of numbers) await page.getByRole('checkbox', { name: `Book ${n}` }).check()
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)

  // The ticked orders only, in PostEx's columns, as a CSV parser reads the download.
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'PostEx file' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('kapra-postex-booking.csv')
  const rows = parse<Record<string, string>>(fs.readFileSync(await download.path(), 'utf8'), { columns: true })
  expect(rows.map((r) => r['Order Reference']).toSorted()).toEqual(numbers.toSorted())
  expect(rows[0]).toMatchObject({ 'Customer Phone': '03001234567', 'Order Type': 'Normal', Items: '1' })

  // The portal's answer, one line pasted and one in its uploaded CSV: each order Shipped with its tracking number.
  await page.getByRole('combobox', { name: /^Courier/ }).selectOption('PostEx')
  await page.getByLabel('Order numbers and tracking numbers').fill(`${numbers[0]},PX-1001`)
  await page.getByLabel('Or upload a CSV file').setInputFiles({
    name: 'postex-bookings.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Order Reference,Tracking Number,Status\n${numbers[1]},PX-1002,Booked\n`),
  })
  await page.getByRole('button', { name: 'Mark Shipped' }).click()
  await expect(page.getByRole('status').filter({ hasText: '2 orders marked Shipped.' })).toBeVisible()
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)
  await page.screenshot({ path: test.info().outputPath(`booking-${test.info().project.name}.png`), fullPage: true })
  await open(page, `/admin/orders/${orders[1]!._id}`)
  await expect(page.getByRole('link', { name: /Follow your parcel on PostEx/ })).toHaveAttribute(
    'href',
    'https://postex.pk/tracking?cn=PX-1002',
  )

  // It comes back undelivered, with why; the dashboard's returns chart and reasons count it.
  await page.getByLabel('Why it came back').selectOption('Customer not reachable')
  await page.getByRole('button', { name: 'Mark returned' }).click()
  await expect(page.getByText('Returned · placed')).toBeVisible()
  await open(page, '/admin')
  const returns = page.getByRole('region', { name: 'Delivered and returned, last 30 days' })
  await expect(returns.getByRole('listitem').filter({ hasText: 'Customer not reachable' })).toBeVisible()
  await returns.getByText('Day by day').click()
  await expect(returns.getByRole('table')).toBeVisible()
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)
  await page.screenshot({ path: test.info().outputPath(`returns-${test.info().project.name}.png`), fullPage: true })
})

test('a blocked phone’s new order waits in Needs attention with the reason; the phone comes off the list', async ({
  page,
  admin,
}) => {
  // A phone of this project's own: the other width's run of this test blocks and frees its own.
  const phone = test.info().project.name === 'console' ? '0311 7000001' : '0311 7000002'
  const written = `+92 ${phone.slice(1)}`
  await signInWithForm(page, admin, '/admin/blocklist')
  await page.getByLabel('Phone').fill(written)
  await page.getByLabel('Reason').fill('Refused two parcels')
  await page.getByRole('button', { name: 'Block phone' }).click()
  await expect(page.getByRole('listitem').filter({ hasText: written })).toContainText('Refused two parcels')
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)

  // The order is placed with the same phone in another form.
  const order = await shopperOrder(page, phone)
  await open(page, '/admin/orders?attention=1')
  await expect(page.getByRole('link', { name: /Needs attention/ })).toHaveAttribute('aria-current', 'page')
  const row = page.getByRole('listitem').filter({ hasText: orderNumber(order._id) })
  await expect(row).toContainText('Blocked phone: Refused two parcels')
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)
  await page.screenshot({ path: test.info().outputPath(`attention-${test.info().project.name}.png`), fullPage: true })
  await row.getByRole('link').click()
  await expect(page.getByRole('note').filter({ hasText: 'Needs attention before packing' })).toContainText(
    'Blocked phone: Refused two parcels',
  )
  await page.getByRole('link', { name: 'Block this phone' }).click()
  await expect(page.getByLabel('Phone')).toHaveValue(phone.replace(/\s/g, ''))

  // Off the list again.
  await open(page, '/admin/blocklist')
  await page.getByRole('button', { name: `Remove ${written} from the blocklist` }).click()
  await expect(page.getByRole('listitem').filter({ hasText: written })).toHaveCount(0)
})

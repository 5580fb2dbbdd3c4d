import type { Page } from '@playwright/test'
import type { Product } from '#contracts/catalog.ts'
import { expect, test } from '#tests/e2e/fixtures.ts'
import { expectNoSeriousViolations, expectNoSidewaysScroll, open } from '#tests/e2e/support.ts'

// The shopper's way at 390 px: the bottom bar, the cart, checkout, My Orders, login and signup.

/** The two products with the longest names, the hardest to fit, in the cart. */
async function fillCart(page: Page) {
  const list = ((await (await page.request.get('/api/product/list')).json()) as Product[]).filter((p) => p.sizes.length)
  const longest = [...list].sort((a, b) => b.name.length - a.name.length).slice(0, 2)
  for (const p of longest) {
    expect((await page.request.post('/api/cart/add', { data: { itemId: p._id, size: p.sizes.at(-1) } })).ok()).toBe(
      true,
    )
  }
  return longest
}

test('the bottom bar shows Home, Collection, Contact and Cart with the count; the cart fits a phone', async ({
  page,
  shopper: _shopper,
}) => {
  const [first] = await fillCart(page)
  await page.goto('/cart')
  const bar = page.getByRole('navigation', { name: 'Quick links' })
  await expect(bar).toBeVisible()
  for (const name of ['Home', 'Collection', 'Contact']) await expect(bar.getByRole('link', { name })).toBeVisible()
  await expect(bar.getByRole('link', { name: /^Cart\s*,\s*2 items$/ })).toBeVisible()
  // The desktop links give way to the bar.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()

  await expect(page.getByRole('spinbutton', { name: new RegExp(`^Quantity for ${first!.name}`) })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Proceed To CheckOut' })).toBeVisible()
  await expectNoSidewaysScroll(page, { scrollToEnd: true })
  await expectNoSeriousViolations(page)
})

test('checkout and My Orders fit a phone', async ({ page, shopper: _shopper, ownProduct }) => {
  const longest = await fillCart(page)
  // It orders them: no other test may count their stock meanwhile.
  for (const p of longest) await ownProduct([p])
  await open(page, '/placeorder')
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page.getByText('First name is required')).toBeVisible()
  await expectNoSidewaysScroll(page, { scrollToEnd: true })

  const address = {
    'First name': 'Nida',
    'Last name': 'Hussain',
    Street: 'Flat 3, Gulshan-e-Iqbal Block 13',
    City: 'Karachi',
    State: 'Sindh',
    'Pin code': '75300',
    Phone: '03211234567',
  }
  for (const [label, value] of Object.entries(address)) await page.getByLabel(label, { exact: true }).fill(value)
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page).toHaveURL('/order')
  await expect(page.getByRole('button', { name: 'Track Order' })).toHaveCount(2)
  await expectNoSidewaysScroll(page, { scrollToEnd: true })
})

for (const path of ['/login', '/signup']) {
  test(`${path} fits a phone, without the bottom bar`, async ({ page }) => {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Quick links' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Kapra home' })).toBeVisible()
    await expectNoSidewaysScroll(page, { scrollToEnd: true })
    await expectNoSeriousViolations(page)
  })
}

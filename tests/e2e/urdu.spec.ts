import type { Page } from '@playwright/test'
import { expect, test } from '#tests/e2e/fixtures.ts'
import { expectNoSeriousViolations, expectNoSidewaysScroll, isHydrated, open } from '#tests/e2e/support.ts'
import ur from '#locales/ur/index.ts'

// The whole purchase in Urdu (docs/decisions/022), at 1280 and 390 px (the phone project runs
// this file too): every page right to left, in its own language, axe clean, no sideways scroll.
// Texts are read from the Urdu messages, so the test follows their wording.

/** An Urdu page as a person meets it: the right language and direction, accessible, fitting the window. */
async function expectUrduPage(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'ur')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)
}

const isPhone = () => test.info().project.name.includes('phone')

test('a shopper buys in Urdu: home, collection with a filter and a sort, search, product, size, cart, checkout, My Orders, the order', async ({
  page,
  shopper: _shopper,
  ownProduct,
}) => {
  test.setTimeout(120_000)
  const { product, size } = await ownProduct()

  await open(page, '/ur')
  await expectUrduPage(page)
  // The switch names the other language, and leads to this page's English twin.
  if (!isPhone()) {
    await expect(page.getByRole('navigation', { name: ur.common['language.label'] }).first()).toContainText('English')
  }

  // The collection, by its link in the page's language.
  await page
    .getByRole('link', { name: ur.common['nav.collection'], exact: true })
    .locator('visible=true')
    .first()
    .click()
  await expect(page).toHaveURL(/\/ur\/collection$/)
  await expect(page.getByRole('heading', { level: 1, name: ur.catalog['collection.title'] })).toBeVisible()

  // A filter and a sort.
  if (isPhone()) await page.getByRole('button', { name: ur.catalog['filters.title'] }).click()
  await page.getByRole('checkbox', { name: ur.catalog['category.Men'], exact: true }).check()
  await expect(page).toHaveURL(/\/ur\/collection\?category=Men$/)
  await page.getByLabel(ur.catalog['sort.label']).selectOption('low-high')
  await expect(page).toHaveURL(/\/ur\/collection\?.*sort=low-high/)
  await expectUrduPage(page)

  // The header's search, typed in Urdu: the collection follows the text, and the suggestion
  // with the product's Urdu name opens it.
  const urduName = product.nameUr ?? product.name
  await page.getByRole('banner').getByRole('link', { name: ur.common['search.open'], exact: true }).click()
  const field = page.getByRole('combobox', { name: ur.catalog['search.label'] })
  await field.fill(urduName)
  await expect(page).toHaveURL(/\/ur\/collection\?.*q=/)
  await page.getByRole('option', { name: urduName }).click()
  await expect(page).toHaveURL(`/ur/productdetail/${product._id}`)
  await expectUrduPage(page)

  // A size, then Add To Cart; the header's cart says one item, in Urdu.
  await page.getByRole('radio', { name: size, exact: true }).click()
  await page.getByRole('button', { name: ur.catalog['purchase.addToCart'] }).click()
  const cart = page.getByRole('link', { name: ur.common['cart.label_one'].replace('{{count}}', '1') })
  await expect(cart.first()).toBeVisible()

  await open(page, '/ur/cart')
  await expectUrduPage(page)
  await page.getByRole('link', { name: ur.cart['cart.checkout'] }).click()
  await expect(page).toHaveURL('/ur/placeorder')
  await expectUrduPage(page)

  const fields: [string, string][] = [
    [ur.cart['address.firstName'], 'ثنا'],
    [ur.cart['address.lastName'], 'ملک'],
    [ur.cart['address.email'], 'sana@example.com'],
    [ur.cart['address.street'], 'مکان 12، گلی 4، بلاک 5، کلفٹن'],
    [ur.cart['address.city'], 'کراچی'],
    [ur.cart['address.state'], 'سندھ'],
    [ur.cart['address.pinCode'], '75600'],
    [ur.cart['address.country'], 'پاکستان'],
    [ur.cart['address.phone'], '0300 1234567'],
  ]
  for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value)
  await page.getByRole('button', { name: ur.cart['checkout.place'] }).click()

  // My Orders, in Urdu, with the order; then the order's own page.
  await expect(page).toHaveURL(/\/ur\/order(\?.*)?$/)
  await expect(page.getByRole('heading', { level: 1, name: ur.orders['list.title'] })).toBeVisible()
  // The order keeps the product's name as it was sold (its English name).
  await expect(page.getByText(product.name).first()).toBeVisible()
  await expectUrduPage(page)
  await expect(page.getByRole('button', { name: ur.orders['item.track'] }).first()).toBeVisible()
  await page
    .getByRole('list', { name: ur.orders['list.label'] })
    .getByRole('link', { name: /^آرڈر #/ })
    .first()
    .click()
  await expect(page).toHaveURL(/\/ur\/order\/[^/]+$/)
  await expect(page.getByText(ur.orders['status.orderPlaced']).first()).toBeVisible()
  await expectUrduPage(page)
})

test('the switch keeps the page: English to Urdu and back', async ({ page }) => {
  await open(page, '/about')
  const switchTo = async (name: string) => {
    if (isPhone()) {
      await page.getByRole('button', { name: /Account menu|اکاؤنٹ مینو/ }).click()
      await page.locator('#user-menu').getByRole('button', { name, exact: true }).click()
    } else {
      await page.getByRole('banner').getByRole('button', { name, exact: true }).first().click()
    }
  }
  await switchTo('اردو')
  await expect(page).toHaveURL('/ur/about')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  // The switch loads a new document: its menu answers once the app has booted again.
  await page.waitForFunction(isHydrated)
  await switchTo('English')
  await expect(page).toHaveURL('/about')
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
})

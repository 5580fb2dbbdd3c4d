import type { Page } from '@playwright/test'
import { formatPrice } from '#contracts/pricing.ts'
import { karachiLocal } from '#contracts/sales.ts'
import { claimProduct, expect, test } from '#tests/e2e/fixtures.ts'
import { expectNoSeriousViolations, expectNoSidewaysScroll, open } from '#tests/e2e/support.ts'

// Sale prices (docs/decisions/025): the owner makes a sale in the console and the store
// shows the old price struck through, in English and in Urdu, at 1280 px and 390 px. It
// runs with the console's specs, after every other spec (playwright.config.ts), and puts
// on sale only a product claimed for it, so no other spec's prices or counts move; it
// ends its sale before it finishes.

test.use({ loginPromptSeen: true })

async function signIn(page: Page, account: { email: string; password: string }, next: string) {
  await open(page, `/login?redirectTo=${encodeURIComponent(next)}`)
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page).toHaveURL(next)
}

/** Below 768 px the collection's filters fold behind their toggle. */
async function openFilters(page: Page, label: string) {
  const toggle = page.getByRole('button', { name: label })
  if (await toggle.isVisible()) await toggle.click()
}

test('the owner puts a product on sale in the console; the store strikes its price through, in both languages', async ({
  page,
  admin,
}) => {
  // The console, the product page in both languages and the collection's filter, each checked
  // by axe: 25–30 s on a 2-core machine, more than the default.
  test.setTimeout(90_000)
  const { product } = await claimProduct(page.request)
  const salePrice = Math.max(1, Math.floor((product.price * 75 + 50) / 100))
  // Each width's own name, neither a part of the other's (the two run side by side).
  const name = `${test.info().project.name} Eid sale`
  await signIn(page, admin, '/admin/sales')
  await expectNoSeriousViolations(page)
  await page.getByRole('link', { name: 'New sale' }).click()
  await expect(page.getByRole('heading', { name: 'New sale' })).toBeVisible()
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Percent off (1–90)').fill('25')
  await page.getByLabel('Starts (Pakistan time)').fill(karachiLocal(Date.now() - 60_000))
  await page.getByLabel('Chosen products').check()
  await page.getByLabel('Product ids (one a line)').fill(product._id)
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)
  await page.getByRole('button', { name: 'Create sale' }).click()
  await expect(page.getByRole('status')).toHaveText('Saved. The store follows it on time.')
  await expect(page.getByRole('heading', { name })).toBeVisible()
  await expect(page.getByText('−25% · 1 product')).toBeVisible()
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)

  // A refused change says why and changes nothing.
  await page.getByLabel('Percent off (1–90)').fill('95')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('alert')).toHaveText('percentOff must be at most 90')
  await open(page, '/admin/sales')
  const row = page.getByRole('listitem').filter({ hasText: name })
  await expect(row).toContainText('running')
  await expect(row).toContainText('−25%')

  // The product page, in English: the sale price, the list price struck through, the percentage off.
  await open(page, `/productdetail/${product._id}`)
  const price = page
    .getByRole('main')
    .locator('p', { has: page.locator('s') })
    .first()
  await expect(price).toContainText(formatPrice(salePrice))
  await expect(price.locator('s')).toHaveText(`Was ${formatPrice(product.price)}${formatPrice(product.price)}`)
  await expect(price).toContainText('−25%')
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: test.info().outputPath('product-en.png') })

  // …and in Urdu.
  await open(page, `/ur/productdetail/${product._id}`)
  const priceUr = page
    .getByRole('main')
    .locator('p', { has: page.locator('s') })
    .first()
  await expect(priceUr.locator('s')).toContainText(`پہلے ${formatPrice(product.price)}`)
  await expect(priceUr).toContainText(formatPrice(salePrice))
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)

  // The collection's "On sale" choice, with its count, lists it with its struck price.
  await open(page, '/collection?sale=1')
  await openFilters(page, 'Filters')
  const onSale = page.getByRole('checkbox', { name: 'On sale' })
  await expect(onSale).toBeChecked()
  // A card by its link: the Urdu store shows the product's Urdu name.
  const cardOf = () =>
    page.getByRole('article').filter({ has: page.locator(`a[href$="/productdetail/${product._id}"]`) })
  const card = cardOf()
  await expect(card.locator('s')).toContainText(formatPrice(product.price))
  await expect(card).toContainText(formatPrice(salePrice))
  await expectNoSeriousViolations(page)
  await open(page, '/ur/collection?sale=1')
  await openFilters(page, 'فلٹرز')
  await expect(page.getByRole('checkbox', { name: 'سیل میں' })).toBeChecked()
  await expect(cardOf().locator('s')).toContainText(formatPrice(product.price))

  // The owner ends it now: the store's price is the list price again.
  await open(page, '/admin/sales')
  await page.getByRole('button', { name: `End now ${name}` }).click()
  await expect(page).toHaveURL(/\/admin\/sales\/[^/?]+\?ended$/)
  await expect(page.getByRole('status')).toHaveText('The sale has ended. The store shows its prices now.')
  await open(page, `/productdetail/${product._id}`)
  // The product's own price (the first on the page): another test's sale may strike through
  // a related product's further down.
  const ownPrice = page
    .getByRole('main')
    .locator('p', { hasText: formatPrice(product.price) })
    .first()
  await expect(ownPrice).toBeVisible()
  await expect(ownPrice.locator('s')).toHaveCount(0)
})

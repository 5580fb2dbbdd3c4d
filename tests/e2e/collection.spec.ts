import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import type { Product } from '#contracts/catalog.ts'
import { PAGE_SIZE } from '#contracts/catalog-filters.ts'
import { holdScripts, slowLine } from '#tests/e2e/preboot.ts'
import { expectNoSeriousViolations, isHydrated, open } from '#tests/e2e/support.ts'

// The collection's size and price filters, its counts, its pages, and what a shopper
// does to its filters before the app has booted (docs/decisions/006).

async function catalog(request: APIRequestContext): Promise<Product[]> {
  return (await (await request.get('/api/product/list')).json()) as Product[]
}

const results = (page: Page) => page.getByRole('region', { name: 'Products' })
const shownNames = (page: Page) => results(page).getByRole('heading', { level: 3 }).allTextContents()
const status = (page: Page) => page.getByRole('status').filter({ hasText: /products?|no products/ })
const checkbox = (page: Page, name: string) => page.getByRole('checkbox', { name, exact: true })

test('size and price range filter the collection, and every choice shows its count', async ({ page, request }) => {
  const all = await catalog(request)
  await open(page, '/collection?category=Women')
  const women = all.filter((p) => p.category === 'Women')
  const withM = women.filter((p) => p.sizes.includes('M'))
  // The count beside a size applies the other groups (Women) but not the sizes.
  await expect(page.getByRole('checkbox', { name: 'M', exact: true })).toHaveAccessibleDescription(
    `${withM.length} products`,
  )

  await checkbox(page, 'M').check()
  await expect(page).toHaveURL(/\/collection\?category=Women&size=M$/)
  await expect(status(page)).toHaveText(`${withM.length} products`)

  const cheap = withM.filter((p) => p.price <= 3000)
  await page.getByLabel('Max').fill('3000')
  await page.getByLabel('Max').press('Enter')
  await expect(page).toHaveURL(/\/collection\?category=Women&size=M&maxPrice=3000$/)
  await expect(status(page)).toHaveText(`${cheap.length} ${cheap.length === 1 ? 'product' : 'products'}`)
  expect((await shownNames(page)).toSorted()).toEqual(cheap.map((p) => p.name).toSorted())

  // Each active filter is a chip that removes it.
  await page.getByRole('link', { name: 'Remove filter up to Rs 3,000' }).click()
  await expect(page).toHaveURL(/\/collection\?category=Women&size=M$/)
  await expect(page.getByLabel('Max')).toHaveValue('')
  await expectNoSeriousViolations(page)
})

test('a price typed while a ticked size is loading is kept, and applies on Enter', async ({ page }) => {
  await open(page, '/collection?category=Women')
  // The ticked size's view is held back until the price has been typed.
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/collection.data*', async (route) => {
    await released
    await route.continue().catch(() => undefined)
  })
  await checkbox(page, 'M').check()
  await page.getByLabel('Max').fill('3000')
  release()
  await expect(page).toHaveURL(/\/collection\?category=Women&size=M$/)
  await expect(page.getByRole('link', { name: 'Remove filter Size M' })).toBeVisible()
  await expect(page.getByLabel('Max')).toHaveValue('3000')
  await page.getByLabel('Max').press('Enter')
  await expect(page).toHaveURL(/\/collection\?category=Women&size=M&maxPrice=3000$/)
})

test('pages of 24 with real links, a "Showing" line, and a stable order across pages', async ({ page, request }) => {
  const all = await catalog(request)
  // Equal prices keep the catalog's order, so no product appears on two pages.
  const byPrice = all
    .map((p, i) => ({ p, i }))
    .toSorted((a, b) => a.p.price - b.p.price || a.i - b.i)
    .map(({ p }) => p.name)
  await open(page, '/collection?sort=low-high')
  await expect(status(page)).toHaveText(`Showing 1–${PAGE_SIZE} of ${all.length} products`)
  const pages = page.getByRole('navigation', { name: 'Pages' })
  await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
  const seen = await shownNames(page)

  await pages.getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL(/\/collection\?sort=low-high&page=2$/)
  await expect(status(page)).toHaveText(`Showing ${PAGE_SIZE + 1}–${2 * PAGE_SIZE} of ${all.length} products`)
  seen.push(...(await shownNames(page)))

  await pages.getByRole('link', { name: 'Page 3' }).click()
  await expect(status(page)).toHaveText(`Showing ${2 * PAGE_SIZE + 1}–${all.length} of ${all.length} products`)
  await expect(pages.getByRole('link', { name: 'Next' })).toHaveCount(0)
  seen.push(...(await shownNames(page)))
  expect(seen).toEqual(byPrice)

  // A filter starts the view again at its first page.
  await checkbox(page, 'Kids').check()
  await expect(page).toHaveURL(/\/collection\?category=Kids&sort=low-high$/)
})

test('a page past the end says so, and a URL that says the same view another way is tidied', async ({ page }) => {
  await open(page, '/collection?page=99')
  await expect(status(page)).toHaveText(/^Page 99 of \d+: no products here$/)
  await page.getByRole('link', { name: 'Back to the first page' }).click()
  await expect(page).toHaveURL(/\/collection$/)

  await page.goto('/collection?sort=relavent&page=1&minPrice=&maxPrice=&category=Kids&category=Men&size=m%3C')
  await expect(page).toHaveURL(/\/collection\?category=Men&category=Kids$/)
})

test('without JavaScript, a price range applies with Go', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/collection')
  await page.getByLabel('Min').fill('2000')
  await page.getByRole('button', { name: 'Go' }).click()
  await expect(page).toHaveURL(/\/collection\?minPrice=2000$/)
  const prices = (
    await results(page)
      .getByText(/^Rs [\d,]+$/)
      .allTextContents()
  ).map((t) => Number(t.replace(/\D/g, '')))
  expect(prices.length).toBeGreaterThan(0)
  for (const price of prices) expect(price).toBeGreaterThanOrEqual(2000)
  await context.close()
})

test.describe('before the app has booted', () => {
  test('a ticked category and a chosen sort are kept and applied once the app starts', async ({ page, request }) => {
    const all = await catalog(request)
    await slowLine(page)
    const scripts = await holdScripts(page)
    await page.goto('/collection', { waitUntil: 'domcontentloaded' })
    await checkbox(page, 'Kids').check()
    await page.getByLabel('Sort by').selectOption('high-low')
    expect(await page.evaluate(isHydrated)).toBe(false)
    expect(scripts.held()).toBeGreaterThan(0)
    expect(page.url()).toMatch(/\/collection$/)

    scripts.release()
    await expect(page).toHaveURL(/\/collection\?category=Kids&sort=high-low$/, { timeout: 20_000 })
    const kids = all.filter((p) => p.category === 'Kids').toSorted((a, b) => b.price - a.price)
    await expect(status(page)).toHaveText(`${kids.length} products`)
    await expect(checkbox(page, 'Kids')).toBeChecked()
    await expect(page.getByLabel('Sort by')).toHaveValue('high-low')
    expect((await shownNames(page)).slice(0, 3)).toEqual(kids.slice(0, 3).map((p) => p.name))
  })

  test('Apply works as a plain form while the scripts are held', async ({ page }) => {
    const scripts = await holdScripts(page)
    await page.goto('/collection', { waitUntil: 'domcontentloaded' })
    await checkbox(page, 'Men').check()
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(page).toHaveURL(/\/collection\?category=Men$/)
    await expect(checkbox(page, 'Men')).toBeChecked()
    await expect(status(page)).toHaveText(/^18 products$/)
    scripts.release()
    await page.waitForFunction(isHydrated)
    // Booted, the plain submit steps aside: each change applies at once.
    await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0)
  })
})

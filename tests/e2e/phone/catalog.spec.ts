import { expect, test, type Page } from '@playwright/test'
import type { Product } from '#contracts/catalog.ts'
import { expectNoSidewaysScroll, open, seriousViolations } from '#tests/e2e/support.ts'

// The collection, listing and product pages at 390 px (spec: FILTERS folds below 768 px).

test.describe.configure({ timeout: process.env.E2E_DEV ? 90_000 : 30_000 })

// Under E2E_DEV, Vite's reload socket would reload pages mid-test whenever any dev
// server's files change (they share one HMR port); the store itself uses no sockets.
test.beforeEach(async ({ context }) => {
  if (process.env.E2E_DEV) await context.routeWebSocket(/.*/, () => {})
})

test('FILTERS folds the filters panel on a phone', async ({ page }) => {
  await open(page, '/collection')
  const toggle = page.getByRole('button', { name: 'Filters' })
  const men = page.getByRole('checkbox', { name: 'Men', exact: true })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(men).toBeHidden()
  await expectNoSidewaysScroll(page)

  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(men).toBeVisible()
  await expect(page.getByRole('checkbox', { name: 'WinterWear', exact: true })).toBeVisible()
  await expectNoSidewaysScroll(page)

  await men.check()
  await expect(page).toHaveURL(/category=Men/)
  await expect(page.getByRole('status').filter({ hasText: /products?$/ })).toHaveText('18 products')
  // The choice shows on the closed toggle too.
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(men).toBeHidden()
  await expect(toggle).toContainText('1')
  await expect(page.getByRole('link', { name: 'Remove filter Men' })).toBeVisible()
})

// One test a page: axe on a long page is the slowest step of the suite on a slow machine.
async function expectFitsWithoutViolations(page: Page, path: string) {
  await open(page, path)
  await expectNoSidewaysScroll(page)
  expect(await seriousViolations(page), path).toEqual([])
}

test('no sideways scrolling and no serious axe violations: the filtered collection', ({ page }) =>
  expectFitsWithoutViolations(page, '/collection?category=Women&sort=low-high'))

test('no sideways scrolling and no serious axe violations: the listing', ({ page }) =>
  expectFitsWithoutViolations(page, '/product'))

test('no sideways scrolling and no serious axe violations: the product with the longest name', async ({
  page,
  request,
}) => {
  const all = (await (await request.get('/api/product/list')).json()) as Product[]
  const longest = all.toSorted((a, b) => b.name.length - a.name.length)[0]!
  await expectFitsWithoutViolations(page, `/productdetail/${longest._id}`)
})

test('on a phone the size chart fits and a row selects its size', async ({ page, request }) => {
  const all = (await (await request.get('/api/product/list')).json()) as Product[]
  const product = all.find((p) => p.sizeChart.length > 0)!
  await open(page, `/productdetail/${product._id}`)
  const table = page.getByRole('table')
  await table.scrollIntoViewIfNeeded()
  // All five columns fit without scrolling the chart sideways.
  const hidden = await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)
  expect(hidden).toBeLessThanOrEqual(0)
  const size = product.sizeChart[1]!.size
  await table
    .getByRole('row', { name: new RegExp(`^Select size ${size} `) })
    .getByRole('cell')
    .last()
    .click()
  await expect(
    page.getByRole('group', { name: /Select Size/i }).getByRole('radio', { name: size, exact: true }),
  ).toBeChecked()
})

import { expect, test, type Page } from '@playwright/test'
import { BOOT_DEADLINE_MS } from '#app/lib/deferred-boot.server.ts'
import { collectErrors, isHydrated } from '#tests/e2e/support.ts'

// The app's JavaScript waits until the rendered page has loaded (app/lib/deferred-boot.server.ts).

/** When the page started fetching its first script, in ms from the start of navigation. */
const firstScriptStart = (page: Page) =>
  page.evaluate(() =>
    Math.min(
      ...performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.endsWith('.js'))
        .map((e) => e.startTime),
    ),
  )

/** Holds every product image back for `ms`, which holds back the page's load event. */
async function slowImages(page: Page, ms: number) {
  await page.route('**/images/products/**', async (route) => {
    await new Promise((r) => setTimeout(r, ms))
    await route.continue().catch(() => undefined)
  })
}

test('the served page preloads no script and carries the boot inert', async ({ request }) => {
  const html = await (await request.get('/collection')).text()
  const count = (tag: RegExp) => html.match(tag)?.length ?? 0
  expect(count(/<link[^>]*rel="modulepreload"/g)).toBe(0)
  expect(count(/<script[^>]*type="module"/g)).toBe(0)
  expect(count(/<script[^>]*type="text\/x-kapra-boot"/g)).toBe(1)
})

test('scripts are fetched only after the page has loaded, then the page hydrates without errors', async ({ page }) => {
  const errors = collectErrors(page)
  await page.goto('/collection')
  await page.waitForFunction(isHydrated)
  const timing = await page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
    const scripts = performance
      .getEntriesByType('resource')
      .filter((e) => new URL(e.name).pathname.endsWith('.js'))
      .map((e) => e.startTime)
    return { loadEventStart: navigation.loadEventStart, scripts }
  })
  expect(timing.scripts.length).toBeGreaterThan(3)
  expect(timing.loadEventStart).toBeGreaterThan(0)
  for (const start of timing.scripts) expect(start).toBeGreaterThanOrEqual(timing.loadEventStart)
  // Hydrated: a client-side control works.
  await page.getByRole('banner').getByRole('link', { name: 'Search' }).click()
  await expect(page.getByPlaceholder('Search Here')).toBeVisible()
  expect(errors).toEqual([])
})

test('a key press boots the app before a slow page has finished loading', async ({ page }) => {
  const errors = collectErrors(page)
  await slowImages(page, 15_000)
  await page.goto('/collection', { waitUntil: 'domcontentloaded' })
  await page.keyboard.press('Tab')
  await page.waitForFunction(isHydrated, undefined, { timeout: 10_000 })
  expect(await page.evaluate(() => document.readyState)).not.toBe('complete')
  // The key started it, not the deadline.
  expect(await firstScriptStart(page)).toBeLessThan(BOOT_DEADLINE_MS)
  expect(errors).toEqual([])
})

test('without any interaction the app boots within its deadline even if the page never loads', async ({ page }) => {
  await slowImages(page, 20_000)
  await page.goto('/collection', { waitUntil: 'domcontentloaded' })
  expect(await page.evaluate(isHydrated)).toBe(false)
  await page.waitForFunction(isHydrated, undefined, { timeout: 12_000 })
  expect(await page.evaluate(() => document.readyState)).not.toBe('complete')
  // It waited for the deadline (3 s from the start of the page), not a moment less.
  expect(await firstScriptStart(page)).toBeGreaterThanOrEqual(BOOT_DEADLINE_MS)
})

test('a booted page asks the server for no routes, and a product once for each visit (docs/decisions/042)', async ({
  page,
}) => {
  const errors = collectErrors(page)
  const asked: string[] = []
  page.on('request', (r) => {
    const { pathname } = new URL(r.url())
    if (!pathname.startsWith('/assets/') && !pathname.startsWith('/images/')) asked.push(pathname)
  })
  await page.goto('/ur/collection')
  await page.waitForFunction(isHydrated)
  // A link the page drew, pointed at a while first as a shopper with a mouse does, and one it did
  // not draw: both are known without asking, and the product's data is asked once.
  const product = page.locator('main a[href^="/ur/productdetail/"]').first()
  const href = await product.getAttribute('href')
  await product.hover()
  await page.waitForTimeout(500)
  await product.click()
  await expect(page).toHaveURL(new RegExp(`${href}$`))
  await page.locator('a[href="/ur/about"]').first().click()
  await expect(page).toHaveURL(/\/ur\/about$/)
  // Time for a request that should not come.
  await page.waitForTimeout(700)
  expect(asked.filter((p) => p !== '/favicon.svg')).toEqual(['/ur/collection', `${href}.data`, '/ur/about.data'])
  expect(errors).toEqual([])
})

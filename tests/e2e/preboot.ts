import { expect, type Locator, type Page } from '@playwright/test'
import type { Cart } from '#contracts/cart-lines.ts'
import type { Product } from '#contracts/catalog.ts'
import { isHydrated } from '#tests/e2e/support.ts'

// Controls used before the app's JavaScript has booted (docs/decisions/006): holding the
// app's scripts back, a slow line, and what the page and the cart hold meanwhile. Used by
// preboot.spec.ts, collection.spec.ts and the phone's own specs (tests/e2e/phone/).

/**
 * Holds every script of the app until `release` is called, on this page and on the
 * pages its forms lead to, so nothing the test does can reach a booted app.
 */
export async function holdScripts(page: Page) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let held = 0
  await page.route('**/assets/**/*.js', async (route) => {
    held++
    await released
    await route.continue().catch(() => undefined)
  })
  return { release, held: () => held }
}

/** A slow mobile line: 400 kbps each way, 400 ms round trip. */
export async function slowLine(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: 400_000 / 8,
    uploadThroughput: 400_000 / 8,
  })
}

/** A product with a size chart and at least two sizes, and one of its sizes other than the first. */
export async function productWithChart(page: Page): Promise<{ product: Product; size: string }> {
  const all = (await (await page.request.get('/api/product/list')).json()) as Product[]
  const product = all.find((p) => p.sizeChart.length > 1 && p.sizes.length > 1)!
  return { product, size: product.sizes[1]! }
}

export const sizeRadio = (page: Page, size: string) =>
  page.getByRole('group', { name: /Select Size/ }).getByRole('radio', { name: size, exact: true })

export const addToCart = (page: Page) => page.getByRole('button', { name: 'Add To Cart' })

export const guestCart = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('kapra.cart') ?? '{}') as Cart)

export const serverCart = async (page: Page) => (await (await page.request.post('/api/cart/get')).json()) as Cart

export const booted = (page: Page) => page.evaluate(isHydrated)

/** A tap on a phone, a click on a desktop. */
export const press = (locator: Locator, isMobile: boolean) => (isMobile ? locator.tap() : locator.click())

/** Opens a page without waiting for more than its content. */
export async function openEarly(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'domcontentloaded' })
  await expect(page.getByRole('main')).toBeVisible()
}

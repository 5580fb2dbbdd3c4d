import { expect, test } from '#tests/e2e/fixtures.ts'
import { collectErrors, isHydrated } from '#tests/e2e/support.ts'
import { addToCart, booted, guestCart, productWithChart, sizeRadio, slowLine } from '#tests/e2e/preboot.ts'

// A product used on a phone on a slow line before the app has booted (docs/decisions/006);
// the other preboot tests run at this width too (tests/e2e/preboot.spec.ts).

test('on a slow line, a size and Add To Cart tapped as soon as the product shows land in the bag', async ({
  page,
  cartLink,
}) => {
  test.setTimeout(60_000)
  const errors = collectErrors(page)
  const { product, size } = await productWithChart(page)
  await slowLine(page)
  await page.goto(`/productdetail/${product._id}`, { waitUntil: 'domcontentloaded', timeout: 30_000 })
  await expect(addToCart(page)).toBeVisible()
  // The tap starts the boot, but the app's scripts are seconds away on this line.
  await sizeRadio(page, size).tap()
  expect(await booted(page)).toBe(false)
  const post = page.waitForRequest((r) => r.method() === 'POST' && r.isNavigationRequest())
  await addToCart(page).tap()
  // The form's own post, not the app's request.
  expect(new URLSearchParams((await post).postData() ?? '').get('size')).toBe(size)

  await page.waitForFunction(isHydrated, undefined, { timeout: 30_000 })
  await expect(
    page.getByRole('status').filter({ hasText: `Added to cart: ${product.name}, size ${size}` }),
  ).toBeVisible()
  await expect(cartLink(1)).toBeVisible()
  expect(await guestCart(page)).toEqual({ [product._id]: { [size]: 1 } })
  expect(errors).toEqual([])
})

import { expect, test } from '#tests/e2e/fixtures.ts'
import {
  addToCart,
  booted,
  guestCart,
  holdScripts,
  openEarly,
  press,
  productWithChart,
  serverCart,
  sizeRadio,
} from '#tests/e2e/preboot.ts'
import { collectErrors, expectNoSeriousViolations, isHydrated } from '#tests/e2e/support.ts'

// What a shopper does before the app's JavaScript has booted (docs/decisions/006) must
// not be lost: the product page's sizes and 'Add To Cart' and the cart's quantities are
// plain forms, and what the page keeps is applied once the app starts. Each test holds
// the app's scripts back, acts as soon as the content shows, checks that the app has
// not booted, then lets it boot and checks the outcome. On a desktop, clicking, and on
// a phone (the phone project, playwright.config.ts), tapping.

test('a size tapped before the boot is still chosen after it, and Add To Cart adds that size', async ({
  page,
  isMobile,
  cartLink,
}) => {
  const errors = collectErrors(page)
  const { product, size } = await productWithChart(page)
  const scripts = await holdScripts(page)
  await openEarly(page, `/productdetail/${product._id}`)
  await press(sizeRadio(page, size), isMobile)
  await expect(sizeRadio(page, size)).toBeChecked()
  expect(await booted(page)).toBe(false)

  scripts.release()
  await page.waitForFunction(isHydrated)
  expect(scripts.held()).toBeGreaterThan(0)
  await expect(sizeRadio(page, size)).toBeChecked()
  await expect(page.getByRole('group', { name: new RegExp(`^Select Size\\s*${size}$`) })).toBeVisible()
  await press(addToCart(page), isMobile)
  await expect(
    page.getByRole('status').filter({ hasText: `Added to cart: ${product.name}, size ${size}` }),
  ).toBeVisible()
  await expect(cartLink(1)).toBeVisible()
  expect(await guestCart(page)).toEqual({ [product._id]: { [size]: 1 } })
  expect(errors).toEqual([])
})

test('Add To Cart before the boot, signed in: the server adds it and the header counts it', async ({
  page,
  isMobile,
  shopper: _shopper,
  cartLink,
}) => {
  const errors = collectErrors(page)
  const { product, size } = await productWithChart(page)
  const scripts = await holdScripts(page)
  await openEarly(page, `/productdetail/${product._id}`)
  await press(sizeRadio(page, size), isMobile)
  await press(addToCart(page), isMobile)

  // The form's post answered with the page, still without the app.
  const confirmation = page.getByRole('status').filter({ hasText: `Added to cart: ${product.name}, size ${size}` })
  await expect(confirmation).toBeVisible()
  await expect(cartLink(1)).toBeVisible()
  await expect(sizeRadio(page, size)).toBeChecked()
  expect(await booted(page)).toBe(false)
  expect(await serverCart(page)).toEqual({ [product._id]: { [size]: 1 } })

  scripts.release()
  await page.waitForFunction(isHydrated)
  await expect(confirmation).toBeVisible()
  await expect(cartLink(1)).toBeVisible()
  await expectNoSeriousViolations(page)
  // A reload shows the page again; it does not post (and add) again.
  await page.reload()
  await page.waitForFunction(isHydrated)
  await expect(cartLink(1)).toBeVisible()
  expect(await serverCart(page)).toEqual({ [product._id]: { [size]: 1 } })
  expect(errors).toEqual([])
})

test('Add To Cart before the boot, as a guest: the bag in the browser gets it once the app starts, once', async ({
  page,
  isMobile,
  cartLink,
}) => {
  const errors = collectErrors(page)
  const { product, size } = await productWithChart(page)
  // Something already in the bag stays there.
  const other = product.sizes[0]!
  await page.addInitScript(
    ([id, s]) => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1')
        localStorage.setItem('kapra.cart', JSON.stringify({ [id]: { [s]: 2 } }))
      }
    },
    [product._id, other] as const,
  )
  const scripts = await holdScripts(page)
  await openEarly(page, `/productdetail/${product._id}`)
  await press(sizeRadio(page, size), isMobile)
  await press(addToCart(page), isMobile)

  // The server cannot reach a guest's bag: the page says it is on its way.
  await expect(page.getByRole('status').filter({ hasText: 'Adding to your cart…' })).toBeVisible()
  await expect(sizeRadio(page, size)).toBeChecked()
  expect(await booted(page)).toBe(false)
  expect(await guestCart(page)).toEqual({ [product._id]: { [other]: 2 } })

  scripts.release()
  await page.waitForFunction(isHydrated)
  await expect(
    page.getByRole('status').filter({ hasText: `Added to cart: ${product.name}, size ${size}` }),
  ).toBeVisible()
  await expect(cartLink(3)).toBeVisible()
  expect(await guestCart(page)).toEqual({ [product._id]: { [other]: 2, [size]: 1 } })

  await page.reload()
  await page.waitForFunction(isHydrated)
  await expect(cartLink(3)).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Added to cart' })).toHaveCount(0)
  expect(await guestCart(page)).toEqual({ [product._id]: { [other]: 2, [size]: 1 } })
  expect(errors).toEqual([])
})

test('Add To Cart before the boot without a size asks for one', async ({ page, isMobile, cartLink }) => {
  const { product, size } = await productWithChart(page)
  const scripts = await holdScripts(page)
  await openEarly(page, `/productdetail/${product._id}`)
  await press(addToCart(page), isMobile)
  await expect(page.getByRole('alert')).toHaveText('Please select a size before adding to cart')
  await expect(cartLink(0)).toBeVisible()
  expect(await booted(page)).toBe(false)

  scripts.release()
  await page.waitForFunction(isHydrated)
  await expect(page.getByRole('alert')).toHaveText('Please select a size before adding to cart')
  await expect(sizeRadio(page, size)).toHaveAccessibleDescription('Please select a size before adding to cart')
  await expectNoSeriousViolations(page)
  // The app has it from here: choosing a size clears the message.
  await press(sizeRadio(page, size), isMobile)
  await expect(page.getByRole('alert')).toHaveCount(0)
  expect(await guestCart(page)).toEqual({})
})

test("a size chart row's size tapped before the boot selects that size", async ({ page, isMobile }) => {
  const { product } = await productWithChart(page)
  const row = product.sizeChart.find((r) => product.sizes.includes(r.size) && r.size !== product.sizes[0])!
  const scripts = await holdScripts(page)
  await openEarly(page, `/productdetail/${product._id}`)
  const cell = page.getByRole('table').getByRole('rowheader', { name: `Select size ${row.size}`, exact: true })
  await press(cell, isMobile)
  await expect(sizeRadio(page, row.size)).toBeChecked()
  expect(await booted(page)).toBe(false)

  scripts.release()
  await page.waitForFunction(isHydrated)
  await expect(sizeRadio(page, row.size)).toBeChecked()
  await expect(page.getByRole('table').getByRole('button', { name: `Select size ${row.size}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await press(addToCart(page), isMobile)
  await expect(page.getByRole('status').filter({ hasText: `size ${row.size}` })).toBeVisible()
  expect(await guestCart(page)).toEqual({ [product._id]: { [row.size]: 1 } })
})

test("a signed-in cart's quantity (typed, Enter) and delete work before the boot", async ({
  page,
  isMobile,
  shopper: _shopper,
  cartLink,
  ownProduct,
}) => {
  const errors = collectErrors(page)
  // Two products no other test orders from meanwhile: the refusal names what is left.
  const [{ product: first, size: firstSize }, { product: second, size: secondSize }] = [
    await ownProduct(),
    await ownProduct(),
  ]
  for (const [p, size] of [
    [first, firstSize],
    [second, secondSize],
  ] as const) {
    const add = await page.request.post('/api/cart/add', { data: { itemId: p._id, size } })
    expect(add.ok()).toBe(true)
  }
  const scripts = await holdScripts(page)
  await openEarly(page, '/cart')
  const quantity = page.getByRole('spinbutton', { name: `Quantity for ${first.name}, size ${firstSize}` })
  await quantity.fill('3')
  await quantity.press('Enter')
  await expect(cartLink(4)).toBeVisible()
  await expect(quantity).toHaveValue('3')
  expect(await booted(page)).toBe(false)

  await press(page.getByRole('button', { name: `Remove ${second.name} (size ${secondSize})` }), isMobile)
  await expect(cartLink(3)).toBeVisible()
  await expect(page.getByRole('spinbutton')).toHaveCount(1)
  // Beyond the stock, it is refused with what is left, as after the boot.
  const left = first.stock[firstSize]!
  await quantity.fill('250')
  await quantity.press('Enter')
  await expect(page.getByRole('alert')).toHaveText(`Only ${left} left of ${first.name} in size ${firstSize}`)
  await expect(quantity).toHaveValue('3')
  expect(await booted(page)).toBe(false)
  expect(await serverCart(page)).toEqual({ [first._id]: { [firstSize]: 3 } })

  scripts.release()
  await page.waitForFunction(isHydrated)
  await expect(quantity).toHaveValue('3')
  await expect(cartLink(3)).toBeVisible()
  expect(errors).toEqual([])
})

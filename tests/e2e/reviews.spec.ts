import type { Page } from '@playwright/test'
import type { Product } from '#contracts/catalog.ts'
import type { Order } from '#contracts/orders.ts'
import { testAddress } from '#tests/support/factories.ts'
import { expect, test, withStore } from '#tests/e2e/fixtures.ts'
import { collectErrors, expectNoSeriousViolations, expectNoSidewaysScroll, open } from '#tests/e2e/support.ts'

// Reviews from shoppers who received the piece, and the wishlist, in the browser at 1280 px
// and at 390 px (the phone project, playwright.config.ts), in English and Urdu. The store's
// side (delivering the order, approving the review) is done with its own service (withStore);
// each test's product is its own (ownProduct).

test.use({ loginPromptSeen: true })

/** The signed-in shopper's order of `product` in `size`, delivered. */
async function delivered(page: Page, product: Product, size: string): Promise<Order> {
  expect((await page.request.post('/api/cart/add', { data: { itemId: product._id, size } })).ok()).toBe(true)
  const res = await page.request.post('/api/order/placeorder', {
    data: { address: testAddress, items: [{ _id: product._id, size, quantity: 1 }], amount: product.price + 50 },
  })
  expect(res.status()).toBe(201)
  const { order } = (await res.json()) as { order: Order }
  await withStore(async ({ services }) => {
    for (const to of ['Confirmed', 'Packing', 'Shipped', 'Delivered'] as const)
      await services.orders.advance(order._id, to, to === 'Shipped' ? { courier: 'TCS', trackingNumber: 'E2E' } : {})
  })
  return order
}

test('a shopper who received a piece reviews it; approved, it shows with its stars, fit and reply in both languages', async ({
  page,
  shopper,
  ownProduct,
}) => {
  // A delivery, a review with its form, the console's decision and both languages' pages:
  // 25–29 s on a 2-core machine, near the default's 30.
  test.setTimeout(90_000)
  const errors = collectErrors(page)
  const { product, size } = await ownProduct()
  await delivered(page, product, size)

  await open(page, `/productdetail/${product._id}`)
  await expect(page.getByText('No reviews yet').first()).toBeVisible()
  await page.getByRole('tab', { name: 'Reviews (0)' }).click()
  const form = page.getByRole('region', { name: 'Write a review' })
  await expect(form.getByText(`You received size \u2068${size}\u2069.`)).toBeVisible()
  await form.getByRole('radio', { name: '4 stars' }).check()
  await form.getByLabel('Title').fill('Soft, and the collar holds')
  await form.getByLabel('Your review', { exact: true }).fill('Washed it three times; it keeps its shape and colour.')
  await form.getByRole('radio', { name: 'true to size' }).check()
  await expectNoSeriousViolations(page)
  await form.getByRole('button', { name: 'Send review' }).click()
  await expect(page.getByText('Thank you: your review will appear once the store has read it.')).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Reviews (0)' })).toBeVisible()

  await withStore(async ({ services, db }) => {
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', shopper.email.toLowerCase())
      .executeTakeFirstOrThrow()
    const mine = await services.reviews.mine(user.id, product._id)
    expect(mine?.status).toBe('pending')
    await services.reviews.decide(mine!.id, { approve: true, reply: 'Thank you for writing!' })
  })

  await open(page, `/productdetail/${product._id}?reviewSort=newest`)
  await expect(page.getByRole('tab', { name: 'Reviews (1)' })).toHaveAttribute('aria-selected', 'true')
  const reviews = page.getByRole('tabpanel', { name: 'Reviews (1)' })
  await expect(reviews.getByText('Most say: true to size')).toBeVisible()
  await expect(reviews.getByRole('heading', { name: 'Soft, and the collar holds' })).toBeVisible()
  await expect(reviews.getByText('Thank you for writing!')).toBeVisible()
  await expect(page.getByRole('img', { name: 'Rated 4.0 out of 5' }).first()).toBeVisible()
  await expect(reviews.getByText('Your review is shown on this page.', { exact: false })).toBeVisible()
  await reviews.getByRole('link', { name: 'Lowest rated' }).click()
  await expect(page).toHaveURL(/reviewSort=lowest/)
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page, { scrollToEnd: true })
  await page.screenshot({ path: `test-results/reviews-${test.info().project.name}.png`, fullPage: true })

  await open(page, `/ur/productdetail/${product._id}?reviewSort=newest`)
  const urdu = page.getByRole('tabpanel', { name: 'ریویوز (1)' })
  await expect(urdu.getByText('زیادہ تر کا کہنا ہے: سائز کے عین مطابق')).toBeVisible()
  await expect(urdu.getByText('تصدیق شدہ خریدار', { exact: false })).toBeVisible()
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page, { scrollToEnd: true })
  await page.screenshot({ path: `test-results/reviews-ur-${test.info().project.name}.png`, fullPage: true })
  expect(errors).toEqual([])
})

test('a guest keeps a heart in the browser, it joins the account at sign-in, and moves to the cart in a size', async ({
  page,
  ownProduct,
  cartLink,
}) => {
  const errors = collectErrors(page)
  const { product, size } = await ownProduct()
  await open(page, `/productdetail/${product._id}`)
  const heart = page
    .getByRole('main')
    .getByRole('button', { name: `Keep ${product.name} on your wishlist` })
    .first()
  await heart.click()
  await expect(heart).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Wishlist, 1 product' })).toBeVisible()

  await open(page, '/wishlist')
  await expect(page.getByRole('heading', { name: 'Your wishlist' })).toBeVisible()
  await expect(page.getByRole('link', { name: product.name })).toBeVisible()
  await expectNoSeriousViolations(page)

  // Signing in (here through the API, then a page load): the guest's hearts join the account.
  const account = {
    name: 'Sana Heart',
    email: `heart-${Date.now()}-${test.info().project.name}@example.com`,
    password: 'a long enough pass 2026',
  }
  expect((await page.request.post('/api/auth/registration', { data: account })).status()).toBe(201)
  expect((await page.request.post('/api/auth/login', { data: account })).ok()).toBe(true)
  await open(page, '/ur/wishlist')
  await expect(page.getByRole('heading', { name: 'آپ کی وِش لسٹ' })).toBeVisible()
  await expect
    .poll(async () => ((await (await page.request.get('/api/wishlist')).json()) as { ids: string[] }).ids)
    .toEqual([product._id])
  // The page reads its products again with the merged hearts (in Urdu, by its Urdu name).
  await expect(page.getByRole('link', { name: product.nameUr ?? product.name })).toBeVisible()
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)
  await page.screenshot({ path: `test-results/wishlist-ur-${test.info().project.name}.png`, fullPage: true })

  await open(page, '/wishlist')
  await page.getByLabel('Size').selectOption(size)
  await page.getByRole('button', { name: 'Move to cart' }).click()
  await expect(cartLink(1)).toBeVisible()
  await expect(page.getByText('Nothing on your wishlist yet.')).toBeVisible()
  expect(errors).toEqual([])
})

test("the console's queue shows a waiting review with its buyer and order, and approves it with a reply", async ({
  page,
  admin,
  ownProduct,
}) => {
  const errors = collectErrors(page)
  const { product, size } = await ownProduct()
  // A buyer's review, written through the API by a shopper of this test's own.
  const buyer = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL })
  const shopper = {
    name: 'Rabia Buyer',
    email: `buyer-${Date.now()}-${test.info().project.name}@example.com`,
    password: 'a long enough pass 2026',
  }
  expect((await buyer.request.post('/api/auth/registration', { data: shopper })).status()).toBe(201)
  expect((await buyer.request.post('/api/auth/login', { data: shopper })).ok()).toBe(true)
  const buyerPage = await buyer.newPage()
  await delivered(buyerPage, product, size)
  const title = `Queue check ${test.info().project.name}`
  const posted = await buyer.request.post('/api/reviews', {
    data: {
      productId: product._id,
      rating: 2,
      title,
      text: 'The sleeves ran short for the size I ordered.',
      fit: 'small',
    },
  })
  expect(posted.status()).toBe(201)
  await buyer.close()

  expect((await page.request.post('/api/auth/login', { data: admin })).ok()).toBe(true)
  await open(page, '/admin/reviews?status=pending&low=1')
  const card = page.getByRole('article', { name: title })
  await expect(card.getByText(shopper.email, { exact: false })).toBeVisible()
  await expect(card.getByRole('img', { name: 'Rated 2 out of 5' })).toBeVisible()
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)
  await page.screenshot({ path: `test-results/console-reviews-${test.info().project.name}.png`, fullPage: true })
  await card
    .getByLabel('Reply from the store (shown under the review)')
    .fill('We are sorry: exchange it for a size up.')
  await card.getByRole('button', { name: `Approve ${title}` }).click()
  await expect(page.getByRole('article', { name: title })).toHaveCount(0)
  await open(page, '/admin/reviews?status=approved')
  await expect(page.getByRole('article', { name: title })).toBeVisible()
  expect(errors).toEqual([])
})

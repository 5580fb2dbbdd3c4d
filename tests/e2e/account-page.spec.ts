import type { Page } from '@playwright/test'
import { testAddress } from '#tests/support/factories.ts'
import { expect, test } from '#tests/e2e/fixtures.ts'
import { collectErrors, expectNoSeriousViolations, expectNoSidewaysScroll, open } from '#tests/e2e/support.ts'

// The shopper's Account page (docs/decisions/012), at 1280 px and at 390 px (the phone
// project, playwright.config.ts): reached from the user menu, its forms with the app
// running and without any script, saved addresses at checkout, and the account's end.

const addresses = (page: Page) => page.getByRole('list', { name: 'Saved addresses' })

async function fillAddress(page: Page, scope: ReturnType<Page['locator']>, values: Record<string, string>) {
  const labels: Record<string, string> = {
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email address',
    street: 'Street',
    city: 'City',
    state: 'State',
    pinCode: 'Pin code',
    country: 'Country',
    phone: 'Phone',
  }
  for (const [name, value] of Object.entries(values)) await scope.getByLabel(labels[name]!, { exact: true }).fill(value)
}

// Orders placed from the checkout, nothing more: the products go back to the shelf after each test.
test.use({ loginPromptSeen: true, releaseProducts: true })

test('a guest is sent to login and brought back to the Account page', async ({ page, account }) => {
  await page.goto('/account')
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/)
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible()
})

test('from the user menu: the details, and an address added (a wrong phone refused first) and edited', async ({
  page,
  shopper: account,
}) => {
  test.setTimeout(60_000)
  const errors = collectErrors(page)
  await open(page, '/')
  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('link', { name: 'My Account' }).click()
  await expect(page).toHaveURL(/\/account$/)

  const details = page.getByRole('region', { name: 'Your details' })
  await expect(details.getByText(account.name, { exact: true })).toBeVisible()
  await expect(details.getByText(account.email, { exact: true })).toBeVisible()
  // A new address is not verified yet; the link can be sent again.
  await expect(details.getByText('Not verified yet', { exact: false })).toBeVisible()
  await details.getByRole('button', { name: 'Send the link again' }).click()
  await expect(page.getByRole('status')).toHaveText('We have sent the link again. Please check your inbox.')
  const book = page.getByRole('region', { name: 'Delivery addresses' })
  await expect(book.getByText('You have no saved addresses yet.')).toBeVisible()
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)

  await book.getByRole('link', { name: 'Add an address' }).click()
  const form = page.getByRole('form', { name: 'New address' })
  await fillAddress(page, form, { ...testAddress, email: account.email, phone: '12' })
  await form.getByRole('button', { name: 'Save address' }).click()
  await expect(form.getByText('Phone must be 7 to 15 digits')).toBeVisible()
  await expect(form.getByLabel('Phone', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  await form.getByLabel('Phone', { exact: true }).fill(testAddress.phone)
  await form.getByRole('button', { name: 'Save address' }).click()
  await expect(page.getByRole('status')).toHaveText('Your address is saved.')
  const first = addresses(page).getByRole('listitem')
  await expect(first).toHaveCount(1)
  await expect(first).toContainText(testAddress.street)
  await expect(first).toContainText('Default')
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)

  await page.getByRole('link', { name: `Edit the address ${testAddress.street}, ${testAddress.city}` }).click()
  const edit = page.getByRole('form', { name: 'Edit address' })
  await expect(edit.getByLabel('Street', { exact: true })).toHaveValue(testAddress.street)
  await edit.getByLabel('Street', { exact: true }).fill('14 Khayaban-e-Ittehad')
  await edit.getByRole('button', { name: 'Save address' }).click()
  await expect(addresses(page).getByRole('listitem')).toContainText('14 Khayaban-e-Ittehad')
  await expect(edit).toHaveCount(0)
  expect(errors).toEqual([])
})

test('a wrong current password is refused beside the field; the right one changes it', async ({
  page,
  browser,
  shopper: account,
}) => {
  await open(page, '/account')
  const password = page.getByRole('region', { name: 'Change password' })
  await password.getByLabel('Current password').fill('not my password')
  await password.getByLabel('New password', { exact: true }).fill('a brand new passphrase')
  await password.getByLabel('New password again').fill('a brand new passphrase')
  await password.getByRole('button', { name: 'Change password' }).click()
  await expect(password.getByText('That is not your current password')).toBeVisible()
  await expect(password.getByLabel('Current password')).toBeFocused()
  await password.getByLabel('Current password').fill(account.password)
  await password.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByRole('status')).toHaveText('Your password is changed. You are signed out everywhere else.')
  expect((await page.request.get('/api/user/getcurrentuser')).ok()).toBe(true)
  const fresh = await browser.newContext({ baseURL: test.info().project.use.baseURL! })
  expect((await fresh.request.post('/api/auth/login', { data: account })).status()).toBe(401)
  expect(
    (await fresh.request.post('/api/auth/login', { data: { ...account, password: 'a brand new passphrase' } })).ok(),
  ).toBe(true)
  await fresh.close()
})

test('checkout fills in the default address and saves a new one after the order', async ({
  page,
  shopper: account,
  saveAddress,
  ownProduct,
}) => {
  test.setTimeout(60_000)
  await saveAddress({ email: account.email, street: '14 Khayaban-e-Ittehad' })
  const { product, size } = await ownProduct()
  expect((await page.request.post('/api/cart/add', { data: { itemId: product._id, size } })).ok()).toBe(true)
  await open(page, '/placeorder')
  const saved = page.getByRole('navigation', { name: 'Deliver to a saved address' })
  await expect(saved.locator('a[aria-current="true"]')).toContainText('14 Khayaban-e-Ittehad')
  await expect(page.getByLabel('Street', { exact: true })).toHaveValue('14 Khayaban-e-Ittehad')
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue(testAddress.phone)
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)
  await page.getByLabel('Street', { exact: true }).fill('Office 9, Ocean Tower, Clifton')
  // The whole line is the box's label, as a thumb would tap it; on a phone the bottom
  // bar covers the foot of the window, so the line is brought to the middle first.
  const save = page.getByText('Save this address to my account')
  await save.evaluate((line) => line.scrollIntoView({ block: 'center' }))
  await save.click()
  await expect(page.getByLabel('Save this address to my account')).toBeChecked()
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page).toHaveURL(/\/order\?address=saved$/)
  await expect(
    page.getByRole('status').filter({ hasText: 'Your address is saved to your account for next time.' }),
  ).toBeVisible()

  await open(page, '/account')
  await expect(addresses(page).getByRole('listitem')).toHaveCount(2)
  await expect(addresses(page)).toContainText('Office 9, Ocean Tower, Clifton')
})

test.describe('before any script runs', () => {
  test.use({ javaScriptEnabled: false })

  test('addresses are added, made default and deleted, and checkout takes a saved address by its link', async ({
    page,
    shopper: account,
    ownProduct,
  }) => {
    await page.goto('/account')
    await page.getByRole('link', { name: 'Add an address' }).click()
    const form = page.getByRole('form', { name: 'New address' })
    await fillAddress(page, form, { ...testAddress, email: account.email, street: '7 Mall Road', city: 'Lahore' })
    await form.getByRole('button', { name: 'Save address' }).click()
    await expect(page.getByRole('status')).toHaveText('Your address is saved.')

    await page.getByRole('link', { name: 'Add an address' }).click()
    await fillAddress(page, page.getByRole('form', { name: 'New address' }), {
      ...testAddress,
      email: account.email,
      street: '22 Canal View',
      city: 'Lahore',
    })
    await page.getByRole('button', { name: 'Save address' }).click()
    await expect(addresses(page).getByRole('listitem')).toHaveCount(2)

    await page.getByRole('button', { name: 'Make 22 Canal View, Lahore the default address' }).click()
    await expect(page.getByRole('status')).toHaveText('Your default address is changed.')
    await expect(addresses(page).getByRole('listitem').first()).toContainText('22 Canal View')
    await expect(addresses(page).getByRole('listitem').first()).toContainText('Default')

    // At checkout, the other address is chosen by its link and fills the form.
    const { product, size } = await ownProduct()
    expect((await page.request.post('/api/cart/add', { data: { itemId: product._id, size } })).ok()).toBe(true)
    await page.goto('/placeorder')
    await expect(page.getByLabel('Street', { exact: true })).toHaveValue('22 Canal View')
    await page.getByRole('link', { name: /7 Mall Road/ }).click()
    await expect(page.getByLabel('Street', { exact: true })).toHaveValue('7 Mall Road')

    await page.goto('/account')
    await page.getByRole('button', { name: 'Delete the address 22 Canal View, Lahore' }).click()
    await expect(page.getByRole('status')).toHaveText('The address is deleted.')
    await expect(addresses(page).getByRole('listitem')).toHaveCount(1)
    await expect(addresses(page).getByRole('listitem')).toContainText('Default')
  })

  test('signing out everywhere ends this session and the others, and goes to login', async ({
    page,
    browser,
    shopper: account,
  }) => {
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL! })
    expect((await other.request.post('/api/auth/login', { data: account })).ok()).toBe(true)
    await page.goto('/account')
    await page.getByRole('button', { name: 'Sign out everywhere' }).click()
    await expect(page).toHaveURL(/\/login$/)
    expect((await page.request.get('/api/user/getcurrentuser')).status()).toBe(401)
    expect((await other.request.get('/api/user/getcurrentuser')).status()).toBe(401)
    await other.close()
  })
})

test('deleting the account asks for the password, then says goodbye; the account is gone', async ({
  page,
  shopper: account,
}) => {
  await open(page, '/account')
  await page.getByRole('link', { name: 'Delete my account…' }).click()
  const danger = page.getByRole('region', { name: 'Delete account' })
  await expect(danger.getByText('Delete your account? This cannot be undone.')).toBeVisible()
  await expectNoSeriousViolations(page)
  await danger.getByLabel('Your password').fill('not my password')
  await danger.getByRole('button', { name: 'Delete my account' }).click()
  await expect(danger.getByText('That is not your current password')).toBeVisible()
  expect((await page.request.get('/api/user/getcurrentuser')).ok()).toBe(true)

  await danger.getByLabel('Your password').fill(account.password)
  await danger.getByRole('button', { name: 'Delete my account' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your account is deleted' })).toBeVisible()
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)
  expect((await page.request.get('/api/user/getcurrentuser')).status()).toBe(401)
  expect((await page.request.post('/api/auth/login', { data: account })).status()).toBe(401)
})

import type { Page } from '@playwright/test'
import { newAccount } from '#tests/support/factories.ts'
import { expect, register, test } from '#tests/e2e/fixtures.ts'
import { expectNoSeriousViolations, open } from '#tests/e2e/support.ts'

// Accounts are made through the API (the account fixture); the journey in shopping.spec.ts
// and the way back through registration below sign up through the form.

async function logInWithForm(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
}

test('login page: fields, show/hide password, Google unavailable, link to registration; no axe violations', async ({
  page,
}) => {
  await open(page, '/login')
  await expect(page).toHaveTitle(/Login/)
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible()
  // No navigation bar or chat button on login (docs/spec/store-spec.md §2).
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: /whatsapp|chat/i })).toHaveCount(0)

  const password = page.getByLabel('Password', { exact: true })
  const toggle = page.getByRole('button', { name: 'Show password' })
  await password.fill('secret-words')
  await expect(password).toHaveAttribute('type', 'password')
  await expect(toggle).toHaveAttribute('aria-pressed', 'false')
  await toggle.click()
  await expect(password).toHaveAttribute('type', 'text')
  await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  await toggle.click()
  await expect(password).toHaveAttribute('type', 'password')

  const google = page.getByRole('button', { name: 'Login with Google' })
  await expect(google).toBeDisabled()
  await expect(google).toHaveAccessibleDescription('Google sign-in is not available right now.')

  await expectNoSeriousViolations(page)
  await page.getByRole('link', { name: 'Create New Account' }).click()
  await expect(page).toHaveURL(/\/signup$/)
})

test('registration page: fields, messages beside each field, Google unavailable; no axe violations', async ({
  page,
}) => {
  await open(page, '/signup')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Registration with Google' })).toBeDisabled()

  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByLabel('Username')).toHaveAccessibleDescription('Username is required')
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Email is required')).toBeVisible()
  await expect(page.getByText('Password is required')).toBeVisible()
  await expect(page.getByLabel('Username')).toBeFocused()

  await page.getByLabel('Username').fill('Bilal')
  await page.getByLabel('Email').fill('bilal@')
  await page.getByLabel('Password', { exact: true }).fill('short')
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByText('Enter a valid email address')).toBeVisible()
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible()
  await expect(page.getByText('Username is required')).toHaveCount(0)

  await page.getByLabel('Email').fill('bilal@example.com')
  await page.getByLabel('Password', { exact: true }).fill('password123')
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByText('Password is too common, choose another')).toBeVisible()
  await expectNoSeriousViolations(page)

  await page.getByRole('link', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/login$/)
})

test('registering a taken email shows the server message, keeping what was typed', async ({ page, account: taken }) => {
  await open(page, '/signup')
  await page.getByLabel('Username').fill('Someone Else')
  await page.getByLabel('Email').fill(taken.email)
  await page.getByLabel('Password', { exact: true }).fill('another-good-one')
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByRole('alert')).toHaveText('An account with this email already exists')
  await expect(page.getByLabel('Email')).toHaveValue(taken.email)
  await expect(page.getByLabel('Username')).toHaveValue('Someone Else')
})

test('a wrong password shows "Invalid email or password" and keeps the email', async ({ page, account }) => {
  await open(page, '/login')
  await logInWithForm(page, { email: account.email, password: 'not-my-password' })
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password')
  await expect(page.getByLabel('Email')).toHaveValue(account.email)
  await expect(page).toHaveURL(/\/login$/)
})

test('login works before the page is interactive: a plain form post', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  const account = await register(page.request)
  await page.goto('/login?redirectTo=%2Forder')
  await logInWithForm(page, account)
  await expect(page).toHaveURL(/\/order$/)
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible()
  await context.close()
})

test('after login the shopper goes home; signed in, /login and /signup send them back', async ({ page, account }) => {
  await open(page, '/login')
  await logInWithForm(page, account)
  await expect(page).toHaveURL(/\/$/)

  await page.goto('/login')
  await expect(page).toHaveURL(/\/$/)
  await page.goto('/signup')
  await expect(page).toHaveURL(/\/$/)
  await page.goto('/login?redirectTo=%2Fcart')
  await expect(page).toHaveURL(/\/cart$/)
  // Coming from a page of the store, back to that page.
  await page.goto('/signup', { referer: new URL('/contact', page.url()).href })
  await expect(page).toHaveURL(/\/contact$/)
  // Only paths of this store: no open redirect.
  await page.goto('/login?redirectTo=https%3A%2F%2Fevil.example')
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/)
})

test('user menu: Login, Orders, About signed out; My Account, Logout, Orders, About and the initial signed in', async ({
  page,
}) => {
  await open(page, '/')
  const menuButton = page.getByRole('button', { name: 'Account menu' })
  await menuButton.click()
  const menu = page.locator('#user-menu')
  // The spec's items; the language switch below them is a navigation of its own (docs/decisions/022).
  const items = menu.getByRole('link')
  await expect(items).toHaveText(['Login', 'Orders', 'About'])
  await expect(menu.getByRole('navigation', { name: 'Language' }).getByRole('button')).toHaveText(['اردو'])
  await menu.getByRole('link', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/login$/)
  // The URL changes before the page does: wait for the form (the home page has an Email field too).
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible()

  const account = await register(page.request, { name: 'zainab ali' })
  await logInWithForm(page, account)
  await expect(page).toHaveURL(/\/$/)
  const avatar = page.getByRole('button', { name: 'Account menu for zainab ali' })
  await expect(avatar).toHaveText('Z')
  await avatar.click()
  await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible()
  await expect(items).toHaveText(['My Account', 'Orders', 'About'])

  await menu.getByRole('link', { name: 'Orders' }).click()
  await expect(page).toHaveURL(/\/order$/)
  await expect(menu).toBeHidden()

  await page.getByRole('button', { name: 'Account menu for zainab ali' }).click()
  await menu.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/order')
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Forder$/)
})

for (const path of ['/placeorder', '/order', '/cart']) {
  test(`a guest opening ${path} logs in and comes back to it`, async ({ page, account }) => {
    await open(page, path)
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(path)}`)
    await logInWithForm(page, account)
    await expect(page).toHaveURL(new RegExp(`${path}$`))
  })
}

test('registration keeps the way back: signup → login note → the protected page', async ({ page }) => {
  await open(page, '/login?redirectTo=%2Forder')
  await page.getByRole('link', { name: 'Create New Account' }).click()
  await expect(page).toHaveURL('/signup?redirectTo=%2Forder')
  const account = newAccount({ name: 'Hamza' })
  await page.getByLabel('Username').fill(account.name)
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page).toHaveURL(/\/login\?registered=1&redirectTo=%2Forder$/)
  await expect(page.getByRole('status').filter({ hasText: 'Account created. Please log in.' })).toBeVisible()
  await logInWithForm(page, account)
  await expect(page).toHaveURL(/\/order$/)
})

import type { Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { expect, test } from '#tests/e2e/fixtures.ts'
import { expectNoSeriousViolations, expectNoSidewaysScroll, open } from '#tests/e2e/support.ts'

// Two-factor sign-in for admins (docs/decisions/015), at 1280 px and at 390 px (the phone
// project, playwright.config.ts): setting it up on the console's Security page, then the
// two-step sign-in, with a code worked out from the secret the page shows, as an
// authenticator app would.

/** The app's code for `secret`, `steps` time steps of 30 s from now. */
const codeFor = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  })

async function passwordStep(page: Page, account: { email: string; password: string }, next: string) {
  await open(page, `/login?redirectTo=${encodeURIComponent(next)}`)
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}-${test.info().project.name}.png`), fullPage: true })

test.use({ loginPromptSeen: true })

test('an admin sets up two-factor sign-in on Security, then signs in with the password and a code', async ({
  page,
  admin,
}) => {
  test.setTimeout(90_000)
  // Without two-factor sign-in yet, the password alone opens the console.
  await passwordStep(page, admin, '/admin')
  await expect(page).toHaveURL('/admin')
  await page
    .getByRole('navigation', { name: /Console/ })
    .filter({ visible: true })
    .getByRole('link', { name: 'Security' })
    .click()
  await expect(page).toHaveURL('/admin/security')
  await expect(page.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible()
  await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible()
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)
  await shot(page, 'security-setup')

  // The secret shown as text, as typed into an app.
  const secret = (await page.locator('#secret').textContent())!.replace(/\s/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  await page.getByLabel('The 6-digit code the app shows').fill('000000')
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
  await expect(page.getByRole('alert')).toContainText('That code is not right')
  await page.getByLabel('The 6-digit code the app shows').fill(codeFor(secret))
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible()
  const codes = await page.getByRole('region', { name: 'Your recovery codes' }).getByRole('listitem').allTextContents()
  expect(codes).toHaveLength(10)
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)
  await shot(page, 'security-codes')
  // Shown once: the page now says it is on.
  await open(page, '/admin/security')
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in is on' })).toBeVisible()
  await expect(page.getByText('10 of 10 recovery codes left.')).toBeVisible()
  await expectNoSeriousViolations(page)
  await shot(page, 'security-on')

  // Signed out, the password now leads to the code step.
  await page.request.post('/api/auth/logout')
  await passwordStep(page, admin, '/admin/orders')
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible()
  expect(await page.content()).not.toContain(admin.password)
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)
  await shot(page, 'login-code-step')
  await page.getByLabel('Authentication code').fill('123456')
  await page.getByRole('button', { name: 'Verify and log in' }).click()
  await expect(page.getByRole('alert')).toContainText('That code is not right')
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible()
  await expectNoSeriousViolations(page)
  await shot(page, 'login-code-wrong')
  // The step after the one setup used: an app a little ahead is still in time.
  await page.getByLabel('Authentication code').fill(codeFor(secret, 1))
  await page.getByRole('button', { name: 'Verify and log in' }).click()
  await expect(page).toHaveURL('/admin/orders')
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()

  // A recovery code works in its place, once.
  await page.request.post('/api/auth/logout')
  await passwordStep(page, admin, '/admin')
  await page.getByLabel('Authentication code').fill(codes[0]!)
  await page.getByRole('button', { name: 'Verify and log in' }).click()
  await expect(page).toHaveURL('/admin')
  await open(page, '/admin/security')
  await expect(page.getByText('9 of 10 recovery codes left.')).toBeVisible()
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)
  await shot(page, 'security-on-used')

  // A new set of recovery codes, after a code (here another recovery code): the old set is void.
  await page
    .getByRole('form', { name: 'New recovery codes' })
    .getByLabel('A code from your authenticator app')
    .fill(codes[1]!)
  await page.getByRole('button', { name: 'Make new recovery codes' }).click()
  await expect(page.getByText('New recovery codes are made; the old ones no longer work.')).toBeVisible()
  const renewed = await page
    .getByRole('region', { name: 'Your recovery codes' })
    .getByRole('listitem')
    .allTextContents()
  expect(renewed).toHaveLength(10)
  expect(renewed).not.toContain(codes[2])
  await expectNoSeriousViolations(page)

  // A new phone: off after a code, and the setup is offered again.
  await open(page, '/admin/security')
  await page
    .getByRole('form', { name: 'A new phone?' })
    .getByLabel('A code from your authenticator app')
    .fill(renewed[0]!)
  await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click()
  await expect(page.getByText('Two-factor sign-in is off. Scan the new code below')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible()
  expect((await page.locator('#secret').textContent())!.replace(/\s/g, '')).not.toBe(secret)
  await expectNoSeriousViolations(page)
  await expectNoSidewaysScroll(page)
})

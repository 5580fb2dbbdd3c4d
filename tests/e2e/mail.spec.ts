import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { orderNumber, type Order } from '#contracts/orders.ts'
import { testAddress } from '#tests/support/factories.ts'
import { expect, test, withStore } from '#tests/e2e/fixtures.ts'
import { collectErrors, expectNoSeriousViolations, expectNoSidewaysScroll, open } from '#tests/e2e/support.ts'

// Email in the browser (docs/decisions/011), at 1280 px and at 390 px (the phone project,
// playwright.config.ts). The store under test sends through SMTP_URL to the test's own
// mail server (tests/e2e/mail-sink.ts), which writes what arrives to a file; these tests
// read it there, as a shopper reads their inbox. The store's outbox tells which message
// is the newest of a kind; it keeps no body once sent (docs/decisions/018).

const port = Number(process.env.E2E_PORT ?? 3100)
const mailFile = path.join(os.tmpdir(), `kapra-e2e-${port}-mail.jsonl`)

/** The newest message of `kind` to `to`, once the store's worker has sent it (it polls every 3 s). */
async function newestMail(to: string, kind: string): Promise<{ subject: string; text: string }> {
  const id = await withStore(async ({ db }) => {
    const row = await db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', to)
      .where('kind', '=', kind)
      .orderBy('created_at', 'desc')
      .executeTakeFirst()
    if (!row) throw new Error(`no ${kind} email to ${to}`)
    return row.id
  })
  for (let waited = 0; waited < 15_000; waited += 250) {
    const arrived = fs
      .readFileSync(mailFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { messageId?: string; subject?: string; text?: string })
      .find((m) => m.messageId?.startsWith(`<${id}@`))
    if (arrived) return { subject: arrived.subject ?? '', text: arrived.text ?? '' }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`the ${kind} email to ${to} did not arrive`)
}

/** The path of the link labelled `label` in a message's text (the store's address there is localhost). */
function linkPath(text: string, label: string): string {
  const url = new RegExp(`${label}: (\\S+)`).exec(text)?.[1]
  if (!url) throw new Error(`no "${label}" link in:\n${text}`)
  const { pathname, search } = new URL(url)
  return pathname + search
}

// An order emailed about, a review left waiting: nothing another test reads, so the products go back to the shelf after each test.
test.use({ loginPromptSeen: true, releaseProducts: true })

test('a shopper who forgot their password gets a link, chooses a new one and is signed in; other sessions end', async ({
  page,
  browser,
  account,
}) => {
  const errors = collectErrors(page)
  // Signed in on another device, which the reset signs out.
  const other = await browser.newContext()
  expect((await other.request.post('/api/auth/login', { data: account })).ok()).toBe(true)

  await open(page, '/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
  await page.getByLabel('Email').fill(account.email)
  await page.getByRole('button', { name: 'Send me a link' }).click()
  await expect(page.getByRole('status')).toContainText(`If an account uses ${account.email}`)
  await expectNoSidewaysScroll(page)
  await expectNoSeriousViolations(page)

  const mail = await newestMail(account.email, 'password-reset')
  expect(mail.subject).toBe('Reset your Kapra password')
  await open(page, linkPath(mail.text, 'Choose a new password'))
  await page.getByLabel('New password', { exact: true }).fill('password')
  await page.getByRole('button', { name: 'Save my new password' }).click()
  await expect(page.getByText('Password is too common, choose another')).toBeVisible()
  await page.getByLabel('New password', { exact: true }).fill('a fresh secret 42')
  await page.getByRole('button', { name: 'Save my new password' }).click()
  await expect(page.getByRole('status')).toContainText('Your password is changed and you are logged in')
  await expectNoSidewaysScroll(page)

  // Signed in here: My Orders opens; signed out on the other device.
  await page.getByRole('link', { name: 'Continue shopping' }).click()
  await open(page, '/order')
  await expect(page).toHaveURL(/\/order$/)
  expect((await other.request.get('/api/user/getcurrentuser')).status()).toBe(401)
  await other.close()

  // The link works once.
  await open(page, linkPath(mail.text, 'Choose a new password'))
  await expect(page.getByRole('alert')).toContainText('was already used')
  await expect(page.getByRole('link', { name: 'Send me a new link' })).toBeVisible()
  expect(errors).toEqual([])
})

test('the same answer for an address without an account, and the form works before scripts run', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/forgot-password')
  const nobody = `nobody-${Date.now()}@example.com`
  await page.getByLabel('Email').fill(nobody)
  await page.getByRole('button', { name: 'Send me a link' }).click()
  await expect(page.getByRole('status')).toContainText(`If an account uses ${nobody}`)
  await context.close()
})

test('the order email’s confirm link shows the order and confirms it with one tap, once', async ({
  page,
  browser,
  shopper: _shopper,
  ownProduct,
}) => {
  const { product, size } = await ownProduct()
  expect((await page.request.post('/api/cart/add', { data: { itemId: product._id, size } })).ok()).toBe(true)
  const email = `orders-${Date.now()}-${test.info().project.name}@example.com`
  const res = await page.request.post('/api/order/placeorder', {
    data: {
      address: { ...testAddress, email },
      items: [{ _id: product._id, size, quantity: 1 }],
      amount: product.price + 50,
    },
  })
  expect(res.status()).toBe(201)
  const order = ((await res.json()) as { order: Order }).order
  const number = orderNumber(order._id)

  const mail = await newestMail(email, 'order-placed')
  expect(mail.subject).toBe(`Please confirm your order ${number}`)
  // Opened on the phone's mail app: no Kapra session there.
  const inbox = await browser.newContext({ viewport: page.viewportSize() })
  const shopper = await inbox.newPage()
  const errors = collectErrors(shopper)
  await open(shopper, linkPath(mail.text, 'Confirm my order'))
  await expect(shopper.getByRole('heading', { name: `Confirm order ${number}` })).toBeVisible()
  await expect(shopper.getByText(product.name)).toBeVisible()
  await expectNoSidewaysScroll(shopper)
  await expectNoSeriousViolations(shopper, 'main')
  // Opening the link changed nothing.
  let mine = (await (await page.request.post('/api/order/userorder')).json()) as Order[]
  expect(mine.find((o) => o._id === order._id)?.status).toBe('Order Placed')

  await shopper.getByRole('button', { name: 'Confirm my order' }).click()
  await expect(shopper.getByRole('status')).toHaveText('Thank you: your order is confirmed')
  mine = (await (await page.request.post('/api/order/userorder')).json()) as Order[]
  expect(mine.find((o) => o._id === order._id)?.status).toBe('Confirmed')
  const confirmed = await newestMail(email, 'order-confirmed')
  expect(confirmed.subject).toBe(`Your order ${number} is confirmed`)

  await open(shopper, linkPath(mail.text, 'Confirm my order'))
  await expect(shopper.getByRole('alert')).toHaveText('This link was already used.')
  expect(errors).toEqual([])
  await inbox.close()
})

test('a newsletter subscriber confirms from the email, sees the code, and leaves in one click', async ({ page }) => {
  const email = `reader-${Date.now()}-${test.info().project.name}@example.com`
  expect((await page.request.post('/api/newsletter/subscribe', { data: { email } })).ok()).toBe(true)
  const mail = await newestMail(email, 'newsletter-confirm')
  // The subscriber's own code, NEWSLETTER_CODE its prefix (docs/decisions/026).
  const code = /Your own code for 20% off your first order, once you confirm: (WELCOME20-[A-Z2-9]{8})/.exec(
    mail.text,
  )?.[1]
  expect(code).toBeDefined()

  await open(page, linkPath(mail.text, 'Confirm my subscription'))
  await page.getByRole('button', { name: 'Confirm my subscription' }).click()
  await expect(page.getByRole('status')).toHaveText('You are subscribed')
  await expect(page.getByText(code!)).toBeVisible()
  await expectNoSidewaysScroll(page)

  await open(page, linkPath(mail.text, 'Unsubscribe'))
  await page.getByRole('button', { name: 'Unsubscribe' }).click()
  await expect(page.getByRole('status')).toHaveText('You are unsubscribed')

  // A mail client's one-click unsubscribe (RFC 8058): a form POST to the header's address.
  const again = `reader-again-${Date.now()}-${test.info().project.name}@example.com`
  expect((await page.request.post('/api/newsletter/subscribe', { data: { email: again } })).ok()).toBe(true)
  const second = await newestMail(again, 'newsletter-confirm')
  const oneClick = await page.request.post(linkPath(second.text, 'Unsubscribe'), {
    form: { 'List-Unsubscribe': 'One-Click' },
  })
  expect(oneClick.status()).toBe(200)
  expect(await oneClick.text()).toContain('You are unsubscribed')
})

test('the Delivered email’s review link opens signed out, in English and Urdu, and takes a review that waits for the store', async ({
  page,
  browser,
  shopper,
  ownProduct,
}) => {
  const { product, size } = await ownProduct()
  expect((await page.request.post('/api/cart/add', { data: { itemId: product._id, size } })).ok()).toBe(true)
  const email = `delivered-${Date.now()}-${test.info().project.name}@example.com`
  const res = await page.request.post('/api/order/placeorder', {
    data: {
      address: { ...testAddress, email },
      items: [{ _id: product._id, size, quantity: 1 }],
      amount: product.price + 50,
    },
  })
  expect(res.status()).toBe(201)
  const order = ((await res.json()) as { order: Order }).order
  await withStore(async ({ services }) => {
    for (const to of ['Confirmed', 'Packing', 'Shipped', 'Delivered'] as const)
      await services.orders.advance(order._id, to, to === 'Shipped' ? { courier: 'TCS', trackingNumber: 'E2E' } : {})
  })
  const mail = await newestMail(email, 'order-delivered')
  const link = linkPath(mail.text, `Review ${product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)
  expect(link).toMatch(/^\/review\?token=/)

  // Opened on the phone's mail app: no Kapra session there.
  const inbox = await browser.newContext({ viewport: page.viewportSize() })
  const reader = await inbox.newPage()
  const errors = collectErrors(reader)
  await open(reader, link)
  await expect(reader.getByRole('heading', { name: `Review a piece you received ${product.name}` })).toBeVisible()
  const form = reader.getByRole('region', { name: 'Write a review' })
  await expect(form.getByText(`You received size \u2068${size}\u2069.`)).toBeVisible()
  await expectNoSeriousViolations(reader, 'main')
  await expectNoSidewaysScroll(reader)
  await form.getByRole('radio', { name: '5 stars' }).check()
  await form.getByLabel('Title').fill('Straight from the email')
  await form.getByLabel('Your review', { exact: true }).fill('Opened the link on my phone and wrote this at once.')
  await form.getByRole('radio', { name: 'runs large' }).check()
  await form.getByRole('button', { name: 'Send review' }).click()
  await expect(reader.getByText('Thank you: your review will appear once the store has read it.')).toBeVisible()
  await reader.screenshot({ path: `test-results/review-link-${test.info().project.name}.png`, fullPage: true })
  // The shopper's, waiting for the store.
  await withStore(async ({ services, db }) => {
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', shopper.email.toLowerCase())
      .executeTakeFirstOrThrow()
    expect(await services.reviews.mine(user.id, product._id)).toMatchObject({
      status: 'pending',
      title: 'Straight from the email',
      size,
    })
  })

  // Opened again, it says where the review stands.
  await open(reader, link)
  await expect(reader.getByText('Your review is waiting for the store.')).toBeVisible()

  // The same link in Urdu, right to left, with the review as it stands.
  await open(reader, `/ur${link}`)
  await expect(reader.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(reader.getByRole('heading', { name: 'جو چیز آپ کو ملی، اس کا ریویو', exact: false })).toBeVisible()
  await expect(reader.getByLabel('عنوان', { exact: false })).toHaveValue('Straight from the email')
  await expectNoSeriousViolations(reader, 'main')
  await expectNoSidewaysScroll(reader)
  await reader.screenshot({ path: `test-results/review-link-ur-${test.info().project.name}.png`, fullPage: true })

  // A link tampered with: said plainly, in both languages, and no form.
  const forged = link.slice(0, -3) + (link.endsWith('AAA') ? 'BBB' : 'AAA')
  await open(reader, forged)
  await expect(reader.getByRole('alert')).toHaveText(
    'This review link is not valid. Sign in and open the order from My Orders to review it.',
  )
  await expect(reader.getByRole('button', { name: 'Send review' })).toHaveCount(0)
  await open(reader, `/ur${forged}`)
  await expect(reader.getByRole('alert')).toContainText('ریویو کا یہ لنک درست نہیں۔')
  await expectNoSeriousViolations(reader, 'main')
  expect(errors).toEqual([])
  await inbox.close()
})

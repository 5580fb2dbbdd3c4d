import fs from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { expect, test, type Page, type Route } from '@playwright/test'
import { exportJWK, generateKeyPair, importJWK, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose'
import type { Product } from '#contracts/catalog.ts'
import { googleClaims, type GooglePerson } from '#tests/support/google-tokens.ts'
import { expectNoSeriousViolations, open } from '#tests/e2e/support.ts'

// docs/spec/rulings.md #7 in the browser: Google's button on Login and Registration,
// played by a stub script (route interception) that hands the app an ID token signed
// by a key of this test, whose key set is served on loopback. Nothing leaves the machine.
//
// playwright.config.ts starts a second store for this file on E2E_PORT + 10 with
// GOOGLE_CLIENT_ID set and GOOGLE_JWKS_URL pointing at E2E_PORT + 11.
const port = Number(process.env.E2E_PORT ?? 3100)
const googleStore = `http://127.0.0.1:${port + 10}`
const plainStore = `http://127.0.0.1:${port}`
const keysPort = port + 11
/** Written beside the second store's database: a worker started after a failure signs with the same key. */
const keyFile = path.join(os.tmpdir(), `kapra-e2e-${port + 10}`, 'e2e-google-signing-key.json')

const CLIENT_ID = 'kapra-e2e.apps.googleusercontent.com'
const GSI_CLIENT = 'https://accounts.google.com/gsi/client'
const FAILED = 'Google sign-in failed. Please try again.'
const COULD_NOT_LOAD = 'Google sign-in could not load. Use your email and password instead.'

// One key server per run: the tests of this file share a worker, in order.
test.describe.configure({ mode: 'default' })

interface SigningKey {
  kid: string
  privateKey: CryptoKey
  publicJwk: JWK
}

let key: SigningKey
let keyServer: http.Server

/** The key of this run, made by the first worker and read by any later one. */
async function signingKey(): Promise<SigningKey> {
  let stored: { kid: string; privateJwk: JWK; publicJwk: JWK }
  try {
    stored = JSON.parse(await fs.readFile(keyFile, 'utf8')) as typeof stored
  } catch {
    const pair = await generateKeyPair('RS256', { extractable: true })
    const kid = `e2e-${Date.now()}`
    stored = {
      kid,
      privateJwk: await exportJWK(pair.privateKey),
      publicJwk: { ...(await exportJWK(pair.publicKey)), kid, alg: 'RS256', use: 'sig' },
    }
    try {
      await fs.writeFile(keyFile, JSON.stringify(stored), { flag: 'wx' })
    } catch {
      // Another worker wrote it first: use that one.
      stored = JSON.parse(await fs.readFile(keyFile, 'utf8')) as typeof stored
    }
  }
  return {
    kid: stored.kid,
    privateKey: (await importJWK(stored.privateJwk, 'RS256')) as CryptoKey,
    publicJwk: stored.publicJwk,
  }
}

/** Google's certs endpoint, played on loopback; waits for a previous worker to let go of the port. */
async function serveKeys(keys: JWK[]): Promise<http.Server> {
  const body = JSON.stringify({ keys })
  const server = http.createServer((req, res) => {
    if (req.url === '/certs') res.writeHead(200, { 'content-type': 'application/json' }).end(body)
    else res.writeHead(404).end()
  })
  for (let attempt = 0; ; attempt++) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject)
        server.listen(keysPort, '127.0.0.1', () => {
          server.off('error', reject)
          resolve()
        })
      })
      return server
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 50) throw err
      await new Promise((r) => setTimeout(r, 200))
    }
  }
}

test.beforeAll(async () => {
  key = await signingKey()
  keyServer = await serveKeys([key.publicJwk])
})

test.afterAll(async () => {
  await new Promise<void>((resolve) => keyServer.close(() => resolve()))
})

let people = 0
function googlePerson(name: string) {
  people++
  const stamp = `${Date.now()}${process.pid}${people}`
  return { sub: `1098${stamp}`, email: `google.e2e.${stamp}@gmail.com`, name }
}

/** An ID token as Google would sign it for `person`, with `overrides` applied. */
function idToken(person: GooglePerson, overrides: JWTPayload = {}): Promise<string> {
  return new SignJWT(googleClaims(person, CLIENT_ID, overrides))
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .sign(key.privateKey)
}

/**
 * Google Identity Services, played by a stub: initialize keeps the callback,
 * renderButton draws a real button that hands over `token`. What the app asked
 * for is kept in window.__gis for the test to read.
 */
function stubScript(token: string): string {
  return `(() => {
  const calls = (window.__gis = { initialize: [], renderButton: [] })
  let config = null
  window.google = { accounts: { id: {
    initialize(c) {
      config = c
      calls.initialize.push({ ...c, callback: typeof c.callback })
    },
    renderButton(parent, options) {
      calls.renderButton.push(options)
      const button = document.createElement('button')
      button.type = 'button'
      button.textContent = options.text === 'signup_with' ? 'Sign up with Google' : 'Sign in with Google'
      button.style.cssText = 'width:' + options.width + 'px;height:40px;border:1px solid #dadce0;border-radius:20px;' +
        'background:#fff;color:#3c4043;font:500 14px system-ui,sans-serif;cursor:pointer'
      button.addEventListener('click', () => config.callback({ credential: ${JSON.stringify(token)}, select_by: 'btn' }))
      parent.replaceChildren(button)
    },
    prompt() {},
    cancel() {},
  } } }
})()`
}

interface GoogleStandIn {
  /** Every request the page made to accounts.google.com. */
  requests: string[]
  /** Google's script becomes the stub handing over `token` (until then it fails to load). */
  useToken(token: string): void
}

/** Nothing goes to the internet; Google's script is the stub, or fails as if offline. */
async function offline(page: Page): Promise<GoogleStandIn> {
  const traffic: { requests: string[]; token: string | null } = { requests: [], token: null }
  page.on('request', (req) => {
    if (new URL(req.url()).hostname === 'accounts.google.com') traffic.requests.push(req.url())
  })
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort())
  await page.route(GSI_CLIENT, (route: Route) =>
    traffic.token === null
      ? route.abort('internetdisconnected')
      : route.fulfill({ status: 200, contentType: 'text/javascript', body: stubScript(traffic.token) }),
  )
  // Keep the guest's 15 s login prompt (docs/spec/rulings.md #22) out of the way.
  await page.addInitScript(() => sessionStorage.setItem('kapra.loginPromptShown', '1'))
  return {
    requests: traffic.requests,
    useToken(token) {
      traffic.token = token
    },
  }
}

async function expectSignedInAs(page: Page, name: string) {
  const avatar = page.getByRole('button', { name: `Account menu for ${name}` })
  await expect(avatar).toHaveText(name.charAt(0).toUpperCase())
  await avatar.click()
  await expect(page.locator('#user-menu').getByRole('button', { name: 'Logout' })).toBeVisible()
}

const cartLink = (page: Page, count: number) =>
  page.getByRole('banner').getByRole('link', { name: `Cart, ${count} ${count === 1 ? 'item' : 'items'}`, exact: true })

test.describe('Google sign-in configured', () => {
  test.use({ baseURL: googleStore })

  test('Login: Google button signs in and goes home, signed in', async ({ page }) => {
    const google = await offline(page)
    const person = googlePerson('Noor Fatima')
    google.useToken(await idToken(person))

    await open(page, '/login')
    const button = page.getByRole('button', { name: 'Sign in with Google' })
    await expect(button).toBeVisible()
    // The app asked Google for the documented button, in a popup, with FedCM.
    const calls = await page.evaluate(
      () => (window as unknown as { __gis: { initialize: unknown[]; renderButton: unknown[] } }).__gis,
    )
    expect(calls.initialize).toEqual([
      { client_id: CLIENT_ID, callback: 'function', ux_mode: 'popup', use_fedcm_for_button: true },
    ])
    expect(calls.renderButton.at(-1)).toEqual({
      type: 'standard',
      theme: 'outline',
      size: 'large',
      text: 'signin_with',
      shape: 'pill',
      width: 400,
    })
    expect(google.requests).toEqual([GSI_CLIENT])
    await expectNoSeriousViolations(page)

    await button.click()
    await expect(page).toHaveURL(`${googleStore}/`)
    await expectSignedInAs(page, 'Noor Fatima')
    const me = await page.request.get('/api/user/getcurrentuser')
    expect(await me.json()).toMatchObject({ name: 'Noor Fatima', email: person.email })
  })

  test("Registration: 'Registration with Google' signs up and goes home, signed in", async ({ page }) => {
    const google = await offline(page)
    google.useToken(await idToken(googlePerson('zara Ahmed')))

    await open(page, '/signup')
    const button = page.getByRole('button', { name: 'Sign up with Google' })
    await expect(button).toBeVisible()
    const options = await page.evaluate(
      () => (window as unknown as { __gis: { renderButton: { text: string }[] } }).__gis.renderButton[0]?.text,
    )
    expect(options).toBe('signup_with')
    await expectNoSeriousViolations(page)
    await button.click()
    await expect(page).toHaveURL(`${googleStore}/`)
    await expectSignedInAs(page, 'zara Ahmed')
  })

  test("a guest's bag joins the account, and the shopper goes back to the page that asked for login", async ({
    page,
    request,
  }) => {
    const google = await offline(page)
    google.useToken(await idToken(googlePerson('Hina Baig')))
    const list = (await (await request.get(`${googleStore}/api/product/list`)).json()) as Product[]
    const product = list.find((p) => p.sizes.length > 0)!
    const size = product.sizes[0]!

    await open(page, `/productdetail/${product._id}`)
    await page
      .getByRole('group', { name: /Select Size/ })
      .getByRole('radio', { name: size, exact: true })
      .click()
    await page.getByRole('button', { name: 'Add To Cart' }).click()
    await expect(cartLink(page, 1)).toBeVisible()

    // The cart asks a guest to log in: a client-side navigation to /login, which loads
    // as its own document so that its policy allows Google's script.
    await cartLink(page, 1).click()
    await expect(page).toHaveURL('/login?redirectTo=%2Fcart')
    await page.getByRole('button', { name: 'Sign in with Google' }).click()

    await expect(page).toHaveURL('/cart')
    await expect(cartLink(page, 1)).toBeVisible()
    await expect(page.getByRole('spinbutton', { name: `Quantity for ${product.name}, size ${size}` })).toHaveValue('1')
    await expectSignedInAs(page, 'Hina Baig')
  })

  test('never follows a return address to another site', async ({ page }) => {
    // Six sign-ins in one test: more than one sign-in's time.
    test.slow()
    const google = await offline(page)
    // What a browser would read as another host; the API suite runs the whole table
    // through the pages (tests/api/return-address.test.ts), this is the button's path.
    for (const trick of [
      '/\t/evil.example',
      '/\\evil.example',
      '//evil.example',
      'https://evil.example',
      '/.//evil.example',
    ]) {
      await page.context().clearCookies()
      google.useToken(await idToken(googlePerson('Sana Mir')))
      await open(page, `/login?redirectTo=${encodeURIComponent(trick)}`)
      await page.getByRole('button', { name: 'Sign in with Google' }).click()
      await expect(page).toHaveURL(`${googleStore}/`)
      await expectSignedInAs(page, 'Sana Mir')
    }
    // A return address of this store is still followed.
    await page.context().clearCookies()
    google.useToken(await idToken(googlePerson('Sana Mir')))
    await open(page, `/login?redirectTo=${encodeURIComponent('/collection?category=Men')}`)
    await page.getByRole('button', { name: 'Sign in with Google' }).click()
    await expect(page).toHaveURL(`${googleStore}/collection?category=Men`)
  })

  test('reached from the user menu, Login still offers Google', async ({ page }) => {
    const google = await offline(page)
    google.useToken(await idToken(googlePerson('Iqra Shah')))
    await open(page, '/')
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.locator('#user-menu').getByRole('link', { name: 'Login' }).click()
    await expect(page).toHaveURL('/login')
    await page.getByRole('button', { name: 'Sign in with Google' }).click()
    await expect(page).toHaveURL(`${googleStore}/`)
    await expectSignedInAs(page, 'Iqra Shah')
  })

  test('a token for another audience shows the failure and leaves the shopper signed out', async ({ page }) => {
    const google = await offline(page)
    google.useToken(await idToken(googlePerson('Mallory'), { aud: 'someone-else.apps.googleusercontent.com' }))

    await open(page, '/login')
    await page.getByRole('button', { name: 'Sign in with Google' }).click()
    await expect(page.getByRole('alert')).toHaveText(FAILED)
    await expect(page).toHaveURL('/login')
    expect((await page.request.get('/api/user/getcurrentuser')).status()).toBe(401)
    // The button stays, for another try.
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible()
    await expectNoSeriousViolations(page)
  })

  test("Google's script is requested on Login and Registration only", async ({ page, request }) => {
    const google = await offline(page)
    google.useToken(await idToken(googlePerson('Unused')))
    const [product] = (await (await request.get(`${googleStore}/api/product/list`)).json()) as Product[]

    for (const path of ['/', '/collection', `/productdetail/${product!._id}`, '/about']) {
      const res = await page.goto(path)
      expect(res?.headers()['content-security-policy']).not.toContain('accounts.google.com')
    }
    await page.waitForLoadState('networkidle')
    expect(google.requests).toEqual([])

    await open(page, '/login')
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible()
    expect(google.requests).toEqual([GSI_CLIENT])
    await open(page, '/signup')
    await expect(page.getByRole('button', { name: 'Sign up with Google' })).toBeVisible()
    expect(google.requests).toEqual([GSI_CLIENT, GSI_CLIENT])
  })

  test('while the script loads a placeholder holds its place; if it cannot load, the page says so', async ({
    page,
  }) => {
    const google = await offline(page)
    google.useToken(await idToken(googlePerson('Saad Ali')))
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(GSI_CLIENT, async (route) => {
      await held
      await route.fallback()
    })

    await open(page, '/login')
    const below = page.getByText('New to Kapra?')
    const before = await below.boundingBox()
    await expect(page.getByText('Loading Google sign-in…')).toBeAttached()
    release()
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible()
    expect(await below.boundingBox()).toEqual(before)

    // Blocked or offline: the email form is the way in.
    const blocked = await page.context().newPage()
    await offline(blocked)
    await open(blocked, '/signup')
    await expect(blocked.getByText(COULD_NOT_LOAD)).toBeVisible()
    await expect(blocked.getByRole('button', { name: 'Registration with Google' })).toBeDisabled()
    await expect(blocked.getByRole('button', { name: 'Create Account' })).toBeEnabled()
  })
})

test.describe('Google sign-in not configured', () => {
  test.use({ baseURL: plainStore })

  test('the buttons are disabled with a short explanation, and no Google script is requested', async ({ page }) => {
    const google = await offline(page)
    google.useToken(await idToken(googlePerson('Nobody')))

    await open(page, '/login')
    const login = page.getByRole('button', { name: 'Login with Google' })
    await expect(login).toBeDisabled()
    await expect(login).toHaveAccessibleDescription('Google sign-in is not available right now.')
    await open(page, '/signup')
    const signup = page.getByRole('button', { name: 'Registration with Google' })
    await expect(signup).toBeDisabled()
    await expect(signup).toHaveAccessibleDescription('Google sign-in is not available right now.')
    await page.waitForLoadState('networkidle')
    expect(google.requests).toEqual([])
    const res = await page.goto('/login')
    expect(res?.headers()['content-security-policy']).not.toContain('accounts.google.com')
  })
})

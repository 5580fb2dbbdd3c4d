import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { test as base, expect, type APIRequestContext, type Locator } from '@playwright/test'
import type { Product } from '#contracts/catalog.ts'
import { loadConfig } from '#server/config.ts'
import { connect, type Db } from '#server/db/database.ts'
import { createLogger } from '#server/http/logger.ts'
import { createServices, type Services } from '#server/services.ts'
import { newAccount, testAddress } from '#tests/support/factories.ts'

// The browser specs' fixtures (Playwright's test.extend): shoppers and admins made without
// the browser, the header's cart link, saved addresses, and products whose stock no other
// test touches, so specs can run side by side (docs/decisions/020). Specs import `test`
// and `expect` from here.

export interface Account {
  name: string
  email: string
  password: string
}

/** The data folder of the store Playwright started (playwright.config.ts). */
export const storeDataDir = path.join(os.tmpdir(), `kapra-e2e-${Number(process.env.E2E_PORT ?? 3100)}`)

/**
 * The store's own services on the database of the store under test, as `npm run admin`
 * opens them, for what the store's side does without a screen of the test's; closed after `work`.
 */
export async function withStore<T>(work: (store: { services: Services; db: Db }) => Promise<T>): Promise<T> {
  const connection = connect({ dataDir: storeDataDir })
  try {
    const services = createServices({
      db: connection.db,
      dialect: connection.dialect,
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      logger: createLogger('silent'),
    })
    return await work({ services, db: connection.db })
  } finally {
    await connection.close()
  }
}

/** An admin made with the store's service, as `npm run admin` makes one; not signed in. */
export function makeAdmin(name = 'Hina Owner'): Promise<Account> {
  return withStore(async ({ services }) => {
    const account = newAccount({ name })
    await services.auth.createAdmin(account)
    return account
  })
}

/**
 * A new account registered through the API; with `signIn`, logged in too, so the context
 * of `request` holds its session cookie (a page's `page.request` shares the page's cookies).
 */
export async function register(
  request: APIRequestContext,
  overrides: Partial<Account> = {},
  { signIn = false } = {},
): Promise<Account> {
  const account = newAccount(overrides)
  expect((await request.post('/api/auth/registration', { data: account })).status()).toBe(201)
  if (signIn) expect((await request.post('/api/auth/login', { data: account })).ok()).toBe(true)
  return account
}

const claims = path.join(storeDataDir, 'e2e-claims')

/**
 * A product no other test of this run orders from or counts the stock of, claimed for
 * the calling test, with a size that has at least 6 pieces. Claimed from the end of the
 * catalog, or among `among` when given; never, unless named in `among`, the first four
 * products or the two with the longest names, which specs that read the catalog as it
 * stands use (docs/decisions/020). A claim is a file in the store's data folder, made
 * by whichever worker asks first, and given up when a test that claimed through
 * `ownProduct` ends if its spec says so (`releaseProducts`); a retry of the test may claim its own products again. `taken` holds
 * what this attempt has claimed already.
 */
export async function claimProduct(
  request: APIRequestContext,
  among?: Product[],
  taken: Set<string> = new Set(),
): Promise<{ product: Product; size: string }> {
  const list = (await (await request.get('/api/product/list')).json()) as Product[]
  const longest = list.toSorted((a, b) => b.name.length - a.name.length).slice(0, 2)
  const shared = new Set([...list.slice(0, 4), ...longest].map((p) => p._id))
  const fresh = new Map(list.map((p) => [p._id, p]))
  const candidates = among
    ? among.map((p) => fresh.get(p._id) ?? p)
    : list.toReversed().filter((p) => !shared.has(p._id))
  const owner = [test.info().project.name, ...test.info().titlePath].join(' › ')
  fs.mkdirSync(claims, { recursive: true })
  for (const product of candidates) {
    const size = product.sizes.find((s) => (product.stock[s] ?? 0) >= 6)
    if (!size || taken.has(product._id)) continue
    const file = path.join(claims, product._id)
    try {
      fs.writeFileSync(file, owner, { flag: 'wx' })
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      // Another test's; a claim of this test's is its own again on a retry.
      if (fs.readFileSync(file, 'utf8') !== owner) continue
    }
    taken.add(product._id)
    return { product, size }
  }
  throw new Error('every product with stock to spare is claimed by another test')
}

/** Gives up this test's claim on a product (docs/decisions/020): another test may claim it from now on. */
function releaseClaim(productId: string) {
  const file = path.join(claims, productId)
  const owner = [test.info().project.name, ...test.info().titlePath].join(' › ')
  try {
    if (fs.readFileSync(file, 'utf8') === owner) fs.rmSync(file)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
}

interface Fixtures {
  /** The guest's login prompt (docs/spec/rulings.md #22) already seen this session, so it stays out of the way. */
  loginPromptSeen: boolean
  /** A registered account, not signed in. */
  account: Account
  /** A registered shopper, signed in on this test's browser context (through the API, not the form). */
  shopper: Account
  /** An admin made with the store's service, not signed in. */
  admin: Account
  /** The header's cart link showing `count` items. */
  cartLink: (count: number) => Locator
  /** Saves an address to the signed-in shopper's account through the API: the test address with `overrides`. */
  saveAddress: (overrides?: Partial<typeof testAddress>) => Promise<void>
  /** Whether this spec's products go back to the shelf when each test ends (nothing of theirs is read again: orders looked up, not reviewed). */
  releaseProducts: boolean
  /** A product (and a size with stock) of this test's own: see claimProduct. */
  ownProduct: (among?: Product[]) => Promise<{ product: Product; size: string }>
}

export const test = base.extend<Fixtures>({
  loginPromptSeen: [false, { option: true }],
  page: async ({ page, loginPromptSeen }, provide) => {
    if (loginPromptSeen) await page.addInitScript(() => sessionStorage.setItem('kapra.loginPromptShown', '1'))
    await provide(page)
  },
  account: async ({ context }, provide) => {
    await provide(await register(context.request))
  },
  shopper: async ({ context }, provide) => {
    await provide(await register(context.request, {}, { signIn: true }))
  },
  admin: async ({ context: _context }, provide) => {
    await provide(await makeAdmin())
  },
  cartLink: async ({ page }, provide) => {
    await provide((count) =>
      page
        .getByRole('banner')
        .getByRole('link', { name: `Cart, ${count} ${count === 1 ? 'item' : 'items'}`, exact: true }),
    )
  },
  saveAddress: async ({ context }, provide) => {
    await provide(async (overrides = {}) => {
      const res = await context.request.post('/api/user/addresses', { data: { ...testAddress, ...overrides } })
      expect(res.status()).toBe(201)
    })
  },
  releaseProducts: [false, { option: true }],
  ownProduct: async ({ context, releaseProducts }, provide) => {
    const taken = new Set<string>()
    await provide((among) => claimProduct(context.request, among, taken))
    // A spec that leaves nothing another test could trip on (`releaseProducts`) gives its
    // products back when it ends, with the stock it left, so the run does not run out.
    if (releaseProducts) for (const id of taken) releaseClaim(id)
  },
})

export { expect }

import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '#server/app.ts'
import { buildDir, productionPages } from '#server/pages.ts'
import { createTestStore, databases, signedInClient, type TestStore } from '#tests/api/harness.ts'
import { newAccount } from '#tests/support/factories.ts'

// docs/decisions/019: an admin's session ends after ADMIN_IDLE_MINUTES (default 60) without a
// console request; a console request keeps it going; shoppers keep SESSION_DAYS. On the
// store's fake clock, on each database.

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
const built = fs.existsSync(`${buildDir}/server/index.js`)

let addresses = 0
const nextAddress = () => `10.31.0.${++addresses}`

describe.each(databases)('admin sessions end when idle (%s)', (kind) => {
  let store: TestStore
  let shortStore: TestStore
  const clock = { t: Date.now(), now: () => clock.t }
  let pages: ReturnType<typeof createApp> | undefined

  beforeAll(async () => {
    store = await createTestStore(kind, { now: clock.now })
    shortStore = await createTestStore(kind, { now: clock.now, env: { ADMIN_IDLE_MINUTES: '5' } })
    if (built) pages = createApp({ services: store.services, pages: await productionPages() })
  })
  afterAll(async () => {
    await store.close()
    await shortStore.close()
  })

  async function signedInAdmin(on = store) {
    const account = newAccount()
    await on.services.auth.createAdmin(account)
    const client = on.client(nextAddress())
    const res = await client.post('/api/auth/login', { email: account.email, password: account.password })
    expect(res.status).toBe(200)
    const row = await on.connection.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.token_hash', 'sessions.last_console_at'])
      .where('users.email_normalized', '=', account.email.toLowerCase())
      .executeTakeFirstOrThrow()
    const session = () =>
      on.connection.db
        .selectFrom('sessions')
        .select(['last_console_at', 'created_at'])
        .where('token_hash', '=', row.token_hash)
        .executeTakeFirst()
    return { client, account, session }
  }

  it('ends after 60 minutes without a console request; each console request starts the hour again', async () => {
    const { client, session } = await signedInAdmin()
    clock.t += 59 * MINUTE
    expect((await client.get('/api/admin/dashboard')).status).toBe(200)
    expect((await session())?.last_console_at).toBe(clock.t)
    clock.t += 59 * MINUTE
    // 118 minutes since sign-in, 59 since the last console request.
    expect((await client.get('/api/admin/orders')).status).toBe(200)
    clock.t += 60 * MINUTE
    const res = await client.get('/api/admin/dashboard')
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ message: 'Please log in to continue' })
    // Ended, not merely refused: the row is gone and the store sees a guest too.
    expect(await session()).toBeUndefined()
    expect((await client.get('/api/user/getcurrentuser')).status).toBe(401)
  })

  it('is not kept going by the storefront: an admin shopping for an hour is signed out', async () => {
    const { client, session } = await signedInAdmin()
    clock.t += 30 * MINUTE
    expect((await client.get('/api/user/getcurrentuser')).status).toBe(200)
    expect((await client.post('/api/cart/get')).status).toBe(200)
    clock.t += 30 * MINUTE
    expect((await client.get('/api/user/getcurrentuser')).status).toBe(401)
    expect(await session()).toBeUndefined()
  })

  it('writes a console request to the session at most once a minute', async () => {
    const { client, session } = await signedInAdmin()
    const started = (await session())!.created_at
    clock.t += 10_000
    expect((await client.get('/api/admin/dashboard')).status).toBe(200)
    expect((await session())?.last_console_at).toBeNull()
    clock.t += 50_000
    expect((await client.get('/api/admin/dashboard')).status).toBe(200)
    expect((await session())?.last_console_at).toBe(started + 60_000)
    clock.t += 30_000
    expect((await client.get('/api/admin/customers')).status).toBe(200)
    expect((await session())?.last_console_at).toBe(started + 60_000)
    clock.t += 30_000
    expect((await client.get('/api/admin/customers')).status).toBe(200)
    expect((await session())?.last_console_at).toBe(started + 120_000)
  })

  it.runIf(built)('sends the next console page to sign in again, and back to it afterwards', async () => {
    const { client, account } = await signedInAdmin()
    const page = (path: string) =>
      pages!.request(`http://store.test${path}`, {
        headers: { cookie: client.cookie!, 'x-forwarded-for': '10.31.1.1' },
      })
    clock.t += 30 * MINUTE
    // A console page counts like an API call.
    expect((await page('/admin/orders')).status).toBe(200)
    clock.t += 59 * MINUTE
    expect((await page('/admin/products')).status).toBe(200)
    clock.t += 60 * MINUTE
    const res = await page('/admin/products')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/login?redirectTo=%2Fadmin%2Fproducts')
    const again = await client.post('/api/auth/login', { email: account.email, password: account.password })
    expect(again.status).toBe(200)
    expect((await page('/admin/products')).status).toBe(200)
  })

  it('follows ADMIN_IDLE_MINUTES', async () => {
    const { client } = await signedInAdmin(shortStore)
    clock.t += 4 * MINUTE
    expect((await client.get('/api/admin/dashboard')).status).toBe(200)
    clock.t += 5 * MINUTE
    expect((await client.get('/api/admin/dashboard')).status).toBe(401)
  })

  it('leaves shoppers their SESSION_DAYS, and pruning removes only idle admin sessions', async () => {
    const shopper = await signedInClient(store, nextAddress())
    const admin = await signedInAdmin()
    clock.t += 2 * 60 * MINUTE
    expect((await shopper.client.get('/api/user/getcurrentuser')).status).toBe(200)
    expect(await admin.session()).toBeDefined()
    await store.services.auth.pruneSessions()
    expect(await admin.session()).toBeUndefined()
    clock.t += 29 * DAY
    expect((await shopper.client.get('/api/user/getcurrentuser')).status).toBe(200)
    clock.t += DAY
    expect((await shopper.client.get('/api/user/getcurrentuser')).status).toBe(401)
  })
})

import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAdminCommand } from '#scripts/admin-commands.ts'
import { createApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import { buildDir, productionPages } from '#server/pages.ts'
import { createTestStore, databases, signedInClient, type TestClient, type TestStore } from '#tests/api/harness.ts'
import { newAccount } from '#tests/support/factories.ts'

// docs/decisions/015: two-factor sign-in for admins. Setup on the
// console (QR as SVG, the secret, confirmed with a code, ten recovery codes once), the
// code after the password at sign-in (once each, counted like passwords), the Login
// page's challenge, ADMIN_TWO_FACTOR=required, and the CLI's reset-2fa and demote. On the
// store's fake clock, on each database.

const STEP = 30_000
const MINUTE = 60_000
const CODE_NEEDED = 'Enter the 6-digit code from your authenticator app to finish signing in.'
const WRONG_CODE = 'That code is not right. Enter the newest code from your authenticator app, or a recovery code.'
const built = fs.existsSync(`${buildDir}/server/index.js`)

let addresses = 0
const nextAddress = () => `10.41.${Math.floor(addresses / 250)}.${(++addresses % 250) + 1}`

/** The code an authenticator app shows for this secret at `at`. */
const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: at,
  })

describe.each(databases)('two-factor sign-in for admins (%s)', (kind) => {
  // Five seconds into a time step, so a step either side is a plain ±30 s.
  const clock = { t: Math.floor(Date.now() / STEP) * STEP + 5_000, now: () => clock.t }
  let store: TestStore
  let required: TestStore
  let tightAddress: TestStore
  let pages: ReturnType<typeof createApp> | undefined

  beforeAll(async () => {
    store = await createTestStore(kind, { now: clock.now })
    required = await createTestStore(kind, { now: clock.now, env: { ADMIN_TWO_FACTOR: 'required' } })
    tightAddress = await createTestStore(kind, {
      now: clock.now,
      env: { LOGIN_LIMIT_PER_IP: '4', LOGIN_LIMIT_PER_ACCOUNT: '100' },
    })
    if (built) pages = createApp({ services: store.services, pages: await productionPages() })
  })
  afterAll(async () => {
    await store.close()
    await required.close()
    await tightAddress.close()
  })

  /** An admin as the CLI makes one, signed in from an address of its own. */
  async function signedInAdmin(on = store) {
    const account = newAccount({ name: 'Hina Owner' })
    const user = await on.services.auth.createAdmin(account)
    const client = on.client(nextAddress())
    const res = await client.post('/api/auth/login', { email: account.email, password: account.password })
    expect(res.status).toBe(200)
    return { client, account, user }
  }

  /** Sets two-factor sign-in up through the console's API; answers the secret and the recovery codes. */
  async function enrol(client: TestClient) {
    const setup = (await (await client.post('/api/admin/two-factor/setup')).json()) as { secret: string }
    const res = await client.post('/api/admin/two-factor/confirm', { code: codeAt(setup.secret, clock.t) })
    expect(res.status).toBe(200)
    const { recoveryCodes } = (await res.json()) as { recoveryCodes: string[] }
    // The next sign-in's code belongs to a later step than the one setup accepted.
    clock.t += STEP
    return { secret: setup.secret, recoveryCodes }
  }

  async function enrolledAdmin(on = store) {
    const admin = await signedInAdmin(on)
    return { ...admin, ...(await enrol(admin.client)) }
  }

  const login = (client: TestClient, account: { email: string; password: string }, code?: string) =>
    client.post('/api/auth/login', { email: account.email, password: account.password, ...(code ? { code } : {}) })

  const db = () => store.connection.db

  describe('setup on the console', () => {
    it('shows a QR code drawn as SVG and the secret, keeps the same setup until it is confirmed, and confirms it with a code', async () => {
      const { client, account, user } = await signedInAdmin()
      const other = store.client(nextAddress())
      expect((await login(other, account)).status).toBe(200)

      expect(await (await client.get('/api/admin/two-factor')).json()).toEqual({
        enrolled: false,
        enabledAt: null,
        recoveryCodesLeft: 0,
        hasPassword: true,
      })
      const first = await client.post('/api/admin/two-factor/setup')
      expect(first.status).toBe(200)
      const setup = (await first.json()) as { secret: string; uri: string; qrSvg: string }
      expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/)
      const uri = new URL(setup.uri)
      expect(uri.protocol).toBe('otpauth:')
      expect(uri.searchParams.get('secret')).toBe(setup.secret)
      expect(uri.searchParams.get('issuer')).toBe('Kapra')
      expect(decodeURIComponent(uri.pathname)).toContain(account.email)
      expect(setup.qrSvg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
      expect(setup.qrSvg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/)
      // Kept server-side: the same setup on the next visit, nothing on by itself.
      const again = (await (await client.post('/api/admin/two-factor/setup')).json()) as { secret: string }
      expect(again.secret).toBe(setup.secret)
      const pending = await db().selectFrom('two_factor').selectAll().where('user_id', '=', user._id).executeTakeFirst()
      expect(pending).toMatchObject({ secret: null, enabled_at: null, pending_secret: setup.secret })

      // A wrong code, or none, changes nothing.
      const wrong = await client.post('/api/admin/two-factor/confirm', { code: '000000' })
      expect(wrong.status).toBe(400)
      expect(await wrong.json()).toMatchObject({ fields: { code: expect.any(String) as string } })
      const shape = await client.post('/api/admin/two-factor/confirm', { code: 'abc' })
      expect(shape.status).toBe(400)
      expect(await shape.json()).toEqual({
        message: 'Enter the 6-digit code from your authenticator app',
        fields: { code: 'Enter the 6-digit code from your authenticator app' },
      })
      expect(((await (await client.get('/api/admin/two-factor')).json()) as { enrolled: boolean }).enrolled).toBe(false)

      const code = codeAt(setup.secret, clock.t)
      const res = await client.post('/api/admin/two-factor/confirm', { code: `${code.slice(0, 3)} ${code.slice(3)}` })
      expect(res.status).toBe(200)
      const { recoveryCodes } = (await res.json()) as { recoveryCodes: string[] }
      expect(recoveryCodes).toHaveLength(10)
      expect(new Set(recoveryCodes).size).toBe(10)
      for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/)

      const row = await db().selectFrom('two_factor').selectAll().where('user_id', '=', user._id).executeTakeFirst()
      expect(row).toMatchObject({ secret: setup.secret, enabled_at: clock.t, pending_secret: null })
      // Stored hashed only.
      const stored = await db().selectFrom('recovery_codes').selectAll().where('user_id', '=', user._id).execute()
      expect(stored).toHaveLength(10)
      const hashes = stored.map((r) => r.code_hash).sort()
      const expected = recoveryCodes.map((c) => createHash('sha256').update(c.replace(/-/g, '')).digest('hex')).sort()
      expect(hashes).toEqual(expected)
      expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]!.replace(/-/g, ''))

      // This session stays; the one opened elsewhere without a code ends.
      expect(await (await client.get('/api/admin/two-factor')).json()).toEqual({
        enrolled: true,
        enabledAt: clock.t,
        recoveryCodesLeft: 10,
        hasPassword: true,
      })
      expect((await other.get('/api/admin/dashboard')).status).toBe(401)
      // Set up once: a second setup or confirmation is refused.
      expect((await client.post('/api/admin/two-factor/setup')).status).toBe(409)
      expect((await client.post('/api/admin/two-factor/confirm', { code })).status).toBe(409)
      clock.t += STEP
    })

    it('makes a new set of recovery codes after a code; the old set stops working', async () => {
      const { client, account, secret, recoveryCodes: old } = await enrolledAdmin()
      const wrong = await client.post('/api/admin/two-factor/recovery-codes', { code: '000000' })
      expect(wrong.status).toBe(400)
      expect(await wrong.json()).toEqual({ message: WRONG_CODE, fields: { code: WRONG_CODE } })
      const res = await client.post('/api/admin/two-factor/recovery-codes', { code: codeAt(secret, clock.t) })
      expect(res.status).toBe(200)
      const { recoveryCodes } = (await res.json()) as { recoveryCodes: string[] }
      expect(recoveryCodes).toHaveLength(10)
      expect(recoveryCodes.some((c) => old.includes(c))).toBe(false)
      expect((await login(store.client(nextAddress()), account, old[0])).status).toBe(401)
      expect((await login(store.client(nextAddress()), account, recoveryCodes[0])).status).toBe(200)
      // Without two-factor sign-in there is nothing to renew.
      const { client: plain } = await signedInAdmin()
      expect((await plain.post('/api/admin/two-factor/recovery-codes', { code: '123456' })).status).toBe(409)
      clock.t += STEP
    })

    it('turns off after a code (a new phone), and sets up again', async () => {
      const { client, account, secret, user } = await enrolledAdmin()
      const wrong = await client.post('/api/admin/two-factor/turn-off', { code: '000000' })
      expect(wrong.status).toBe(400)
      expect(
        ((await client.get('/api/admin/two-factor').then((r) => r.json())) as { enrolled: boolean }).enrolled,
      ).toBe(true)
      const res = await client.post('/api/admin/two-factor/turn-off', { code: codeAt(secret, clock.t) })
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ message: 'Two-factor sign-in is off.' })
      expect(await db().selectFrom('two_factor').selectAll().where('user_id', '=', user._id).execute()).toEqual([])
      expect(await db().selectFrom('recovery_codes').selectAll().where('user_id', '=', user._id).execute()).toEqual([])
      // This session stays; the password alone signs in again.
      expect((await client.get('/api/admin/dashboard')).status).toBe(200)
      expect((await login(store.client(nextAddress()), account)).status).toBe(200)
      const again = await enrol(client)
      expect(again.secret).not.toBe(secret)
      expect((await login(store.client(nextAddress()), account)).status).toBe(401)
    })

    it('with ADMIN_TWO_FACTOR=required, turning it off leaves the console waiting for the new setup', async () => {
      const { client, secret } = await enrolledAdmin(required)
      expect((await client.get('/api/admin/dashboard')).status).toBe(200)
      expect((await client.post('/api/admin/two-factor/turn-off', { code: codeAt(secret, clock.t) })).status).toBe(200)
      expect((await client.get('/api/admin/dashboard')).status).toBe(403)
      clock.t += STEP
    })

    it('refuses a bad ADMIN_TWO_FACTOR or ADMIN_IDLE_MINUTES at start', () => {
      expect(() => loadConfig({ ADMIN_TWO_FACTOR: 'yes' })).toThrow(/ADMIN_TWO_FACTOR/)
      expect(() => loadConfig({ ADMIN_IDLE_MINUTES: '0' })).toThrow(/ADMIN_IDLE_MINUTES/)
      expect(loadConfig({})).toMatchObject({ adminTwoFactor: 'optional', adminIdleMs: 60 * MINUTE })
    })

    it('is for admins only', async () => {
      const { client } = await signedInClient(store, nextAddress())
      expect((await client.post('/api/admin/two-factor/setup')).status).toBe(403)
      expect((await store.client(nextAddress()).post('/api/admin/two-factor/setup')).status).toBe(401)
    })
  })

  describe('signing in', () => {
    it('asks for the code after a correct password, and signs in with it; a wrong password still answers as before', async () => {
      const { account, secret } = await enrolledAdmin()
      const client = store.client(nextAddress())
      const bare = await login(client, account)
      expect(bare.status).toBe(401)
      expect(await bare.json()).toEqual({ twoFactorRequired: true, message: CODE_NEEDED })
      expect(bare.headers.get('set-cookie')).toBeNull()
      expect((await client.get('/api/admin/dashboard')).status).toBe(401)

      const badPassword = await login(client, { ...account, password: 'not the password' }, codeAt(secret, clock.t))
      expect(badPassword.status).toBe(401)
      expect(await badPassword.json()).toEqual({ message: 'Invalid email or password' })

      const wrong = await login(client, account, '123456')
      expect(wrong.status).toBe(401)
      expect(await wrong.json()).toEqual({ message: WRONG_CODE, fields: { code: WRONG_CODE } })
      expect(wrong.headers.get('set-cookie')).toBeNull()

      const res = await login(client, account, codeAt(secret, clock.t))
      expect(res.status).toBe(200)
      expect(((await res.json()) as { user: { role: string } }).user.role).toBe('admin')
      expect((await client.get('/api/admin/dashboard')).status).toBe(200)
    })

    it('accepts a code once, and never an older one after a newer; one step of drift either way', async () => {
      const { account, secret } = await enrolledAdmin()
      const client = () => store.client(nextAddress())
      const code = codeAt(secret, clock.t)
      expect((await login(client(), account, code)).status).toBe(200)
      // The same code again, in the same 30 seconds: a replay.
      const replay = await login(client(), account, code)
      expect(replay.status).toBe(401)
      expect(await replay.json()).toMatchObject({ message: WRONG_CODE })

      // The phone runs a step ahead: accepted; then the current step's code is older than it.
      clock.t += 2 * STEP
      expect((await login(client(), account, codeAt(secret, clock.t + STEP))).status).toBe(200)
      expect((await login(client(), account, codeAt(secret, clock.t))).status).toBe(401)
      // A step behind, after a newer one was used: refused too.
      clock.t += 3 * STEP
      expect((await login(client(), account, codeAt(secret, clock.t - STEP))).status).toBe(200)
      expect((await login(client(), account, codeAt(secret, clock.t - 2 * STEP))).status).toBe(401)
      // Two steps off: never.
      clock.t += 5 * STEP
      expect((await login(client(), account, codeAt(secret, clock.t + 2 * STEP))).status).toBe(401)
      expect((await login(client(), account, codeAt(secret, clock.t))).status).toBe(200)
    })

    it('takes each recovery code once, typed any way', async () => {
      const { account, recoveryCodes, client: owner } = await enrolledAdmin()
      const [first, second] = recoveryCodes as [string, string]
      const client = store.client(nextAddress())
      expect((await login(client, account, first)).status).toBe(200)
      expect((await client.get('/api/admin/dashboard')).status).toBe(200)
      const again = await login(store.client(nextAddress()), account, first)
      expect(again.status).toBe(401)
      expect(await again.json()).toMatchObject({ message: WRONG_CODE })
      expect(
        (await login(store.client(nextAddress()), account, ` ${second.replace(/-/g, '').toUpperCase()} `)).status,
      ).toBe(200)
      expect(
        ((await (await owner.get('/api/admin/two-factor')).json()) as { recoveryCodesLeft: number }).recoveryCodesLeft,
      ).toBe(8)
      const used = await db()
        .selectFrom('recovery_codes')
        .innerJoin('users', 'users.id', 'recovery_codes.user_id')
        .select('recovery_codes.used_at')
        .where('users.email_normalized', '=', account.email.toLowerCase())
        .where('recovery_codes.used_at', 'is not', null)
        .execute()
      expect(used).toHaveLength(2)
    })

    it('counts wrong codes toward the account’s sign-in limit; a password without a code does not clear them', async () => {
      const { account, secret } = await enrolledAdmin()
      // Each attempt from an address of its own: only the account's limit (10 in 15 minutes) applies.
      for (let i = 0; i < 5; i++) expect((await login(store.client(nextAddress()), account, '000000')).status).toBe(401)
      expect((await login(store.client(nextAddress()), account)).status).toBe(401)
      for (let i = 0; i < 5; i++) expect((await login(store.client(nextAddress()), account, '000000')).status).toBe(401)
      const limited = await login(store.client(nextAddress()), account, codeAt(secret, clock.t))
      expect(limited.status).toBe(429)
      expect(limited.headers.get('retry-after')).toBeTruthy()
      expect(((await limited.json()) as { message: string }).message).toMatch(/^Too many failed sign-in attempts/)
      clock.t += 15 * MINUTE
      expect((await login(store.client(nextAddress()), account, codeAt(secret, clock.t))).status).toBe(200)
    })

    it('counts wrong codes toward the client address’s limit', async () => {
      const { account, secret } = await enrolledAdmin(tightAddress)
      const client = tightAddress.client(nextAddress())
      for (let i = 0; i < 4; i++) expect((await login(client, account, '000000')).status).toBe(401)
      expect((await login(client, account, codeAt(secret, clock.t))).status).toBe(429)
      expect((await login(tightAddress.client(nextAddress()), account, codeAt(secret, clock.t))).status).toBe(200)
      clock.t += STEP
    })

    it('refuses a code with control characters as a bad field, never a 5xx', async () => {
      const { account } = await enrolledAdmin()
      for (const code of ['12\u00003456', '123456\r\n', 'x'.repeat(10_000)]) {
        const res = await login(store.client(nextAddress()), account, code)
        expect(res.status).toBe(400)
        expect(((await res.json()) as { fields: Record<string, string> }).fields).toHaveProperty('code')
      }
    })

    it('leaves shoppers alone: no code step, a code sent is not read', async () => {
      const shopper = newAccount()
      const client = store.client(nextAddress())
      expect((await client.post('/api/auth/registration', shopper)).status).toBe(201)
      expect((await login(client, shopper)).status).toBe(200)
      expect((await login(store.client(nextAddress()), shopper, '123456')).status).toBe(200)
    })
  })

  describe("the Login page's code step", () => {
    it('gives a challenge for a correct password; the challenge and a code sign in, once', async () => {
      const { account, secret } = await enrolledAdmin()
      const auth = store.services.auth
      const step = await auth.login(account, '10.41.250.1', undefined, { challenge: true })
      expect(step).toMatchObject({ twoFactorRequired: true, challenge: expect.any(String) as string })
      const challenge = (step as { challenge: string }).challenge
      // Kept hashed on the server, bound to the account.
      const stored = await db().selectFrom('login_challenges').selectAll().execute()
      expect(stored.some((c) => c.token_hash === challenge)).toBe(false)
      await expect(
        auth.loginWithChallenge({ challenge, code: '000000' }, '10.41.250.1', undefined),
      ).rejects.toMatchObject({ status: 401, message: WRONG_CODE })
      const session = await auth.loginWithChallenge(
        { challenge, code: codeAt(secret, clock.t) },
        '10.41.250.1',
        undefined,
      )
      expect(session).toMatchObject({ token: expect.any(String) as string, user: { email: account.email } })
      clock.t += STEP
      await expect(
        auth.loginWithChallenge({ challenge, code: codeAt(secret, clock.t) }, '10.41.250.1', undefined),
      ).rejects.toMatchObject({ status: 400, message: 'This sign-in has expired. Please log in again.' })
    })

    it('expires after five minutes, and a password change voids it', async () => {
      const { account, secret, client } = await enrolledAdmin()
      const auth = store.services.auth
      const challengeOf = async () =>
        ((await auth.login(account, '10.41.250.2', undefined, { challenge: true })) as { challenge: string }).challenge
      const late = await challengeOf()
      clock.t += 5 * MINUTE
      await expect(
        auth.loginWithChallenge({ challenge: late, code: codeAt(secret, clock.t) }, '10.41.250.2', undefined),
      ).rejects.toMatchObject({ status: 400 })

      const before = await challengeOf()
      const newPassword = 'a brand new password 2026'
      const changed = await client.post('/api/user/password', {
        currentPassword: account.password,
        newPassword,
      })
      expect(changed.status).toBe(200)
      await expect(
        auth.loginWithChallenge({ challenge: before, code: codeAt(secret, clock.t) }, '10.41.250.2', undefined),
      ).rejects.toMatchObject({ status: 400 })
      clock.t += STEP
    })

    it.runIf(built)('works as plain forms, and never writes the password into the page', async () => {
      const { account, secret } = await enrolledAdmin()
      const form = (body: Record<string, string>) =>
        pages!.request('http://store.test/login?redirectTo=%2Fadmin%2Forders', {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            origin: 'http://store.test',
            'x-forwarded-for': '10.41.251.1',
          },
          body: new URLSearchParams(body).toString(),
        })
      const first = await form({ email: account.email, password: account.password, redirectTo: '/admin/orders' })
      expect(first.status).toBe(200)
      expect(first.headers.get('set-cookie')).toBeNull()
      const html = await first.text()
      expect(html).toContain('Enter your code')
      expect(html).not.toContain(account.password)
      const challenge = /name="challenge" value="([^"]+)"/.exec(html)?.[1]
      expect(challenge).toBeDefined()

      const wrong = await form({
        challenge: challenge!,
        email: account.email,
        code: '000000',
        redirectTo: '/admin/orders',
      })
      expect(wrong.status).toBe(200)
      const wrongHtml = await wrong.text()
      expect(wrongHtml).toContain(WRONG_CODE)
      expect(wrongHtml).toContain(`value="${challenge}"`)

      const done = await form({
        challenge: challenge!,
        email: account.email,
        code: codeAt(secret, clock.t),
        redirectTo: '/admin/orders',
      })
      expect(done.status).toBe(302)
      expect(done.headers.get('location')).toBe('/admin/orders')
      expect(done.headers.get('set-cookie')).toMatch(/^kapra_session=/)
      clock.t += STEP
    })
  })

  describe('ADMIN_TWO_FACTOR=required', () => {
    it('blocks every console call but the setup until the admin has set it up', async () => {
      const { client } = await signedInAdmin(required)
      for (const path of ['/api/admin/dashboard', '/api/admin/orders', '/api/admin/no-such-thing']) {
        const res = await client.get(path)
        expect(res.status).toBe(403)
        expect(await res.json()).toEqual({
          message:
            "This store requires two-factor sign-in for its admins. Set it up on the console's Security page (/admin/security) first.",
        })
      }
      expect((await client.post('/api/admin/products/oxford-shirt/archive', { archived: true })).status).toBe(403)
      expect((await client.get('/api/admin/two-factor')).status).toBe(200)
      await enrol(client)
      expect((await client.get('/api/admin/dashboard')).status).toBe(200)
    })

    it('leaves shoppers as they were', async () => {
      const { client } = await signedInClient(required, nextAddress())
      expect((await client.get('/api/user/getcurrentuser')).status).toBe(200)
      expect((await client.get('/api/admin/dashboard')).status).toBe(403)
    })

    it.runIf(built)('sends every console page to Security until then', async () => {
      const requiredPages = createApp({ services: required.services, pages: await productionPages() })
      const { client } = await signedInAdmin(required)
      const page = (path: string) =>
        requiredPages.request(`http://store.test${path}`, { headers: { cookie: client.cookie! } })
      for (const path of ['/admin', '/admin/orders', '/admin/products/new', '/admin/customers?q=a']) {
        const res = await page(path)
        expect(res.status).toBe(302)
        expect(res.headers.get('location')).toBe('/admin/security')
      }
      // A client navigation's data request is sent there too.
      const data = await page('/admin/orders.data')
      expect(data.status).toBe(202)
      expect(await data.text()).toContain('"redirect","/admin/security"')
      const security = await page('/admin/security')
      expect(security.status).toBe(200)
      const html = await security.text()
      expect(html).toContain('Set up two-factor sign-in')
      expect(html).toContain('<svg')
    })
  })

  describe('the CLI and other ways in', () => {
    async function run(command: Parameters<typeof runAdminCommand>[0]) {
      const out: string[] = []
      const err: string[] = []
      const code = await runAdminCommand(command, store.services.auth, {
        password: () => Promise.resolve('unused'),
        out: (l) => out.push(l),
        err: (l) => err.push(l),
      })
      return { code, out, err }
    }

    it('reset-2fa turns it off for a lost phone and ends the sessions', async () => {
      const { account, user, client } = await enrolledAdmin()
      const result = await run({ command: 'reset-2fa', email: account.email })
      expect(result).toEqual({
        code: 0,
        out: [
          `Two-factor sign-in is off for ${account.email}; its sessions have ended. It signs in with its password and sets it up again under Security.`,
        ],
        err: [],
      })
      expect(await db().selectFrom('two_factor').selectAll().where('user_id', '=', user._id).execute()).toEqual([])
      expect(await db().selectFrom('recovery_codes').selectAll().where('user_id', '=', user._id).execute()).toEqual([])
      expect((await client.get('/api/admin/dashboard')).status).toBe(401)
      const again = store.client(nextAddress())
      expect((await login(again, account)).status).toBe(200)
      expect((await again.get('/api/admin/dashboard')).status).toBe(200)
      expect((await run({ command: 'reset-2fa', email: account.email })).out).toEqual([
        `${account.email} had no two-factor sign-in; its sessions have ended.`,
      ])
      expect(await run({ command: 'reset-2fa', email: 'nobody@example.com' })).toEqual({
        code: 1,
        out: [],
        err: ['No account has the email nobody@example.com'],
      })
    })

    it('demote takes the role and the two-factor setup: a customer signs in without a code', async () => {
      const { account, user } = await enrolledAdmin()
      expect((await run({ command: 'demote', email: account.email })).code).toBe(0)
      expect(await db().selectFrom('two_factor').selectAll().where('user_id', '=', user._id).execute()).toEqual([])
      const client = store.client(nextAddress())
      expect((await login(client, account)).status).toBe(200)
      expect((await client.get('/api/admin/dashboard')).status).toBe(403)
    })

    it('a reset link changes the password but does not sign in past the code', async () => {
      const { account, user, secret } = await enrolledAdmin()
      const token = `reset-${Date.now()}-${Math.random()}`
      await db()
        .insertInto('password_resets')
        .values({
          token_hash: createHash('sha256').update(token).digest('hex'),
          user_id: user._id,
          created_at: clock.t,
          expires_at: clock.t + 60 * MINUTE,
          used_at: null,
        })
        .execute()
      const client = store.client(nextAddress())
      const password = 'the owner chose this 2026'
      const res = await client.post('/api/auth/reset-password', { token, password })
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({
        twoFactorRequired: true,
        message: 'Your password is changed. Log in with it and the code from your authenticator app.',
      })
      expect(res.headers.get('set-cookie')).toBeNull()
      expect((await client.get('/api/admin/dashboard')).status).toBe(401)
      expect((await login(client, { email: account.email, password })).status).toBe(401)
      expect((await login(client, { email: account.email, password }, codeAt(secret, clock.t))).status).toBe(200)
      clock.t += STEP
    })
  })
})

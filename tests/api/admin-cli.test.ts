import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseAdminArgs, runAdminCommand, UsageError, type AdminCommand } from '#scripts/admin-commands.ts'
import { createApp } from '#server/app.ts'
import { buildDir, productionPages } from '#server/pages.ts'
import { databases, signedInClient, useMailStore } from '#tests/api/harness.ts'
import { newAccount } from '#tests/support/factories.ts'
import { recipientOf } from '#tests/support/smtp-server.ts'

// `npm run admin` (docs/spec/rulings.md #25: admin accounts come from the store's CLI,
// never from registration): its commands against each database, and the script itself once.

const PASSWORD = 'ledger of the shop 2026'

describe('npm run admin: the command line', () => {
  it('reads create, promote, demote and reset-2fa', () => {
    expect(parseAdminArgs(['create', '--email', ' boss@example.com ', '--name', 'The Boss'])).toEqual({
      command: 'create',
      email: 'boss@example.com',
      name: 'The Boss',
    })
    expect(parseAdminArgs(['promote', '--email=boss@example.com'])).toEqual({
      command: 'promote',
      email: 'boss@example.com',
    })
    expect(parseAdminArgs(['demote', '--email', 'boss@example.com'])).toEqual({
      command: 'demote',
      email: 'boss@example.com',
    })
    expect(parseAdminArgs(['reset-2fa', '--email', 'boss@example.com'])).toEqual({
      command: 'reset-2fa',
      email: 'boss@example.com',
    })
  })

  it('names what is missing or wrong', () => {
    const cases: [string[], string][] = [
      [[], 'Name a command: create, promote, demote, reset-2fa'],
      [['delete', '--email', 'a@b.co'], "Unknown command 'delete'"],
      [['create', '--name', 'Boss'], 'create needs --email'],
      [['create', '--email', 'a@b.co'], 'create needs --name'],
      [['create', '--email', 'a@b.co', '--name', '  '], 'create needs --name'],
      [['promote'], 'promote needs --email'],
      [['promote', '--email', 'a@b.co', '--name', 'X'], 'promote takes only --email'],
      [['promote', '--email', 'a@b.co', 'extra'], "Unexpected argument 'extra'"],
      [['demote'], 'demote needs --email'],
      [['reset-2fa'], 'reset-2fa needs --email'],
      [['demote', '--email', 'a@b.co', '--name', 'X'], 'demote takes only --email'],
    ]
    for (const [argv, message] of cases) {
      expect(() => parseAdminArgs(argv)).toThrow(UsageError)
      expect(() => parseAdminArgs(argv)).toThrow(message)
    }
    expect(() => parseAdminArgs(['create', '--password', 'x'])).toThrow(UsageError)
  })
})

const built = fs.existsSync(`${buildDir}/server/index.js`)

describe.each(databases)('npm run admin: the commands (%s)', (kind) => {
  const s = useMailStore(kind, { env: { PUBLIC_URL: 'https://shop.example' } })
  /** The store with its pages, when they are built (npm test builds them first). */
  let pages: ReturnType<typeof createApp> | undefined
  beforeAll(async () => {
    if (built) pages = createApp({ services: s.store.services, pages: await productionPages() })
  })

  /** "Forgot password?" from the inbox of `email`: the link's new password verifies the address. */
  async function resetFromInbox(email: string, password: string) {
    const client = s.store.client('10.9.1.1')
    expect((await client.post('/api/auth/forgot-password', { email })).status).toBe(200)
    const message = (await s.deliver()).findLast((m) => /Reset your/.test(m.subject ?? '') && recipientOf(m) === email)
    const url = /Choose a new password: (\S+)/.exec(message?.text ?? '')?.[1]
    if (!url) throw new Error(`no reset link for ${email}`)
    const token = new URL(url).searchParams.get('token')!
    const res = await client.post('/api/auth/reset-password', { token, password })
    expect(res.status).toBe(200)
    return client
  }

  /** A console page requested with this cookie: what the app answers. */
  async function consolePage(cookie: string | undefined) {
    if (!pages) return undefined
    const res = await pages.request('http://s.store.test/admin', { headers: cookie ? { cookie } : {} })
    return { status: res.status, location: res.headers.get('location'), body: await res.text() }
  }

  async function run(command: AdminCommand, password = PASSWORD) {
    const out: string[] = []
    const err: string[] = []
    let asked = 0
    const code = await runAdminCommand(command, s.store.services.auth, {
      password: () => {
        asked++
        return Promise.resolve(password)
      },
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    })
    return { code, out, err, asked }
  }

  const roleOf = async (email: string) =>
    (
      await s.store.connection.db
        .selectFrom('users')
        .select('role')
        .where('email_normalized', '=', email.toLowerCase())
        .executeTakeFirst()
    )?.role
  const sessionCount = async (email: string) =>
    Number(
      (
        await s.store.connection.db
          .selectFrom('sessions')
          .innerJoin('users', 'users.id', 'sessions.user_id')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('users.email_normalized', '=', email.toLowerCase())
          .executeTakeFirstOrThrow()
      ).n,
    )
  const userCount = async () =>
    Number(
      (
        await s.store.connection.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('creates an admin who signs in and is one', async () => {
    const email = newAccount().email
    const result = await run({ command: 'create', email, name: 'Store Owner' })
    expect(result).toEqual({
      code: 0,
      out: [`Created the admin account ${email} (Store Owner). Sign in at /login.`],
      err: [],
      asked: 1,
    })
    expect(await roleOf(email)).toBe('admin')

    const client = s.store.client('10.9.0.1')
    const login = await client.post('/api/auth/login', { email, password: PASSWORD })
    expect(login.status).toBe(200)
    const { user } = (await login.json()) as { user: unknown }
    expect(user).toStrictEqual({
      _id: expect.any(String) as string,
      name: 'Store Owner',
      email,
      role: 'admin',
      emailVerified: false,
    })
    expect(await (await client.get('/api/user/getcurrentuser')).json()).toStrictEqual(user)
    expect((await client.get('/api/admin/dashboard')).status).toBe(200)
  })

  it('holds the password to the rules of registration, and creates nothing otherwise', async () => {
    const before = await userCount()
    for (const [password, message] of [
      ['short', 'Password must be at least 8 characters'],
      ['password', 'Password is too common, choose another'],
      ['12345678', 'Password is too common, choose another'],
      ['x'.repeat(129), 'Password must be at most 128 characters'],
    ]) {
      const result = await run({ command: 'create', email: newAccount().email, name: 'Owner' }, password)
      expect(result.code).toBe(1)
      expect(result.err[0]).toBe(message)
      expect(result.out).toEqual([])
    }
    const badEmail = await run({ command: 'create', email: 'not-an-email', name: 'Owner' })
    expect(badEmail.code).toBe(1)
    expect(badEmail.err[0]).toMatch(/email/i)
    expect(await userCount()).toBe(before)
  })

  it('refuses an email that has an account, in any case, without offering to promote it as it is', async () => {
    const { account } = await signedInClient(s.store, '10.9.0.2')
    const email = account.email.toUpperCase()
    const result = await run({ command: 'create', email, name: 'Intruder' })
    expect(result.code).toBe(1)
    expect(result.err).toEqual([
      `An account with the email ${email} already exists, and whoever registered it holds its password. ` +
        `If the address is yours: on the store's login page choose "Forgot password?" and open the link ` +
        `that arrives there (it verifies the address, sets a password of yours and ends every other session), ` +
        `then run: npm run admin -- promote --email ${email}`,
    ])
    expect(await roleOf(account.email)).toBe('customer')
    // Its own password still works, and only that.
    const client = s.store.client('10.9.0.3')
    expect((await client.post('/api/auth/login', { email: account.email, password: PASSWORD })).status).toBe(401)
    expect((await client.post('/api/auth/login', { email: account.email, password: account.password })).status).toBe(
      200,
    )
  })

  it("takeover through promote: someone registers the owner's address first; neither their session nor their password ever reaches the console", async () => {
    // The stranger registers the store's contact address and stays signed in.
    const { client: stranger, account } = await signedInClient(s.store, '10.9.0.4')
    const strangerCookie = stranger.cookie
    expect((await stranger.get('/api/admin/dashboard')).status).toBe(403)

    // The owner runs promote: refused, the address is not verified, and the answer says how to verify it.
    const refused = await run({ command: 'promote', email: `  ${account.email.toUpperCase()} ` })
    expect(refused.code).toBe(1)
    expect(refused.out).toEqual([])
    const followThis =
      `so nothing shows that whoever holds its password owns that address. First, on the store's login page ` +
      `choose "Forgot password?" for ${account.email} and set a new password through the link that arrives there ` +
      `(it verifies the address and ends every other session). Then run promote again.`
    expect(refused.err).toEqual([`The account ${account.email} has not verified its email address, ${followThis}`])
    expect(await roleOf(account.email)).toBe('customer')
    expect((await stranger.get('/api/admin/dashboard')).status).toBe(403)
    const denied = await consolePage(strangerCookie)
    if (denied) {
      expect(denied.status).toBe(404)
      expect(denied.body).not.toContain('Console')
    }

    // The owner opens the welcome email's link in the real inbox: the address is verified,
    // but the password is still the stranger's, so promote is still refused.
    const welcome = (await s.deliver()).findLast(
      (m) => /Welcome/.test(m.subject ?? '') && recipientOf(m) === account.email,
    )
    const verifyUrl = /Verify my email: (\S+)/.exec(welcome?.text ?? '')?.[1]
    if (!verifyUrl) throw new Error(`no verification link for ${account.email}`)
    const verifyToken = new URL(verifyUrl).searchParams.get('token')!
    expect((await s.store.client('10.9.1.2').post('/api/auth/verify-email', { token: verifyToken })).status).toBe(200)
    const stillRefused = await run({ command: 'promote', email: account.email })
    expect(stillRefused.code).toBe(1)
    expect(stillRefused.err).toEqual([
      `The account ${account.email} has a password that was not set through its email, ${followThis}`,
    ])
    expect(await roleOf(account.email)).toBe('customer')
    expect((await stranger.get('/api/admin/dashboard')).status).toBe(403)

    // The owner follows it: "Forgot password?" from the real inbox, then promote.
    const OWNER_PASSWORD = 'the owner of this shop 2026'
    const owner = await resetFromInbox(account.email, OWNER_PASSWORD)
    const promoted = await run({ command: 'promote', email: account.email })
    expect(promoted).toEqual({
      code: 0,
      out: [`${account.email} (${account.name}) is now an admin; its sessions have ended, so it signs in again.`],
      err: [],
      asked: 0,
    })
    expect(await roleOf(account.email)).toBe('admin')
    expect(await sessionCount(account.email)).toBe(0)

    // The stranger's session: gone, for the API and for the console's pages.
    expect((await stranger.get('/api/admin/dashboard')).status).toBe(401)
    expect((await stranger.get('/api/user/getcurrentuser')).status).toBe(401)
    const page = await consolePage(strangerCookie)
    if (page) {
      expect(page.status).toBe(302)
      expect(page.location).toBe('/login?redirectTo=%2Fadmin')
      expect(page.body).not.toContain('Console')
    }
    // The stranger's password: gone too.
    const again = s.store.client('10.9.0.5')
    expect((await again.post('/api/auth/login', { email: account.email, password: account.password })).status).toBe(401)
    expect((await again.get('/api/admin/dashboard')).status).toBe(401)
    // Even the owner's own session from before the change ends; signing in again reaches the console.
    expect((await owner.get('/api/admin/dashboard')).status).toBe(401)
    const login = await again.post('/api/auth/login', { email: account.email, password: OWNER_PASSWORD })
    expect(login.status).toBe(200)
    expect((await again.get('/api/admin/dashboard')).status).toBe(200)
    const console = await consolePage(again.cookie)
    if (console) {
      expect(console.status).toBe(200)
      expect(console.body).toContain('Console')
    }

    const twice = await run({ command: 'promote', email: account.email })
    expect(twice).toEqual({ code: 0, out: [`${account.email} is already an admin.`], err: [], asked: 0 })
  })

  it('demotes an admin: a customer again, every session ended', async () => {
    const account = newAccount()
    expect((await run({ command: 'create', email: account.email, name: account.name })).code).toBe(0)
    const client = s.store.client('10.9.0.6')
    expect((await client.post('/api/auth/login', { email: account.email, password: PASSWORD })).status).toBe(200)
    expect((await client.get('/api/admin/dashboard')).status).toBe(200)

    const result = await run({ command: 'demote', email: account.email.toUpperCase() })
    expect(result).toEqual({
      code: 0,
      out: [`${account.email} (${account.name}) is a customer again; its sessions have ended.`],
      err: [],
      asked: 0,
    })
    expect(await roleOf(account.email)).toBe('customer')
    expect(await sessionCount(account.email)).toBe(0)
    expect((await client.get('/api/admin/dashboard')).status).toBe(401)
    expect((await client.post('/api/auth/login', { email: account.email, password: PASSWORD })).status).toBe(200)
    expect((await client.get('/api/admin/dashboard')).status).toBe(403)

    expect(await run({ command: 'demote', email: account.email })).toEqual({
      code: 0,
      out: [`${account.email} is not an admin.`],
      err: [],
      asked: 0,
    })
    expect(await run({ command: 'demote', email: 'nobody@example.com' })).toEqual({
      code: 1,
      out: [],
      err: ['No account has the email nobody@example.com'],
      asked: 0,
    })
  })

  it('answers an unknown email with a clear error and exit code 1', async () => {
    const before = await userCount()
    const result = await run({ command: 'promote', email: 'nobody@example.com' })
    expect(result).toEqual({ code: 1, out: [], err: ['No account has the email nobody@example.com'], asked: 0 })
    expect(await userCount()).toBe(before)
  })

  it('never lets registration make an admin', async () => {
    const client = s.store.client('10.9.0.5')
    const account = newAccount()
    const res = await client.post('/api/auth/registration', { ...account, role: 'admin' })
    expect(res.status).toBe(201)
    expect(await roleOf(account.email)).toBe('customer')
  })
})

describe('npm run admin: the script', () => {
  let dataDir: string
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kapra-admin-'))
  })
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

  function admin(args: string[], env: Record<string, string> = {}) {
    const result = spawnSync(process.execPath, ['scripts/admin.ts', ...args], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    return { status: result.status, stdout: result.stdout, stderr: result.stderr }
  }

  // Seven runs of the script, each a process of its own: more than the default 20 s on a busy machine.
  it('creates with ADMIN_PASSWORD, refuses a second time, promotes, demotes, and exits 1 with usage or without a password', () => {
    const created = admin(['create', '--email', 'owner@example.com', '--name', 'Owner'], {
      ADMIN_PASSWORD: PASSWORD,
    })
    expect(created).toMatchObject({
      status: 0,
      stdout: 'Created the admin account owner@example.com (Owner). Sign in at /login.\n',
    })
    const twice = admin(['create', '--email', 'owner@example.com', '--name', 'Owner'], { ADMIN_PASSWORD: PASSWORD })
    expect(twice.status).toBe(1)
    expect(twice.stderr).toContain('An account with the email owner@example.com already exists')

    expect(admin(['promote', '--email', 'owner@example.com'])).toMatchObject({
      status: 0,
      stdout: 'owner@example.com is already an admin.\n',
    })
    expect(admin(['demote', '--email', 'owner@example.com'])).toMatchObject({
      status: 0,
      stdout: 'owner@example.com (Owner) is a customer again; its sessions have ended.\n',
    })
    const unknown = admin(['promote', '--email', 'nobody@example.com'])
    expect(unknown).toMatchObject({ status: 1, stderr: 'No account has the email nobody@example.com\n' })

    const usage = admin(['promote'])
    expect(usage.status).toBe(1)
    expect(usage.stderr).toContain('promote needs --email')
    expect(usage.stderr).toContain('npm run admin -- create --email EMAIL --name NAME')

    // No ADMIN_PASSWORD and no terminal to ask on.
    const noPassword = admin(['create', '--email', 'other@example.com', '--name', 'Other'])
    expect(noPassword).toMatchObject({
      status: 1,
      stderr: 'No terminal to ask for the password on: set ADMIN_PASSWORD.\n',
    })
  }, 60_000)
})

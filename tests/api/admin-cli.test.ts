import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseAdminArgs, runAdminCommand, UsageError, type AdminCommand } from '#scripts/admin-commands.ts'
import { createTestStore, databases, signedInClient, type TestStore } from '#tests/api/harness.ts'
import { newAccount } from '#tests/factories.ts'

// `npm run admin` (docs/spec/rulings.md #25: admin accounts come from the store's CLI,
// never from registration): its commands against each database, and the script itself once.

const PASSWORD = 'ledger of the shop 2026'

describe('npm run admin: the command line', () => {
  it('reads create and promote', () => {
    expect(parseAdminArgs(['create', '--email', ' boss@example.com ', '--name', 'The Boss'])).toEqual({
      command: 'create',
      email: 'boss@example.com',
      name: 'The Boss',
    })
    expect(parseAdminArgs(['promote', '--email=boss@example.com'])).toEqual({
      command: 'promote',
      email: 'boss@example.com',
    })
  })

  it('names what is missing or wrong', () => {
    const cases: [string[], string][] = [
      [[], 'Name a command: create or promote'],
      [['delete', '--email', 'a@b.co'], "Unknown command 'delete'"],
      [['create', '--name', 'Boss'], 'create needs --email'],
      [['create', '--email', 'a@b.co'], 'create needs --name'],
      [['create', '--email', 'a@b.co', '--name', '  '], 'create needs --name'],
      [['promote'], 'promote needs --email'],
      [['promote', '--email', 'a@b.co', '--name', 'X'], 'promote takes only --email'],
      [['promote', '--email', 'a@b.co', 'extra'], "Unexpected argument 'extra'"],
    ]
    for (const [argv, message] of cases) {
      expect(() => parseAdminArgs(argv)).toThrow(UsageError)
      expect(() => parseAdminArgs(argv)).toThrow(message)
    }
    expect(() => parseAdminArgs(['create', '--password', 'x'])).toThrow(UsageError)
  })
})

describe.each(databases)('npm run admin: the commands (%s)', (kind) => {
  let store: TestStore
  beforeAll(async () => {
    store = await createTestStore(kind)
  })
  afterAll(() => store.close())

  async function run(command: AdminCommand, password = PASSWORD) {
    const out: string[] = []
    const err: string[] = []
    let asked = 0
    const code = await runAdminCommand(command, store.services.auth, {
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
      await store.connection.db
        .selectFrom('users')
        .select('role')
        .where('email_normalized', '=', email.toLowerCase())
        .executeTakeFirst()
    )?.role
  const userCount = async () =>
    Number(
      (
        await store.connection.db
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

    const client = store.client('10.9.0.1')
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

  it('refuses an email that has an account, in any case, and leaves that account as it was', async () => {
    const { account } = await signedInClient(store, '10.9.0.2')
    const result = await run({ command: 'create', email: account.email.toUpperCase(), name: 'Intruder' })
    expect(result.code).toBe(1)
    expect(result.err).toEqual([
      `An account with the email ${account.email.toUpperCase()} already exists; make it an admin with: npm run admin -- promote --email ${account.email.toUpperCase()}`,
    ])
    expect(await roleOf(account.email)).toBe('customer')
    // Its own password still works, and only that.
    const client = store.client('10.9.0.3')
    expect((await client.post('/api/auth/login', { email: account.email, password: PASSWORD })).status).toBe(401)
    expect((await client.post('/api/auth/login', { email: account.email, password: account.password })).status).toBe(
      200,
    )
  })

  it('promotes a customer, whose open session becomes an admin at once', async () => {
    const { client, account } = await signedInClient(store, '10.9.0.4')
    expect((await client.get('/api/admin/dashboard')).status).toBe(403)

    const result = await run({ command: 'promote', email: `  ${account.email.toUpperCase()} ` })
    expect(result).toEqual({ code: 0, out: [`${account.email} (${account.name}) is now an admin.`], err: [], asked: 0 })
    expect(await roleOf(account.email)).toBe('admin')
    expect((await client.get('/api/admin/dashboard')).status).toBe(200)
    expect(((await (await client.get('/api/user/getcurrentuser')).json()) as { role: string }).role).toBe('admin')

    const again = await run({ command: 'promote', email: account.email })
    expect(again).toEqual({ code: 0, out: [`${account.email} is already an admin.`], err: [], asked: 0 })
  })

  it('answers an unknown email with a clear error and exit code 1', async () => {
    const before = await userCount()
    const result = await run({ command: 'promote', email: 'nobody@example.com' })
    expect(result).toEqual({ code: 1, out: [], err: ['No account has the email nobody@example.com'], asked: 0 })
    expect(await userCount()).toBe(before)
  })

  it('never lets registration make an admin', async () => {
    const client = store.client('10.9.0.5')
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

  it('creates with ADMIN_PASSWORD, refuses a second time, promotes, and exits 1 with usage or without a password', () => {
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
  })
})

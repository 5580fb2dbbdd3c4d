import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestStore, databases, type TestClient, type TestStore } from '#tests/api/harness.ts'
import { newAccount } from '#tests/support/factories.ts'

// docs/spec/rulings.md #4-6: accounts, argon2id hashes, opaque rotated sessions in an HttpOnly cookie.
const INVALID = { message: 'Invalid email or password' }
const NOT_SIGNED_IN = { message: 'Please log in to continue' }
const DAY = 24 * 60 * 60 * 1000

/** Every test works from its own client address, so registration limits never meet. */
let addresses = 0
const freshAddress = () => `198.51.100.${++addresses}`

/** The attributes of a Set-Cookie value, names lower-cased. */
function cookieAttributes(setCookie: string | null) {
  const [pair = '', ...rest] = (setCookie ?? '').split(';').map((s) => s.trim())
  const attributes = new Map(
    rest.map((a) => {
      const [name = '', ...value] = a.split('=')
      return [name.toLowerCase(), value.join('=')] as const
    }),
  )
  const eq = pair.indexOf('=')
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1), attributes }
}

describe.each(databases)('accounts and sessions (%s)', (kind) => {
  let store: TestStore
  const clock = { t: Date.now(), now: () => clock.t }

  beforeAll(async () => {
    store = await createTestStore(kind, { now: clock.now })
  })
  afterAll(() => store.close())

  const db = () => store.connection.db
  const usersNamed = (email: string) =>
    db().selectFrom('users').selectAll().where('email_normalized', '=', email.toLowerCase()).execute()
  const userCount = async () =>
    Number(
      (
        await db()
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const sessionsOf = (userId: string) => db().selectFrom('sessions').selectAll().where('user_id', '=', userId).execute()

  async function registered(client: TestClient = store.client(freshAddress())) {
    const account = newAccount()
    const res = await client.post('/api/auth/registration', account)
    expect(res.status).toBe(201)
    const { user } = (await res.json()) as { user: { _id: string } }
    return { account, user }
  }

  async function loggedIn() {
    const client = store.client(freshAddress())
    const { account, user } = await registered(client)
    const res = await client.post('/api/auth/login', { email: account.email, password: account.password })
    expect(res.status).toBe(200)
    return { client, account, user, res }
  }

  describe('registration', () => {
    it('creates the account and answers 201 with { _id, name, email } only', async () => {
      const client = store.client(freshAddress())
      const account = newAccount({ name: 'Ayesha Khan' })
      const res = await client.post('/api/auth/registration', account)
      expect(res.status).toBe(201)
      const text = await res.text()
      const body = JSON.parse(text) as { message: string; user: Record<string, unknown> }
      expect(Object.keys(body).sort()).toEqual(['message', 'user'])
      expect(body.user).toStrictEqual({
        _id: expect.any(String) as string,
        name: 'Ayesha Khan',
        email: account.email,
        role: 'customer',
        emailVerified: false,
      })

      const [row] = await usersNamed(account.email)
      expect(row?.id).toBe(body.user._id)
      expect(row?.password_hash).toMatch(/^\$argon2id\$/)
      expect(row?.password_hash).not.toContain(account.password)
      // Nothing secret travels back, and registering does not sign in.
      expect(text).not.toContain(row!.password_hash!)
      expect(text).not.toContain(account.password)
      expect(text).not.toMatch(/hash|token|session/i)
      expect(res.headers.get('set-cookie')).toBeNull()
      expect(client.cookie).toBeUndefined()
    })

    it('refuses an email already registered, whatever its case, with 409', async () => {
      const { account } = await registered()
      const again = await store
        .client(freshAddress())
        .post('/api/auth/registration', { ...newAccount(), email: `  ${account.email.toUpperCase()} ` })
      expect(again.status).toBe(409)
      expect(await again.json()).toEqual({ message: 'An account with this email already exists' })
      expect(await usersNamed(account.email)).toHaveLength(1)
    })

    it.each([
      ['name', { name: undefined }, 'Name is required'],
      ['name', { name: '   ' }, 'Name is required'],
      ['email', { email: undefined }, 'Email is required'],
      ['email', { email: 'not-an-email' }, 'Enter a valid email address'],
      ['password', { password: undefined }, 'Password is required'],
      ['password', { password: 'k7#pQ2!' }, 'Password must be at least 8 characters'],
      ['password', { password: 'k'.repeat(129) }, 'Password must be at most 128 characters'],
      ['password', { password: 'Password123' }, 'Password is too common, choose another'],
    ])('answers 400 naming %s for %j and creates nothing', async (field, change, message) => {
      const before = await userCount()
      const account = { ...newAccount(), ...change }
      const res = await store.client(freshAddress()).post('/api/auth/registration', account)
      expect(res.status).toBe(400)
      const body = (await res.json()) as { message: string; fields: Record<string, string> }
      expect(body.message).toBe(message)
      expect(body.fields[field]).toBe(message)
      expect(await userCount()).toBe(before)
    })

    it('answers 400 for a body that is not an object, and creates nothing', async () => {
      const before = await userCount()
      for (const body of ['null', '[]', '"ayesha"', '42']) {
        const res = await store.client(freshAddress()).post('/api/auth/registration', body)
        expect(res.status).toBe(400)
        expect(((await res.json()) as { message: string }).message).toEqual(expect.any(String))
      }
      expect(await userCount()).toBe(before)
    })

    it('ignores fields it does not know: no chosen id, role or hash', async () => {
      const client = store.client(freshAddress())
      const account = newAccount()
      const res = await client.post('/api/auth/registration', {
        ...account,
        _id: 'chosen-id',
        id: 'chosen-id',
        role: 'admin',
        password_hash: 'not-a-hash',
        google_sub: 'someone',
      })
      expect(res.status).toBe(201)
      const { user } = (await res.json()) as { user: Record<string, unknown> }
      expect(user._id).not.toBe('chosen-id')
      // A role is the store's to give (docs/spec/rulings.md #25): registration makes a customer.
      expect(user.role).toBe('customer')
      const [row] = await usersNamed(account.email)
      expect(row).toMatchObject({ id: user._id, google_sub: null, role: 'customer' })
      expect(row?.password_hash).toMatch(/^\$argon2id\$/)
      expect(await db().selectFrom('users').select('id').where('id', '=', 'chosen-id').execute()).toEqual([])
      // The real password is the one that works.
      const login = await client.post('/api/auth/login', { email: account.email, password: account.password })
      expect(login.status).toBe(200)
    })
  })

  describe('login', () => {
    it('answers the user and sets an HttpOnly, SameSite=Lax, Path=/ session cookie', async () => {
      const { account, user, res, client } = await loggedIn()
      const text = await res.text()
      expect(JSON.parse(text)).toStrictEqual({
        message: 'Logged in',
        user: { _id: user._id, name: account.name, email: account.email, role: 'customer', emailVerified: false },
      })

      const cookie = cookieAttributes(res.headers.get('set-cookie'))
      expect(cookie.name).toBe('kapra_session')
      expect(cookie.value.length).toBeGreaterThanOrEqual(32)
      expect(cookie.attributes.has('httponly')).toBe(true)
      expect(cookie.attributes.get('samesite')).toBe('Lax')
      expect(cookie.attributes.get('path')).toBe('/')
      // Served over http: a Secure cookie would never come back.
      expect(cookie.attributes.has('secure')).toBe(false)
      expect(Date.parse(cookie.attributes.get('expires') ?? '')).toBeGreaterThan(clock.t + 29 * DAY)
      expect(text).not.toContain(cookie.value)

      // Only the token's hash is stored.
      const sessions = await sessionsOf(user._id)
      expect(sessions).toHaveLength(1)
      expect(sessions[0]?.token_hash).toBe(createHash('sha256').update(cookie.value).digest('hex'))
      expect(sessions[0]?.token_hash).not.toBe(cookie.value)

      const me = await client.get('/api/user/getcurrentuser')
      expect(me.status).toBe(200)
      expect(await me.json()).toStrictEqual({
        _id: user._id,
        name: account.name,
        email: account.email,
        role: 'customer',
        emailVerified: false,
      })
    })

    it('accepts the email in any case', async () => {
      const client = store.client(freshAddress())
      const { account, user } = await registered(client)
      const res = await client.post('/api/auth/login', {
        email: account.email.toUpperCase(),
        password: account.password,
      })
      expect(res.status).toBe(200)
      expect(((await res.json()) as { user: { _id: string } }).user._id).toBe(user._id)
    })

    it('marks the cookie Secure over https, and behind a trusted proxy that says https', async () => {
      const { account } = await registered()
      const login = JSON.stringify({ email: account.email, password: account.password })
      const direct = await store.fetch('https://kapra.test/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': freshAddress() },
        body: login,
      })
      expect(direct.status).toBe(200)
      expect(cookieAttributes(direct.headers.get('set-cookie')).attributes.has('secure')).toBe(true)

      const proxied = await store
        .client(freshAddress())
        .post('/api/auth/login', JSON.parse(login), { 'x-forwarded-proto': 'https' })
      expect(proxied.status).toBe(200)
      expect(cookieAttributes(proxied.headers.get('set-cookie')).attributes.has('secure')).toBe(true)
    })

    it('answers an unknown email exactly as a wrong password: 401, no cookie', async () => {
      const { account } = await registered()
      const client = store.client(freshAddress())
      const wrong = await client.post('/api/auth/login', { email: account.email, password: 'not the password' })
      const unknown = await client.post('/api/auth/login', {
        email: `nobody.${Date.now()}@example.com`,
        password: account.password,
      })
      expect(wrong.status).toBe(401)
      expect(unknown.status).toBe(401)
      const [wrongText, unknownText] = [await wrong.text(), await unknown.text()]
      expect(JSON.parse(wrongText)).toStrictEqual(INVALID)
      expect(unknownText).toBe(wrongText)
      expect(wrong.headers.get('set-cookie')).toBeNull()
      expect(unknown.headers.get('set-cookie')).toBeNull()
      expect(client.cookie).toBeUndefined()
    })

    it('names the missing field with 400', async () => {
      const res = await store.client(freshAddress()).post('/api/auth/login', { email: 'ayesha@example.com' })
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ message: 'Password is required' })
    })

    it('rotates the session: a second login kills the token it replaces', async () => {
      const { client, account, user } = await loggedIn()
      const first = client.cookie!
      const again = await client.post('/api/auth/login', { email: account.email, password: account.password })
      expect(again.status).toBe(200)
      const second = client.cookie!
      expect(second).not.toBe(first)

      const withFirst = await store.fetch('/api/user/getcurrentuser', { headers: { cookie: first } })
      expect(withFirst.status).toBe(401)
      expect(await withFirst.json()).toEqual(NOT_SIGNED_IN)
      expect((await store.fetch('/api/user/getcurrentuser', { headers: { cookie: second } })).status).toBe(200)
      expect(await sessionsOf(user._id)).toHaveLength(1)
    })

    it('ends sessions when they expire', async () => {
      const { client } = await loggedIn()
      expect((await client.get('/api/user/getcurrentuser')).status).toBe(200)
      clock.t += store.services.config.sessionDays * DAY
      try {
        expect((await client.get('/api/user/getcurrentuser')).status).toBe(401)
      } finally {
        clock.t -= store.services.config.sessionDays * DAY
      }
    })
  })

  describe('logout', () => {
    it.each(['POST', 'GET'])('%s deletes the session on the server: a copied cookie is dead', async (method) => {
      const { client, user } = await loggedIn()
      const copied = client.cookie!
      const res = method === 'POST' ? await client.post('/api/auth/logout') : await client.get('/api/auth/logout')
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ message: 'Logged out' })
      const cleared = cookieAttributes(res.headers.get('set-cookie'))
      expect(cleared.name).toBe('kapra_session')
      expect(cleared.value).toBe('')
      expect(cleared.attributes.get('max-age')).toBe('0')
      expect(client.cookie).toBeUndefined()

      expect(await sessionsOf(user._id)).toEqual([])
      const replay = await store.fetch('/api/user/getcurrentuser', { headers: { cookie: copied } })
      expect(replay.status).toBe(401)
      expect(await replay.json()).toEqual(NOT_SIGNED_IN)
    })

    it('leaves the other sessions of the account alone', async () => {
      const { client, account, user } = await loggedIn()
      const phone = store.client(freshAddress())
      expect((await phone.post('/api/auth/login', { email: account.email, password: account.password })).status).toBe(
        200,
      )
      expect((await client.post('/api/auth/logout')).status).toBe(200)
      expect((await phone.get('/api/user/getcurrentuser')).status).toBe(200)
      expect(await sessionsOf(user._id)).toHaveLength(1)
    })

    it('answers 200 without a session', async () => {
      expect((await store.client(freshAddress()).post('/api/auth/logout')).status).toBe(200)
    })
  })

  describe('current user', () => {
    it('is 401 without a cookie', async () => {
      const res = await store.client(freshAddress()).get('/api/user/getcurrentuser')
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual(NOT_SIGNED_IN)
    })

    it('is 401 with a forged or oversized cookie', async () => {
      for (const token of ['forged', 'x'.repeat(5000)]) {
        const res = await store.fetch('/api/user/getcurrentuser', { headers: { cookie: `kapra_session=${token}` } })
        expect(res.status).toBe(401)
        expect(await res.json()).toEqual(NOT_SIGNED_IN)
      }
    })

    it('does not accept the stored hash as a token', async () => {
      const { user } = await loggedIn()
      const [session] = await sessionsOf(user._id)
      const res = await store.fetch('/api/user/getcurrentuser', {
        headers: { cookie: `kapra_session=${session!.token_hash}` },
      })
      expect(res.status).toBe(401)
    })
  })
})

describe.each(databases)('session cookie with COOKIE_SECURE=always (%s)', (kind) => {
  let store: TestStore
  beforeAll(async () => {
    store = await createTestStore(kind, { env: { COOKIE_SECURE: 'always' } })
  })
  afterAll(() => store.close())

  it('is Secure even over http, and so is the logout that clears it', async () => {
    const client = store.client()
    const account = newAccount()
    expect((await client.post('/api/auth/registration', account)).status).toBe(201)
    const login = await client.post('/api/auth/login', { email: account.email, password: account.password })
    expect(login.status).toBe(200)
    const set = cookieAttributes(login.headers.get('set-cookie'))
    expect(set.attributes.has('secure')).toBe(true)
    expect(set.attributes.has('httponly')).toBe(true)
    expect(set.attributes.get('samesite')).toBe('Lax')
    const logout = await client.post('/api/auth/logout')
    expect(cookieAttributes(logout.headers.get('set-cookie')).attributes.has('secure')).toBe(true)
    expect(logout.headers.get('strict-transport-security')).toMatch(/max-age=\d+/)
  })
})

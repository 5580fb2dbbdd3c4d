import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  base64url,
  exportJWK,
  exportSPKI,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose'
import { Secret, TOTP } from 'otpauth'
import { createTestStore, databases, type TestStore } from '#tests/api/harness.ts'
import { newAccount } from '#tests/support/factories.ts'
import { googleClaims, nowSeconds, type GooglePerson } from '#tests/support/google-tokens.ts'

// docs/spec/rulings.md #7: a Google sign-in is accepted only from a token Google signed for this store.
const CLIENT_ID = 'kapra-test.apps.googleusercontent.com'
const KID = 'test-key-1'
const FAILED = 'Google sign-in failed. Please try again.'

interface KeyServer {
  url: string
  fetches: number
  close(): Promise<void>
}

/** Google's key-set endpoint, played on loopback so the tests need no network. */
async function serveKeys(keys: JWK[]): Promise<KeyServer> {
  const body = JSON.stringify({ keys })
  const server = http.createServer((req, res) => {
    if (req.url !== '/certs') {
      res.writeHead(404).end()
      return
    }
    state.fetches++
    res.writeHead(200, { 'content-type': 'application/json' }).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const state: KeyServer = {
    url: `http://127.0.0.1:${port}/certs`,
    fetches: 0,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  }
  return state
}

/** An address on loopback where nothing listens. */
async function deadUrl(): Promise<string> {
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}/certs`
}

const googleKey = await generateKeyPair('RS256', { extractable: true })
const strangerKey = await generateKeyPair('RS256', { extractable: true })
const publicJwk: JWK = { ...(await exportJWK(googleKey.publicKey)), kid: KID, alg: 'RS256', use: 'sig' }

let people = 0
/** A Google account that has not signed in yet. */
function googlePerson(overrides: Partial<{ sub: string; email: string; name: string }> = {}) {
  people++
  return {
    sub: `1098${Date.now()}${people}`,
    email: `google.person${people}.${Date.now()}@gmail.com`,
    name: `Google Person ${people}`,
    ...overrides,
  }
}

function claimsFor(person: GooglePerson, overrides: JWTPayload = {}): JWTPayload {
  return googleClaims(person, CLIENT_ID, overrides)
}

function sign(
  claims: JWTPayload,
  options: { key?: CryptoKey | Uint8Array; kid?: string; alg?: string } = {},
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: options.kid ?? KID, typ: 'JWT' })
    .sign(options.key ?? googleKey.privateKey)
}

function idToken(person: { sub: string; email: string; name: string }, overrides: JWTPayload = {}) {
  return sign(claimsFor(person, overrides))
}

describe.each(databases)('Google sign-in (%s)', (kind) => {
  let keys: KeyServer
  let store: TestStore

  beforeAll(async () => {
    keys = await serveKeys([publicJwk])
    store = await createTestStore(kind, { env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: keys.url } })
  })
  afterAll(async () => {
    await store.close()
    await keys.close()
  })

  async function userCount(): Promise<number> {
    return (await store.services.db.selectFrom('users').select('id').execute()).length
  }

  async function googleSub(email: string) {
    const row = await store.services.db
      .selectFrom('users')
      .select('google_sub')
      .where('email_normalized', '=', email.toLowerCase())
      .executeTakeFirst()
    return row?.google_sub
  }

  it('tells the storefront the client id', async () => {
    const res = await store.client().get('/api/auth/config')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ googleClientId: CLIENT_ID })
  })

  it("opens a session for the token's person", async () => {
    const person = googlePerson()
    const client = store.client()
    const res = await client.post('/api/auth/googlelogin', { credential: await idToken(person) })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { message: string; user: { _id: string } }
    expect(body).toEqual({
      message: 'Logged in',
      user: {
        _id: expect.any(String) as string,
        name: person.name,
        email: person.email,
        role: 'customer',
        emailVerified: true,
      },
    })
    expect(res.headers.get('set-cookie')).toMatch(/^kapra_session=[^;]+;.*HttpOnly/i)

    const me = await client.get('/api/user/getcurrentuser')
    expect(me.status).toBe(200)
    expect(await me.json()).toEqual(body.user)
  })

  it('ignores a posted name and email: only the token says who signs in', async () => {
    const person = googlePerson()
    const victim = googlePerson()
    const client = store.client()
    const res = await client.post('/api/auth/googlelogin', {
      credential: await idToken(person),
      name: victim.name,
      email: victim.email,
    })
    expect(res.status).toBe(200)
    const me = (await (await client.get('/api/user/getcurrentuser')).json()) as { name: string; email: string }
    expect(me).toMatchObject({ name: person.name, email: person.email })
    expect(await googleSub(victim.email)).toBeUndefined()
  })

  it('names the account after the address when the token carries no name', async () => {
    const person = googlePerson()
    const res = await store
      .client()
      .post('/api/auth/googlelogin', { credential: await idToken(person, { name: undefined }) })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { user: { name: string } }).user.name).toBe(person.email.split('@')[0])
  })

  it('reaches the same account with the same sub, even after the address changed at Google', async () => {
    const person = googlePerson()
    const first = await store.client().post('/api/auth/googlelogin', { credential: await idToken(person) })
    const again = await store.client().post('/api/auth/googlelogin', {
      credential: await idToken(person, { email: `renamed.${person.email}`, name: 'Renamed' }),
    })
    expect(again.status).toBe(200)
    const a = ((await first.json()) as { user: { _id: string } }).user
    const b = ((await again.json()) as { user: { _id: string } }).user
    expect(b).toEqual(a)
  })

  it('settles two simultaneous first sign-ins on one account', async () => {
    const person = googlePerson()
    const before = await userCount()
    const credential = await idToken(person)
    const answers = await Promise.all([
      store.client().post('/api/auth/googlelogin', { credential }),
      store.client().post('/api/auth/googlelogin', { credential }),
    ])
    expect(answers.map((r) => r.status)).toEqual([200, 200])
    const [a, b] = (await Promise.all(answers.map((r) => r.json()))) as Array<{ user: { _id: string } }>
    expect(a!.user._id).toBe(b!.user._id)
    expect(await userCount()).toBe(before + 1)
  })

  it('rotates the session like a password login', async () => {
    const person = googlePerson()
    const client = store.client()
    await client.post('/api/auth/googlelogin', { credential: await idToken(person) })
    const oldCookie = client.cookie
    await client.post('/api/auth/googlelogin', { credential: await idToken(person) })
    expect(client.cookie).toBeDefined()
    expect(client.cookie).not.toBe(oldCookie)
    const stale = await store.fetch('/api/user/getcurrentuser', { headers: { cookie: oldCookie! } })
    expect(stale.status).toBe(401)
  })

  describe('an existing password account with the same address', () => {
    it('is joined when Google is the authority for the address (Gmail), ending the unverified password', async () => {
      const account = newAccount({ email: `Shopper.${Date.now()}@Gmail.com` })
      // Whoever registered the address first (perhaps not its owner) holds a session.
      const squatter = store.client()
      const reg = await squatter.post('/api/auth/registration', account)
      const registered = ((await reg.json()) as { user: { _id: string } }).user
      expect(
        (await squatter.post('/api/auth/login', { email: account.email, password: account.password })).status,
      ).toBe(200)
      const client = store.client()

      const person = googlePerson({ email: account.email.toLowerCase() })
      const res = await client.post('/api/auth/googlelogin', { credential: await idToken(person) })
      expect(res.status).toBe(200)
      // Google vouches for the address the squatter never proved.
      expect(((await res.json()) as { user: { _id: string } }).user).toEqual({ ...registered, emailVerified: true })
      expect(await googleSub(account.email)).toBe(person.sub)

      // The password set before the address was proven no longer opens the account,
      // and the sessions it opened are gone.
      const login = await store.client().post('/api/auth/login', { email: account.email, password: account.password })
      expect(login.status).toBe(401)
      expect((await squatter.get('/api/user/getcurrentuser')).status).toBe(401)
      expect((await client.get('/api/user/getcurrentuser')).status).toBe(200)
    })

    it('is joined for a Google Workspace account (hd)', async () => {
      const account = newAccount({ email: `buyer.${Date.now()}@workspace-shop.example` })
      await store.client().post('/api/auth/registration', account)
      const person = googlePerson({ email: account.email })
      const res = await store
        .client()
        .post('/api/auth/googlelogin', { credential: await idToken(person, { hd: 'workspace-shop.example' }) })
      expect(res.status).toBe(200)
      expect(await googleSub(account.email)).toBe(person.sub)
    })

    it('is not joined when Google only once verified a foreign address', async () => {
      const account = newAccount()
      await store.client().post('/api/auth/registration', account)
      const before = await userCount()
      const res = await store
        .client()
        .post('/api/auth/googlelogin', { credential: await idToken(googlePerson({ email: account.email })) })
      expect(res.status).toBe(409)
      expect(await res.json()).toEqual({
        message: 'An account with this email already exists. Please log in with your password.',
      })
      expect(res.headers.get('set-cookie')).toBeNull()
      expect(await googleSub(account.email)).toBeNull()
      expect(await userCount()).toBe(before)
    })

    it('is refused when it is already joined to another Google account', async () => {
      const person = googlePerson()
      await store.client().post('/api/auth/googlelogin', { credential: await idToken(person) })
      const other = googlePerson({ email: person.email })
      const res = await store.client().post('/api/auth/googlelogin', { credential: await idToken(other) })
      expect(res.status).toBe(409)
      expect(await res.json()).toEqual({ message: 'This email is linked to another Google account' })
      expect(await googleSub(person.email)).toBe(person.sub)
    })
  })

  describe('an admin with two-factor sign-in (docs/decisions/015)', () => {
    /** An admin at a Gmail address (Google is its authority) with two-factor sign-in set up. */
    async function enrolledAdmin() {
      const account = newAccount({ email: `owner.${Date.now()}@gmail.com` })
      const user = await store.services.auth.createAdmin(account)
      const { secret } = await store.services.auth.twoFactorSetup(user._id)
      const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate()
      await store.services.auth.confirmTwoFactor(user._id, code, undefined)
      return { account, user }
    }
    const refusal = {
      message:
        'This account signs in with its password and a code from your authenticator app. Please log in with your email and password.',
    }

    it('is refused, and its password is not dropped by a first Google sign-in', async () => {
      const { account } = await enrolledAdmin()
      const client = store.client()
      const person = googlePerson({ email: account.email })
      const res = await client.post('/api/auth/googlelogin', { credential: await idToken(person) })
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual(refusal)
      expect(res.headers.get('set-cookie')).toBeNull()
      expect(await googleSub(account.email)).toBeNull()
      const login = await store.client().post('/api/auth/login', account)
      expect(((await login.json()) as { twoFactorRequired?: boolean }).twoFactorRequired).toBe(true)
    })

    it('is refused when the Google account was joined before two-factor sign-in was set up', async () => {
      const person = googlePerson()
      const first = await store.client().post('/api/auth/googlelogin', { credential: await idToken(person) })
      const { _id } = ((await first.json()) as { user: { _id: string } }).user
      await store.services.db.updateTable('users').set({ role: 'admin' }).where('id', '=', _id).execute()
      // A Google-only admin sets a password first (two-factor sign-in goes with one).
      await store.services.db.updateTable('users').set({ password_hash: 'x' }).where('id', '=', _id).execute()
      const { secret } = await store.services.auth.twoFactorSetup(_id)
      await store.services.auth.confirmTwoFactor(
        _id,
        new TOTP({ secret: Secret.fromBase32(secret) }).generate(),
        undefined,
      )
      const client = store.client()
      const res = await client.post('/api/auth/googlelogin', { credential: await idToken(person) })
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual(refusal)
      expect((await client.get('/api/user/getcurrentuser')).status).toBe(401)
    })
  })

  it('answers a password login to a Google-only account as any wrong password', async () => {
    const person = googlePerson()
    await store.client().post('/api/auth/googlelogin', { credential: await idToken(person) })
    const login = await store.client().post('/api/auth/login', { email: person.email, password: 'whatever it is' })
    expect(login.status).toBe(401)
    expect(await login.json()).toEqual({ message: 'Invalid email or password' })
    const reg = await store.client().post('/api/auth/registration', newAccount({ email: person.email }))
    expect(reg.status).toBe(409)
  })

  it('asks for the credential', async () => {
    const person = googlePerson()
    const res = await store.client().post('/api/auth/googlelogin', { name: person.name, email: person.email })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ message: 'Google credential is required' })
    expect(res.headers.get('set-cookie')).toBeNull()
  })

  const forgeries: Array<[string, (person: ReturnType<typeof googlePerson>) => Promise<string>]> = [
    ['for another audience', (p) => idToken(p, { aud: 'someone-else.apps.googleusercontent.com', azp: undefined })],
    ['from another issuer', (p) => idToken(p, { iss: 'https://accounts.example.com' })],
    ['expired', (p) => idToken(p, { iat: nowSeconds() - 1800, exp: nowSeconds() - 120 })],
    ['without an expiry', (p) => idToken(p, { exp: undefined })],
    ['issued in the future', (p) => idToken(p, { iat: nowSeconds() + 300, exp: nowSeconds() + 3900 })],
    ['older than an hour', (p) => idToken(p, { iat: nowSeconds() - 2 * 3600, exp: nowSeconds() + 600 })],
    ['without an issue time', (p) => idToken(p, { iat: undefined })],
    [
      'unsigned (alg none)',
      (p) => {
        const part = (value: object) => base64url.encode(JSON.stringify(value))
        return Promise.resolve(`${part({ alg: 'none', typ: 'JWT' })}.${part(claimsFor(p))}.`)
      },
    ],
    ['signed with a kid Google does not have', (p) => sign(claimsFor(p), { kid: 'unknown-kid' })],
    ['signed with a key outside the set under a known kid', (p) => sign(claimsFor(p), { key: strangerKey.privateKey })],
    [
      "HS256 keyed with the public key's bytes",
      async (p) => {
        const pem = await exportSPKI(googleKey.publicKey)
        return sign(claimsFor(p), { alg: 'HS256', key: new TextEncoder().encode(pem) })
      },
    ],
    ['with an unverified address', (p) => idToken(p, { email_verified: false })],
    ["with email_verified 'true' as text", (p) => idToken(p, { email_verified: 'true' })],
    ['without a sub', (p) => idToken(p, { sub: undefined })],
    ['with an empty sub', (p) => idToken(p, { sub: '' })],
    ['without an address', (p) => idToken(p, { email: undefined })],
    [
      'with a tampered payload',
      async (p) => {
        const [header, , signature] = (await idToken(p)).split('.')
        return `${header}.${base64url.encode(JSON.stringify(claimsFor(googlePerson())))}.${signature}`
      },
    ],
    ['that is garbage', () => Promise.resolve('not-a-token')],
  ]

  it.each(forgeries)('refuses a token %s', async (_, forge) => {
    const person = googlePerson()
    const before = await userCount()
    const client = store.client()
    const res = await client.post('/api/auth/googlelogin', { credential: await forge(person) })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ message: FAILED })
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(await userCount()).toBe(before)
    expect(await googleSub(person.email)).toBeUndefined()
    expect((await client.get('/api/user/getcurrentuser')).status).toBe(401)
  })

  it("keeps Google's key set instead of fetching it per sign-in", () => {
    // One fetch, plus at most one refetch for the unknown kid should the cooldown have passed.
    expect(keys.fetches).toBeGreaterThanOrEqual(1)
    expect(keys.fetches).toBeLessThanOrEqual(2)
  })
})

describe.each(databases)('Google sign-in when it cannot work (%s)', (kind) => {
  /** One store at a time: each is closed (its PostgreSQL schema dropped) before the next. */
  async function withStore(env: Record<string, string>, check: (store: TestStore) => Promise<void>) {
    const store = await createTestStore(kind, { env })
    try {
      await check(store)
    } finally {
      await store.close()
    }
  }

  it('answers 503 when no client id is configured, and tells the storefront', () =>
    withStore({}, async (store) => {
      const res = await store.client().post('/api/auth/googlelogin', { credential: await idToken(googlePerson()) })
      expect(res.status).toBe(503)
      expect(await res.json()).toEqual({ message: 'Google sign-in is not configured' })
      expect(await (await store.client().get('/api/auth/config')).json()).toEqual({ googleClientId: null })
    }))

  it("answers 503 without a session when Google's keys are out of reach", async () => {
    const env = { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: await deadUrl() }
    await withStore(env, async (store) => {
      const res = await store.client().post('/api/auth/googlelogin', { credential: await idToken(googlePerson()) })
      expect(res.status).toBe(503)
      expect(await res.json()).toEqual({
        message: 'Google sign-in is unavailable right now. Please try again in a few minutes.',
      })
      expect(res.headers.get('set-cookie')).toBeNull()
    })
  })

  it('counts refused tokens against the address like failed logins', async () => {
    const keys = await serveKeys([publicJwk])
    const env = { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: keys.url, LOGIN_LIMIT_PER_IP: '3' }
    try {
      await withStore(env, async (store) => {
        const client = store.client('198.51.100.7')
        for (let i = 0; i < 3; i++) {
          expect((await client.post('/api/auth/googlelogin', { credential: 'not-a-token' })).status).toBe(401)
        }
        const blocked = await client.post('/api/auth/googlelogin', { credential: await idToken(googlePerson()) })
        expect(blocked.status).toBe(429)
        expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
        const elsewhere = await store
          .client('198.51.100.8')
          .post('/api/auth/googlelogin', { credential: await idToken(googlePerson()) })
        expect(elsewhere.status).toBe(200)
      })
    } finally {
      await keys.close()
    }
  })
})

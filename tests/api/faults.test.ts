import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { getRequestListener } from '@hono/node-server'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createApp } from '#server/app.ts'
import { buildDir, productionPages } from '#server/pages.ts'
import {
  createTestStore,
  databases,
  signedInClient,
  storedCartLines,
  type TestClient,
  type TestStore,
} from '#tests/api/harness.ts'
import { newAccount, testAddress } from '#tests/support/factories.ts'
import { startLine } from '#scripts/bench-server.ts'

// docs/decisions/013 (first part): what the fault and attack battery found, each defect with a
// test that failed before its fix.

const INVALID = { message: 'Invalid email or password' }
let addresses = 0
const freshAddress = () => `198.51.100.${++addresses}`

/** The store's Node listener on a loopback port, as `npm start` serves it. */
async function listen(store: TestStore) {
  const app = createApp({ services: store.services })
  const handle = getRequestListener(app.fetch)
  const server = http.createServer((req, res) => void handle(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

describe.each(databases)('faults and attacks (%s)', (kind) => {
  let store: TestStore

  beforeAll(async () => {
    store = await createTestStore(kind, {
      env: { LOGIN_LIMIT_PER_ACCOUNT: '10', LOGIN_LIMIT_PER_IP: '1000', BODY_LIMIT_BYTES: '1024' },
    })
  })
  afterAll(() => store.close())

  async function account(address = freshAddress()) {
    const a = newAccount()
    expect((await store.client(address).post('/api/auth/registration', a)).status).toBe(201)
    return a
  }

  describe('1. simultaneous password guesses', () => {
    it('lets exactly the limit through when 60 wrong passwords for one account arrive at once', async () => {
      const a = await account()
      const guesses = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          store.client(freshAddress()).post('/api/auth/login', { email: a.email, password: `wrong guess ${i}` }),
        ),
      )
      const statuses = guesses.map((r) => r.status)
      expect(statuses.filter((s) => s === 401)).toHaveLength(10)
      expect(statuses.filter((s) => s === 429)).toHaveLength(50)
      // And the right password, now, is refused too: the account is blocked for its window.
      const right = await store.client(freshAddress()).post('/api/auth/login', { email: a.email, password: a.password })
      expect(right.status).toBe(429)
    })

    it('gives a right password back its attempt, so successful sign-ins never use up the limit', async () => {
      const a = await account()
      const client = store.client(freshAddress())
      // Twenty successful sign-ins, then nine wrong passwords: still allowed (under 10).
      for (let i = 0; i < 20; i++) {
        expect((await client.post('/api/auth/login', { email: a.email, password: a.password })).status).toBe(200)
      }
      for (let i = 0; i < 9; i++) {
        const res = await client.post('/api/auth/login', { email: a.email, password: 'wrong password' })
        expect(res.status).toBe(401)
        expect(await res.json()).toEqual(INVALID)
      }
      expect((await client.post('/api/auth/login', { email: a.email, password: a.password })).status).toBe(200)
    })

    it('counts simultaneous right and wrong passwords without letting a burst past the limit', async () => {
      const a = await account()
      const burst = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          store
            .client(freshAddress())
            .post('/api/auth/login', { email: a.email, password: i % 3 === 0 ? a.password : `wrong ${i}` }),
        ),
      )
      const wrong = burst.filter((r, i) => i % 3 !== 0 && r.status === 401).length
      // Twenty wrong guesses were sent; never more than the limit was checked.
      expect(wrong).toBeLessThanOrEqual(10)
      expect(burst.filter((r) => r.status === 429).length).toBeGreaterThan(0)
    })
  })

  describe('1. simultaneous wrong current passwords (changing the password)', () => {
    it('checks no more than the limit when 30 arrive at once', async () => {
      const { client } = await signedInClient(store, freshAddress())
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          client.post('/api/user/password', { currentPassword: `not it ${i}`, newPassword: 'a-new-password-2' }),
        ),
      )
      expect(answers.filter((r) => r.status === 400)).toHaveLength(10)
      expect(answers.filter((r) => r.status === 429)).toHaveLength(20)
    })
  })

  describe('2. the client address behind proxies', () => {
    it('takes the address the proxy appended, not the one the client wrote at the left', async () => {
      // One trusted proxy (TRUST_PROXY=1): a client forging X-Forwarded-For gets a new
      // "address" on every try only if the left end is believed.
      const spoofing = await createTestStore(kind, {
        env: { TRUST_PROXY: '1', LOGIN_LIMIT_PER_IP: '3', LOGIN_LIMIT_PER_ACCOUNT: '100' },
      })
      try {
        const real = '203.0.113.77'
        const statuses: number[] = []
        for (let i = 0; i < 5; i++) {
          const res = await spoofing
            .client(`10.9.8.${i}, ${real}`)
            .post('/api/auth/login', { email: `nobody${i}@example.com`, password: 'wrong password' })
          statuses.push(res.status)
        }
        expect(statuses).toEqual([401, 401, 401, 429, 429])
        // Another client behind the same proxy is not blocked.
        const other = await spoofing
          .client('203.0.113.78')
          .post('/api/auth/login', { email: 'nobody@example.com', password: 'wrong password' })
        expect(other.status).toBe(401)
      } finally {
        await spoofing.close()
      }
    })

    it('skips the configured number of trusted hops from the right', async () => {
      const twoHops = await createTestStore(kind, {
        env: { TRUST_PROXY: '2', LOGIN_LIMIT_PER_IP: '2', LOGIN_LIMIT_PER_ACCOUNT: '100' },
      })
      try {
        const client = '203.0.113.90'
        const statuses: number[] = []
        for (let i = 0; i < 3; i++) {
          // forged, the client (seen by the CDN), the CDN (seen by the load balancer)
          const res = await twoHops
            .client(`192.0.2.${i}, ${client}, 10.0.0.${i + 1}`)
            .post('/api/auth/login', { email: `hop${i}@example.com`, password: 'wrong password' })
          statuses.push(res.status)
        }
        expect(statuses).toEqual([401, 401, 429])
      } finally {
        await twoHops.close()
      }
    })

    it('limits IPv6 clients per /64, not per address', async () => {
      const v6 = await createTestStore(kind, {
        env: { LOGIN_LIMIT_PER_IP: '3', LOGIN_LIMIT_PER_ACCOUNT: '100' },
      })
      try {
        const statuses: number[] = []
        for (let i = 1; i <= 4; i++) {
          const res = await v6
            .client(`2001:db8:1234:5678::${i.toString(16)}:${(i * 7919).toString(16)}`)
            .post('/api/auth/login', { email: `v6-${i}@example.com`, password: 'wrong password' })
          statuses.push(res.status)
        }
        expect(statuses).toEqual([401, 401, 401, 429])
        // The next /64 is another client.
        const neighbour = await v6
          .client('2001:db8:1234:5679::1')
          .post('/api/auth/login', { email: 'v6-n@example.com', password: 'wrong password' })
        expect(neighbour.status).toBe(401)
      } finally {
        await v6.close()
      }
    })
  })

  describe('3. a refused body', () => {
    let server: Awaited<ReturnType<typeof listen>>
    beforeAll(async () => {
      server = await listen(store)
    })
    afterAll(() => server.close())

    /** Sends raw bytes on one connection; resolves with everything read until the server closes it. */
    function rawExchange(request: string, waitMs = 3_000) {
      return new Promise<{ text: string; closed: boolean }>((resolve, reject) => {
        const socket = net.connect(server.port, '127.0.0.1')
        let text = ''
        const timer = setTimeout(() => {
          socket.destroy()
          resolve({ text, closed: false })
        }, waitMs)
        socket.on('data', (chunk) => (text += chunk.toString('latin1')))
        socket.on('error', reject)
        socket.on('close', () => {
          clearTimeout(timer)
          resolve({ text, closed: true })
        })
        socket.write(request)
      })
    }

    it('closes the connection after a 413 whose body was announced and left unread', async () => {
      const body = JSON.stringify({ email: 'x'.repeat(5_000) })
      const request =
        'POST /api/newsletter/subscribe HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Connection: keep-alive\r\nContent-Length: ${body.length}\r\n\r\n` +
        body.slice(0, 100)
      const { text, closed } = await rawExchange(request)
      expect(text).toMatch(/^HTTP\/1\.1 413 /)
      expect(text.toLowerCase()).toContain('connection: close')
      expect(closed).toBe(true)
    })

    it('lets the next request on a keep-alive agent through after a 413', async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
      const send = (body: string) =>
        new Promise<number>((resolve, reject) => {
          const req = http.request(
            {
              host: '127.0.0.1',
              port: server.port,
              path: '/api/newsletter/subscribe',
              method: 'POST',
              agent,
              headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
            },
            (res) => {
              res.resume()
              res.on('end', () => resolve(res.statusCode ?? 0))
            },
          )
          req.on('error', reject)
          req.end(body)
        })
      try {
        expect(await send(JSON.stringify({ email: 'y'.repeat(50_000) }))).toBe(413)
        expect(await send(JSON.stringify({ email: `after413-${kind}@example.com` }))).toBeLessThan(300)
      } finally {
        agent.destroy()
      }
    })
  })

  describe('5. Idempotency-Key on placeorder', () => {
    let shopper: { client: TestClient; user: { _id: string } }
    beforeAll(async () => {
      shopper = await signedInClient(store, freshAddress())
    })
    beforeEach(async () => {
      await store.connection.db.deleteFrom('cart_items').where('user_id', '=', shopper.user._id).execute()
    })

    async function fillCart(quantity = 1) {
      const res = await shopper.client.post('/api/cart/update', { itemId: 'oxford-shirt', size: 'M', quantity })
      expect(res.status).toBe(200)
      return {
        address: testAddress,
        items: [{ _id: 'oxford-shirt', size: 'M', quantity }],
        amount: 2499 * quantity + 50,
      }
    }
    const ordersOf = async (userId: string) =>
      (
        await store.connection.db
          .selectFrom('orders')
          .select(({ fn }) => fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n

    it('answers a retry with the same key with the first order, placing one', async () => {
      const body = await fillCart()
      const key = `checkout-${crypto.randomUUID()}`
      const before = Number(await ordersOf(shopper.user._id))
      const first = await shopper.client.post('/api/order/placeorder', body, { 'idempotency-key': key })
      expect(first.status).toBe(201)
      const firstBody = (await first.json()) as { order: { _id: string } }
      expect(first.headers.get('idempotent-replayed')).toBeNull()

      const retry = await shopper.client.post('/api/order/placeorder', body, { 'idempotency-key': key })
      expect(retry.status).toBe(201)
      expect(retry.headers.get('idempotent-replayed')).toBe('true')
      expect(await retry.json()).toEqual(firstBody)
      expect(Number(await ordersOf(shopper.user._id))).toBe(before + 1)
    })

    it('answers simultaneous requests with one key with one order', async () => {
      const body = await fillCart(2)
      const key = crypto.randomUUID()
      const before = Number(await ordersOf(shopper.user._id))
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => shopper.client.post('/api/order/placeorder', body, { 'idempotency-key': key })),
      )
      expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201])
      const ids = new Set(
        await Promise.all(answers.map(async (r) => ((await r.json()) as { order: { _id: string } }).order._id)),
      )
      expect(ids.size).toBe(1)
      expect(Number(await ordersOf(shopper.user._id))).toBe(before + 1)
    })

    it('refuses the same key with a different order with 422, changing nothing', async () => {
      const body = await fillCart()
      const key = crypto.randomUUID()
      expect((await shopper.client.post('/api/order/placeorder', body, { 'idempotency-key': key })).status).toBe(201)
      const other = await fillCart(3)
      const before = Number(await ordersOf(shopper.user._id))
      const reused = await shopper.client.post('/api/order/placeorder', other, { 'idempotency-key': key })
      expect(reused.status).toBe(422)
      expect(((await reused.json()) as { message: string }).message).toMatch(/already used for a different order/)
      expect(Number(await ordersOf(shopper.user._id))).toBe(before)
      // The cart is untouched: a new key places it.
      const fresh = await shopper.client.post('/api/order/placeorder', other, {
        'idempotency-key': crypto.randomUUID(),
      })
      expect(fresh.status).toBe(201)
    })

    it('keeps keys per shopper: another shopper’s same key is theirs', async () => {
      const key = crypto.randomUUID()
      const body = await fillCart()
      expect((await shopper.client.post('/api/order/placeorder', body, { 'idempotency-key': key })).status).toBe(201)
      const other = await signedInClient(store, freshAddress())
      const res = await other.client.post('/api/cart/update', { itemId: 'oxford-shirt', size: 'M', quantity: 1 })
      expect(res.status).toBe(200)
      const theirs = await other.client.post('/api/order/placeorder', body, { 'idempotency-key': key })
      expect(theirs.status).toBe(201)
      expect(theirs.headers.get('idempotent-replayed')).toBeNull()
    })

    it('refuses a malformed key with 400 before any work', async () => {
      const body = await fillCart()
      for (const key of ['', 'with space', 'x'.repeat(256), 'caf\u00e9']) {
        const res = await shopper.client.post('/api/order/placeorder', body, { 'idempotency-key': key })
        expect(res.status).toBe(400)
        expect(((await res.json()) as { message: string }).message).toMatch(/Idempotency-Key/)
      }
      expect(await storedCartLines(store, shopper.user._id)).toEqual([
        { product_id: 'oxford-shirt', size: 'M', quantity: 1 },
      ])
    })

    it('forgets a key after a day, through the index on created_at', async () => {
      const body = await fillCart()
      const key = crypto.randomUUID()
      expect((await shopper.client.post('/api/order/placeorder', body, { 'idempotency-key': key })).status).toBe(201)
      const { db } = store.connection
      // Make the answer two days old; pruning removes it and nothing else.
      await db
        .updateTable('idempotency_keys')
        .set({ created_at: Date.now() - 2 * 24 * 60 * 60_000 })
        .where('key', '=', key)
        .execute()
      const kept = Number(
        (
          await db
            .selectFrom('idempotency_keys')
            .select(({ fn }) => fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
      expect(await store.services.orders.pruneIdempotencyKeys()).toBe(1)
      const left = Number(
        (
          await db
            .selectFrom('idempotency_keys')
            .select(({ fn }) => fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
      expect(left).toBe(kept - 1)
      // The key is free again: a new order under it is placed.
      await fillCart()
      const again = await shopper.client.post('/api/order/placeorder', body, { 'idempotency-key': key })
      expect(again.status).toBe(201)
      expect(again.headers.get('idempotent-replayed')).toBeNull()
    })

    it('still places an order without a key, as before', async () => {
      const body = await fillCart()
      expect((await shopper.client.post('/api/order/placeorder', body)).status).toBe(201)
      expect((await shopper.client.post('/api/order/placeorder', body)).status).toBe(409)
    })
  })

  describe('6. smaller ones', () => {
    it('returns X-Request-Id on every answer, the client’s own when it is a plain token', async () => {
      const fresh = await store.fetch('/api/products')
      expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
      const own = await store.fetch('/api/product/no-such-product', { headers: { 'x-request-id': 'trace-42.a' } })
      expect(own.status).toBe(404)
      expect(own.headers.get('x-request-id')).toBe('trace-42.a')
      const forged = await store.fetch('/healthz', { headers: { 'x-request-id': 'bad id\twith spaces' } })
      expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    })

    it('answers POST /api/user/getcurrentuser like GET', async () => {
      const { client, user } = await signedInClient(store, freshAddress())
      const byPost = await client.post('/api/user/getcurrentuser')
      expect(byPost.status).toBe(200)
      expect(((await byPost.json()) as { _id: string })._id).toBe(user._id)
      const guest = await store.client().post('/api/user/getcurrentuser')
      expect(guest.status).toBe(401)
    })
  })
})

describe('6. .env is read at start', () => {
  const root = path.resolve(import.meta.dirname, '../..')

  it('npm start reads .env from the working directory (a bad value in it stops the start)', async () => {
    // The start command, run where a .env says something the environment does not.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kapra-env-'))
    for (const d of ['server', 'build']) fs.symlinkSync(path.join(root, d), path.join(dir, d))
    fs.writeFileSync(path.join(dir, '.env'), 'LOG_LEVEL=from-dotenv\n')
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: '0' }
    delete env.LOG_LEVEL
    delete env.DATABASE_URL
    const child = spawn(process.execPath, startLine.args, { cwd: dir, env: { ...env, ...startLine.env } })
    let stderr = ''
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000)
      child.on('exit', (c) => {
        clearTimeout(timer)
        resolve(c)
      })
    })
    fs.rmSync(dir, { recursive: true, force: true })
    expect(stderr).toMatch(/LOG_LEVEL/)
    expect(code).toBe(1)
  }, 30_000)
})

// The checkout page's form, posted twice with the key its page carried (a double submit,
// or the browser retrying after a lost answer): one order, and both posts go to it.
describe.runIf(fs.existsSync(path.join(buildDir, 'server/index.js'))).each(databases)(
  '5. the checkout page’s key (%s)',
  (kind) => {
    let store: TestStore
    let app: ReturnType<typeof createApp>
    beforeAll(async () => {
      store = await createTestStore(kind)
      app = createApp({ services: store.services, pages: await productionPages() })
    })
    afterAll(() => store.close())

    it('places one order for a form posted twice with its key, and a fresh key on the next visit', async () => {
      const { client, user } = await signedInClient(store, freshAddress())
      expect((await client.post('/api/cart/update', { itemId: 'oxford-shirt', size: 'M', quantity: 1 })).status).toBe(
        200,
      )
      const headers = { cookie: client.cookie!, 'x-forwarded-for': '198.51.100.250' }
      const page = await app.request('http://store.test/placeorder', { headers })
      expect(page.status).toBe(200)
      const html = await page.text()
      const key = /name="idempotencyKey" value="([^"]+)"/.exec(html)?.[1]
      expect(key).toMatch(/^[0-9a-f-]{36}$/)

      const form = new URLSearchParams({
        ...testAddress,
        items: JSON.stringify([{ _id: 'oxford-shirt', size: 'M', quantity: 1 }]),
        amount: String(2499 + 50),
        idempotencyKey: key!,
      })
      const post = () =>
        app.request('http://store.test/placeorder', {
          method: 'POST',
          headers: { ...headers, origin: 'http://store.test', 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
        })
      const [first, second] = [await post(), await post()]
      for (const res of [first, second]) {
        expect(res.status).toBe(302)
        expect(res.headers.get('location')).toBe('/order')
      }
      const orders = await store.connection.db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', user._id)
        .execute()
      expect(orders).toHaveLength(1)

      // The next checkout is a new attempt with a key of its own.
      expect((await client.post('/api/cart/update', { itemId: 'oxford-shirt', size: 'L', quantity: 1 })).status).toBe(
        200,
      )
      const next = await (await app.request('http://store.test/placeorder', { headers })).text()
      const nextKey = /name="idempotencyKey" value="([^"]+)"/.exec(next)?.[1]
      expect(nextKey).toMatch(/^[0-9a-f-]{36}$/)
      expect(nextKey).not.toBe(key)
    })
  },
)

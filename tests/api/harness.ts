import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Migrator, type Migration } from 'kysely/migration'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import { loadConfig } from '#server/config.ts'
import { connect, migrateToLatest, type Connection } from '#server/db/database.ts'
import { createLogger, type Logger } from '#server/http/logger.ts'
import { createServices, type Services } from '#server/services.ts'
import type { ProductListOptions } from '#server/catalog/product-list.ts'
import { seedCatalog } from '#demo/seed.ts'
import { createApp } from '#server/app.ts'
import type { DemoProduct } from '#demo/catalog-types.ts'
import { makeProduct, newAccount } from '#tests/support/factories.ts'
import { deliverAll, startSmtp, type TestSmtp } from '#tests/support/smtp-server.ts'

export type DatabaseKind = 'sqlite' | 'postgres'

/** SQLite always; PostgreSQL as well when TEST_DATABASE_URL names one (CI does). */
export const databases: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']

export const defaultCatalog: DemoProduct[] = [
  makeProduct({ id: 'oxford-shirt', name: 'Men Oxford Shirt', price: 2499, sizes: ['S', 'M', 'L', 'XL'] }),
  makeProduct({
    id: 'denim-jeans',
    name: 'Men Denim Jeans',
    price: 3499,
    subCategory: 'BottomWear',
    garment: 'jeans',
    sizeChart: null,
  }),
  makeProduct({
    id: 'kids-hoodie',
    name: 'Kids Hoodie',
    price: 1799,
    category: 'Kids',
    subCategory: 'WinterWear',
    sizes: ['4-5Y', '6-7Y'],
    sizeChart: null,
    bestSeller: true,
  }),
]

export interface TestStore {
  kind: DatabaseKind
  services: Services
  connection: Connection
  fetch(path: string, init?: RequestInit): Promise<Response>
  client(address?: string): TestClient
  close(): Promise<void>
}

export interface TestClient {
  cookie: string | undefined
  get(path: string, headers?: Record<string, string>): Promise<Response>
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>
}

/**
 * Kysely's migrator lists the tables of every schema it may use, and a schema dropped
 * meanwhile (another test file's, when files run side by side) fails the listing. So a
 * drop waits until no migration is under way, and a migration until no drop is: an
 * advisory lock every test process takes on TEST_DATABASE_URL's database, shared by
 * migrations, exclusive for a drop, held by a session of its own and released with it.
 */
async function withSchemasLock<T>(mode: 'shared' | 'exclusive', work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await client.connect()
  try {
    await client.query(mode === 'shared' ? 'select pg_advisory_lock_shared(727275)' : 'select pg_advisory_lock(727275)')
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Migrates a test database to the latest migration (on PostgreSQL, under the schemas' lock). */
export function migrate(connection: Connection): Promise<void> {
  if (connection.dialect !== 'postgres') return migrateToLatest(connection)
  return withSchemasLock('shared', () => migrateToLatest(connection))
}

/** A PostgreSQL schema of its own in TEST_DATABASE_URL's database, and how to drop it. */
async function newSchema(): Promise<{ url: string; schema: string; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('TEST_DATABASE_URL is not set')
  const schema = `test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create schema ${schema}`)
  await admin.end()
  const drop = () =>
    withSchemasLock('exclusive', async (c) => {
      await c.query(`drop schema ${schema} cascade`)
    })
  return { url, schema, drop }
}

/** An empty database of its own, not migrated: in-memory SQLite, or a fresh PostgreSQL schema. */
export async function freshDatabase(
  kind: DatabaseKind,
): Promise<{ connection: Connection; drop: () => Promise<void> }> {
  if (kind === 'sqlite')
    return { connection: connect({ dataDir: 'data', sqliteMemory: true }), drop: () => Promise.resolve() }
  const { url, schema, drop } = await newSchema()
  return { connection: connect({ databaseUrl: url, dataDir: 'data', pgSchema: schema }), drop }
}

export interface TestStoreOptions {
  env?: Record<string, string>
  catalog?: DemoProduct[]
  /** A clock for sessions and rate limits, so a test can let a window pass. */
  now?: () => number
  /** SQLite in a file in this folder instead of in memory (a second connection can open it). */
  sqliteDir?: string
  /** Where GET /api/product/list's files go; with `writer`, a process of its own writes them, as in the server. */
  productList?: { dir: string; writer?: boolean }
  /** The store's logger (silent when absent), for a test that reads what is logged. */
  logger?: Logger
}

export async function createTestStore(kind: DatabaseKind, options: TestStoreOptions = {}): Promise<TestStore> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    TRUST_PROXY: 'true',
    // Tests place many orders with one phone number (testAddress) and from one address;
    // the limits against hoarding are met only where a test sets them (orders-limits.test.ts).
    OPEN_ORDERS_PER_CUSTOMER: '1000',
    ORDER_LIMIT_PER_ACCOUNT: '1000',
    ORDER_LIMIT_PER_IP: '1000',
    ...options.env,
  })
  let dropSchema = async () => {}
  let connection: Connection
  let database: ProductListOptions['database']
  if (kind === 'postgres') {
    const { url, schema, drop } = await newSchema()
    connection = connect({ databaseUrl: url, dataDir: config.dataDir, pgSchema: schema })
    database = { databaseUrl: url, dataDir: config.dataDir, pgSchema: schema }
    dropSchema = drop
  } else {
    if (options.sqliteDir) database = { dataDir: options.sqliteDir }
    connection = options.sqliteDir
      ? connect({ dataDir: options.sqliteDir })
      : connect({ dataDir: config.dataDir, sqliteMemory: true })
  }
  await migrate(connection)
  await seedCatalog(connection, options.catalog ?? defaultCatalog)
  // The store's product list files: the test's folder, or one of the store's own, removed on close.
  const listDir = options.productList?.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'kapra-test-list-'))
  const ownListDir = options.productList ? null : listDir
  const services = createServices({
    db: connection.db,
    dialect: connection.dialect,
    poolStats: connection.poolStats,
    config,
    logger: options.logger ?? createLogger('silent'),
    ...(options.now ? { now: options.now } : {}),
    productList: {
      dir: listDir,
      ...(options.productList?.writer ? { database } : {}),
    },
  })
  const app = createApp({ services })
  const fetch = (path: string, init?: RequestInit) => Promise.resolve(app.request(path, init))

  return {
    kind,
    services,
    connection,
    fetch,
    client(address = '203.0.113.10') {
      const client: TestClient = {
        cookie: undefined,
        async get(path, headers = {}) {
          return remember(await fetch(path, { headers: base(headers) }))
        },
        async post(path, body, headers = {}) {
          const init: RequestInit = { method: 'POST', headers: base(headers) }
          if (body !== undefined) {
            init.body = typeof body === 'string' ? body : JSON.stringify(body)
            ;(init.headers as Record<string, string>)['content-type'] ??= 'application/json'
          }
          return remember(await fetch(path, init))
        },
      }
      function base(headers: Record<string, string>) {
        return {
          'x-forwarded-for': address,
          ...(client.cookie ? { cookie: client.cookie } : {}),
          ...headers,
        }
      }
      function remember(res: Response) {
        const set = res.headers.get('set-cookie')
        if (set) {
          const pair = set.split(';')[0]!
          client.cookie = /=$/.test(pair) || /Max-Age=0/i.test(set) ? undefined : pair
        }
        return res
      }
      return client
    },
    async close() {
      await connection.close()
      await dropSchema()
      if (ownListDir) fs.rmSync(ownListDir, { recursive: true, force: true })
    },
  }
}

/** One shopper's cart lines as the database holds them, by product and size. */
export function storedCartLines(store: TestStore, userId: string) {
  return store.connection.db
    .selectFrom('cart_items')
    .select(['product_id', 'size', 'quantity'])
    .where('user_id', '=', userId)
    .orderBy('product_id')
    .orderBy('size')
    .execute()
}

/** The password the tests' admins are made with. */
export const ADMIN_PASSWORD = 'keys to the shop 2026'

/** An admin made as the CLI makes one (the auth service), signed in from `address`. */
export async function signedInAdmin(store: TestStore, address?: string, name = 'Store Admin') {
  const email = newAccount().email
  const user = await store.services.auth.createAdmin({ name, email, password: ADMIN_PASSWORD })
  const client = store.client(address)
  const login = await client.post('/api/auth/login', { email, password: ADMIN_PASSWORD })
  if (login.status !== 200) throw new Error(`admin login failed: ${login.status} ${await login.text()}`)
  return { client, user, email }
}

export async function signedInClient(store: TestStore, address?: string) {
  const client = store.client(address)
  const account = newAccount()
  const reg = await client.post('/api/auth/registration', account)
  if (reg.status !== 201) throw new Error(`registration failed: ${reg.status} ${await reg.text()}`)
  const login = await client.post('/api/auth/login', { email: account.email, password: account.password })
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`)
  const user = ((await login.json()) as { user: { _id: string } }).user
  return { client, account, user }
}

/**
 * A database of its own, migrated only as far as `migrations` go: the store as it was
 * before a later migration, for a test of that migration to fill and then migrate to the
 * latest. Close the connection and drop it at the end.
 */
export async function databaseBefore(
  kind: DatabaseKind,
  migrations: (dialect: Connection['dialect']) => Record<string, Migration>,
): Promise<{ connection: Connection; drop: () => Promise<void> }> {
  const { connection, drop } = await freshDatabase(kind)
  const migrator = new Migrator({
    db: connection.db,
    provider: { getMigrations: () => Promise.resolve(migrations(connection.dialect)) },
    ...(connection.schema ? { migrationTableSchema: connection.schema } : {}),
  })
  const { error } = await (kind === 'postgres'
    ? withSchemasLock('shared', () => migrator.migrateToLatest())
    : migrator.migrateToLatest())
  if (error !== undefined) {
    await connection.close()
    await drop()
  }
  expect(error).toBeUndefined()
  return { connection, drop }
}

export interface MailStore {
  /** The store, open from before the first test of the block to after its last. */
  readonly store: TestStore
  /** The SMTP server on loopback the store sends to; it holds what the current test caused. */
  readonly smtp: TestSmtp
  /** Sends everything due with one worker, as the process's own would; answers all the server has received. */
  deliver(): ReturnType<typeof deliverAll>
}

/**
 * A store whose mail goes to a real SMTP server on loopback (tests/support/smtp-server.ts),
 * for the tests of the calling block: both start before its first test and stop after its
 * last. Before each test the server's inbox is emptied, and with `clearOutbox` the
 * store's outbox too, so each test reads only what it caused.
 */
export function useMailStore(
  kind: DatabaseKind,
  options: TestStoreOptions & { clearOutbox?: boolean } = {},
): MailStore {
  const { clearOutbox, ...storeOptions } = options
  let store: TestStore | undefined
  let smtp: TestSmtp | undefined
  const opened = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the mail store opens before the first test of its block')
    return value
  }
  beforeAll(async () => {
    smtp = await startSmtp()
    store = await createTestStore(kind, { ...storeOptions, env: { SMTP_URL: smtp.url, ...storeOptions.env } })
  })
  afterAll(async () => {
    await store?.close()
    await smtp?.close()
  })
  beforeEach(async () => {
    if (clearOutbox) await opened(store).connection.db.deleteFrom('mail_outbox').execute()
    opened(smtp).received.length = 0
  })
  return {
    get store() {
      return opened(store)
    },
    get smtp() {
      return opened(smtp)
    },
    deliver: () => deliverAll(opened(store).services.mail, opened(smtp)),
  }
}

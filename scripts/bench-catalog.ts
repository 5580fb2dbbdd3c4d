// `npm run bench:catalog`: how the collection, search and suggestions answer as the
// catalog grows. For each size (BENCH_SIZES, default 1000,10000,100000) it seeds a
// fresh store with generated products (npm run db:seed -- --products N), starts the
// built store on it and times each request one at a time, on SQLite and, when
// TEST_DATABASE_URL is set, on a PostgreSQL database it creates and drops.
// Pages are asked as a signed-in shopper, whose pages are always rendered (a guest's
// repeated page comes from the page cache, server/page-cache.ts, and is timed beside
// them). Each store has ten generated reviews a product (BENCH_REVIEWS_PER_PRODUCT), for
// "4 stars and up", "Top rated" and the page of the product with the most reviews, whose
// times are read against a run with BENCH_REVIEWS_PER_PRODUCT=0 (issue: within 1.2 times). Loopback only; results also go to bench-results/bench-catalog.json.
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { ensureBuilt } from '#server/pages.ts'
import { filtersToSearch, parseFilters } from '#contracts/catalog-filters.ts'
import { seedProducts, startBenchServer } from './bench-server.ts'
import { printTable, type DatabaseResult, type SizeResult, type Timing } from './bench-catalog-report.ts'

const root = path.resolve(import.meta.dirname, '..')
const sizes = parseSizes(process.env.BENCH_SIZES ?? '1000,10000,100000')
// 200 requests: the p95 rests on the slowest 10, not on 2 or 3 outliers.
const samples = Number(process.env.BENCH_SAMPLES ?? 200)
const warmUp = 5
const testDatabaseUrl = process.env.TEST_DATABASE_URL
const reviewsPerProduct = Number(process.env.BENCH_REVIEWS_PER_PRODUCT ?? 10)

/** What a shopper and an API client ask most; `api` is the same view as JSON, for its match count. */
const targets = [
  { name: 'collection', path: '/collection', api: '' },
  {
    name: 'filtered',
    path: '/collection?category=Men&subCategory=TopWear&size=M&minPrice=1000&maxPrice=5000',
    api: 'category=Men&subCategory=TopWear&size=M&minPrice=1000&maxPrice=5000',
  },
  { name: 'searched', path: '/collection?q=jeans', api: 'q=jeans' },
  { name: 'two words', path: '/collection?q=blue%20shirt', api: 'q=blue%20shirt' },
  { name: 'page 40', path: '/collection?page=40', api: 'page=40' },
  { name: 'api/products', path: '/api/products?category=Women&sort=low-high', api: 'category=Women&sort=low-high' },
  { name: '4 stars and up', path: '/collection?rated=1', api: 'rated=1' },
  { name: 'top rated', path: '/collection?category=Men&sort=rating', api: 'category=Men&sort=rating' },
  // The page of the product with the most reviews (with none seeded, the first product).
  { name: 'product page', path: '/productdetail/:reviewed', api: null },
  { name: 'suggestions', path: '/api/product/suggest?q=kur', api: null },
  { name: 'suggest 2 words', path: '/api/product/suggest?q=blue%20sh', api: null },
] as const
type TargetName = (typeof targets)[number]['name']

/**
 * Views nobody has asked for yet, each asked once: the first view's time is its counts
 * and its page read afresh. `salt` (a different one for each database and size) moves
 * the price bounds, so no cache of any run has seen the view.
 */
const firstViews = [
  {
    name: 'narrowed, by price',
    query: (salt: number) =>
      `category=Women&subCategory=BottomWear&size=L&minPrice=${1500 + salt}&maxPrice=4000&sort=low-high`,
  },
  {
    name: 'kids winter, high-low',
    query: (salt: number) =>
      `category=Kids&subCategory=WinterWear&size=8-9Y&minPrice=${2000 + salt}&maxPrice=9000&sort=high-low`,
  },
  { name: 'rarest size', query: (salt: number) => `size=2-3Y&minPrice=${500 + salt}` },
  { name: 'size, high-low', query: () => 'size=XXL&sort=high-low' },
  { name: 'on sale + category', query: () => 'category=Kids&sale=1' },
  { name: '4 stars + size, by price', query: (salt: number) => `rated=1&size=M&minPrice=${800 + salt}&sort=low-high` },
  { name: 'two categories', query: () => 'category=Men&category=Kids&subCategory=BottomWear' },
] as const

/** The targets at 100,000 products this bench is read against. */
const limits = { pageP95Ms: 50, suggestP95Ms: 30, htmlKB: 150, rssMiB: 350 }

ensureBuilt((m) => console.log(m))
const results: DatabaseResult[] = []
const kinds: DatabaseResult['database'][] = testDatabaseUrl ? ['SQLite', 'PostgreSQL'] : ['SQLite']
if (!testDatabaseUrl) console.log('TEST_DATABASE_URL is not set: SQLite only.')

for (const [d, database] of kinds.entries()) {
  const result: DatabaseResult = { database, sizes: [] }
  results.push(result)
  for (const [n, products] of sizes.entries()) {
    console.log(`${database}, ${products.toLocaleString('en-US')} products: seeding…`)
    result.sizes.push(await measureSize(database, products, 10 * (d * sizes.length + n + 1)))
  }
  printTable(result, { targets, samples, warmUp, limits })
}
writeResults()

async function measureSize(database: DatabaseResult['database'], products: number, salt: number): Promise<SizeResult> {
  const store = await freshStore(database, products)
  try {
    const seedSeconds = await seedProducts(store.env, products, products * reviewsPerProduct)
    await store.settle()
    // Without the line (docs/decisions/030): on a busy machine the product list's wait
    // would count as lag and send the next request to it.
    const server = await startBenchServer(await freePort(), {
      ...store.env,
      SEED_DEMO: '0',
      ADMIT_MAX_IN_FLIGHT: '0',
      ADMIT_MAX_LAG_MS: '0',
    })
    try {
      const shopper = { cookie: await signIn(server.base) }
      const reviewed = await mostReviewed(server.base)
      const timings = {} as Record<TargetName, Timing>
      for (const t of targets) {
        const path = t.path.replace(':reviewed', encodeURIComponent(reviewed))
        // A signed-in shopper's page is rendered every time; the guest's, after its first, is kept.
        timings[t.name] = await time(server.base, path, shopper)
        if (t.path.startsWith('/collection')) timings[t.name].guest = await time(server.base, path, {})
        timings[t.name].matches = t.path.startsWith('/productdetail/') ? null : await matchesOf(server.base, t)
      }
      const firstViewTimes = []
      for (const v of firstViews) {
        const search = filtersToSearch(parseFilters(new URLSearchParams(v.query(salt)))).toString()
        // The whole collection first, whose counts a store with shoppers always has kept.
        await get(server.base, '/collection', shopper)
        const started = performance.now()
        await get(server.base, `/collection?${search}`, shopper)
        const ms = performance.now() - started
        const matches = await matchesOf(server.base, { api: search })
        firstViewTimes.push({ name: v.name, path: `/collection?${search}`, ms, matches: matches ?? 0 })
      }
      const rssAfterRunMiB = server.memory().rssMiB
      const list = await timeList(server.base)
      const memory = server.memory()
      return {
        products,
        seedSeconds,
        timings,
        firstViews: firstViewTimes,
        rssAfterRunMiB,
        list: { ...list, rssAfterMiB: memory.rssMiB, peakMiB: memory.peakMiB },
      }
    } finally {
      await server.stop()
    }
  } finally {
    await store.drop()
  }
}

/** An empty store: a new SQLite folder, or a new PostgreSQL database beside TEST_DATABASE_URL's. */
async function freshStore(database: DatabaseResult['database'], products: number) {
  if (database === 'SQLite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kapra-bench-catalog-'))
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      settle: () => Promise.resolve(),
      drop: () => Promise.resolve(fs.rmSync(dataDir, { recursive: true, force: true })),
    }
  }
  const admin = testDatabaseUrl!
  const name = `kapra_bench_${products}_${process.pid}`
  await onDatabase(admin, `create database "${name}"`)
  const url = new URL(admin)
  url.pathname = `/${name}`
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kapra-bench-catalog-'))
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    /**
     * The seed writes about a gigabyte of WAL at 100,000 products, and PostgreSQL flushes it in
     * checkpoints back to back for a minute or more: the first views were timed during them
     * (123 ms where a quiet database answers 10–20). A checkpoint now, before any timing, flushes
     * it at once; a role not allowed one is told and the run goes on.
     */
    async settle() {
      try {
        await onDatabase(url.toString(), 'checkpoint')
      } catch (err) {
        console.log(`  (no checkpoint after the seed: ${err instanceof Error ? err.message : String(err)})`)
      }
    },
    async drop() {
      fs.rmSync(dataDir, { recursive: true, force: true })
      await onDatabase(admin, `drop database if exists "${name}" with (force)`)
    },
  }
}

async function onDatabase(connectionString: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** A shopper registered and signed in through the API: the session cookie to send. */
async function signIn(base: string): Promise<string> {
  const account = { name: 'Bench', email: `bench-catalog${Date.now()}@example.com`, password: 'bench password 123' }
  const post = async (p: string, body: unknown) => {
    const res = await fetch(base + p, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`POST ${p}: ${res.status} ${await res.text()}`)
    return res
  }
  await post('/api/auth/registration', account)
  const login = await post('/api/auth/login', { email: account.email, password: account.password })
  const cookie = login.headers.get('set-cookie')?.split(';')[0]
  if (!cookie) throw new Error('POST /api/auth/login: no session cookie')
  return cookie
}

/** One request read to its end; `cookie` (a session's) or none (a guest). */
async function get(base: string, target: string, who: { cookie?: string }) {
  const res = await fetch(base + target, { headers: who.cookie ? { cookie: who.cookie } : {}, redirect: 'manual' })
  const body = await res.arrayBuffer()
  if (!res.ok) throw new Error(`GET ${target}: ${res.status}`)
  return body
}

/** The product with the most reviews among the top rated (any product when none has reviews). */
async function mostReviewed(base: string): Promise<string> {
  const body = (await (await fetch(`${base}/api/products?sort=rating&limit=24`)).json()) as {
    items: { _id: string; rating?: { count: number } }[]
  }
  const [first] = body.items.toSorted((a, b) => (b.rating?.count ?? 0) - (a.rating?.count ?? 0))
  if (!first) throw new Error('No product to open')
  return first._id
}

/** Sequential requests, one at a time: latency without queueing. */
async function time(base: string, target: string, who: { cookie?: string }): Promise<Timing> {
  const times: number[] = []
  let bytes = 0
  let gzipBytes: number | null = null
  for (let i = 0; i < warmUp + samples; i++) {
    const started = performance.now()
    const body = await get(base, target, who)
    const ms = performance.now() - started
    times.push(ms)
    bytes = body.byteLength
    if (i === 0) gzipBytes = await compressedSize(base, target)
  }
  const measured = times.slice(warmUp).sort((a, b) => a - b)
  return {
    medianMs: percentile(measured, 0.5),
    p95Ms: percentile(measured, 0.95),
    firstMs: times[0]!,
    bytes,
    gzipBytes,
    matches: null,
  }
}

/** What the response weighs on the wire when the client accepts gzip (not timed). */
async function compressedSize(base: string, target: string): Promise<number | null> {
  // fetch decodes bodies; node:http does not, so it sees the bytes as sent.
  const { request } = await import('node:http')
  return new Promise((resolve, reject) => {
    const req = request(base + target, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      if (res.headers['content-encoding'] !== 'gzip') {
        res.resume()
        resolve(null)
        return
      }
      let n = 0
      res.on('data', (chunk: Buffer) => (n += chunk.length))
      res.on('end', () => resolve(n))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

async function matchesOf(base: string, t: { path?: string; api: string | null }): Promise<number | null> {
  if (t.api === null) {
    if (!t.path) return null
    const body = (await (await fetch(base + t.path)).json()) as { items: unknown[] }
    return body.items.length
  }
  const body = (await (await fetch(`${base}/api/products?${t.api}${t.api ? '&' : ''}limit=1`)).json()) as {
    total: number
  }
  return body.total
}

/**
 * The whole list (docs/spec/store-spec.md §8) twice, read as it arrives, never held:
 * the first request has it written (once per catalog change), the second is served.
 */
async function timeList(base: string): Promise<{ bytes: number; seconds: number; servedSeconds: number }> {
  const once = async () => {
    const started = performance.now()
    const res = await fetch(`${base}/api/product/list`)
    if (!res.ok || !res.body) throw new Error(`GET /api/product/list: ${res.status}`)
    let bytes = 0
    for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength
    return { bytes, seconds: (performance.now() - started) / 1000 }
  }
  const first = await once()
  const again = await once()
  return { ...first, servedSeconds: again.seconds }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

function writeResults(): void {
  const out = path.join(root, 'bench-results')
  fs.mkdirSync(out, { recursive: true })
  fs.writeFileSync(
    path.join(out, 'bench-catalog.json'),
    JSON.stringify({ at: new Date().toISOString(), samples, warmUp, limits, results }, null, 2),
  )
  console.log(`\n(sequential requests on loopback, ${new Date().toISOString()}; bench-results/bench-catalog.json)`)
}

function parseSizes(value: string): number[] {
  const list = value.split(',').map((s) => Number(s.trim().replace(/_/g, '')))
  if (list.length === 0 || list.some((n) => !Number.isInteger(n) || n < 1 || n > 1_000_000)) {
    console.error(`BENCH_SIZES must be whole numbers from 1 to 1,000,000, separated by commas: '${value}'`)
    process.exit(1)
  }
  return list
}

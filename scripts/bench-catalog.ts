// `npm run bench:catalog`: how the collection, search and suggestions answer as the
// catalog grows. For each size (BENCH_SIZES, default 1000,10000,100000) it seeds a
// fresh store with generated products (npm run db:seed -- --products N), starts the
// built store on it and times each request one at a time, on SQLite and, when
// TEST_DATABASE_URL is set, on a PostgreSQL database it creates and drops.
// Loopback only; results also go to bench-results/bench-catalog.json.
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { ensureBuilt } from '#server/pages.ts'
import { seedProducts, startBenchServer } from './bench-server.ts'

const root = path.resolve(import.meta.dirname, '..')
const sizes = parseSizes(process.env.BENCH_SIZES ?? '1000,10000,100000')
// 200 requests: the p95 rests on the slowest 10, not on 2 or 3 outliers.
const samples = Number(process.env.BENCH_SAMPLES ?? 200)
const warmUp = 5
const testDatabaseUrl = process.env.TEST_DATABASE_URL

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
  { name: 'suggestions', path: '/api/product/suggest?q=kur', api: null },
  { name: 'suggest 2 words', path: '/api/product/suggest?q=blue%20sh', api: null },
] as const
type TargetName = (typeof targets)[number]['name']

/** The targets at 100,000 products this bench is read against. */
const limits = { pageP95Ms: 50, suggestP95Ms: 30, htmlKB: 150, rssMiB: 350 }

interface Timing {
  medianMs: number
  p95Ms: number
  /** The first request, before the store's short-lived counts and words are kept. */
  firstMs: number
  bytes: number
  gzipBytes: number | null
  /** Products matching the view (the JSON API's total), or the suggestions' count. */
  matches: number | null
}
interface SizeResult {
  products: number
  seedSeconds: number
  timings: Record<TargetName, Timing>
  rssAfterRunMiB: number
  list: { bytes: number; seconds: number; servedSeconds: number; rssAfterMiB: number; peakMiB: number }
}
interface DatabaseResult {
  database: 'SQLite' | 'PostgreSQL'
  sizes: SizeResult[]
}

ensureBuilt((m) => console.log(m))
const results: DatabaseResult[] = []
const kinds: DatabaseResult['database'][] = testDatabaseUrl ? ['SQLite', 'PostgreSQL'] : ['SQLite']
if (!testDatabaseUrl) console.log('TEST_DATABASE_URL is not set: SQLite only.')

for (const database of kinds) {
  const result: DatabaseResult = { database, sizes: [] }
  results.push(result)
  for (const products of sizes) {
    console.log(`${database}, ${products.toLocaleString('en-US')} products: seeding…`)
    result.sizes.push(await measureSize(database, products))
  }
  printTable(result)
}
writeResults()

async function measureSize(database: DatabaseResult['database'], products: number): Promise<SizeResult> {
  const store = await freshStore(database, products)
  try {
    const seedSeconds = await seedProducts(store.env, products)
    const server = await startBenchServer(await freePort(), { ...store.env, SEED_DEMO: '0' })
    try {
      const timings = {} as Record<TargetName, Timing>
      for (const t of targets) {
        timings[t.name] = await time(server.base, t.path)
        timings[t.name].matches = await matchesOf(server.base, t)
      }
      const rssAfterRunMiB = server.memory().rssMiB
      const list = await timeList(server.base)
      const memory = server.memory()
      return {
        products,
        seedSeconds,
        timings,
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

/** Sequential requests, one at a time: latency without queueing. */
async function time(base: string, target: string): Promise<Timing> {
  const times: number[] = []
  let bytes = 0
  let gzipBytes: number | null = null
  for (let i = 0; i < warmUp + samples; i++) {
    const started = performance.now()
    const res = await fetch(base + target)
    const body = await res.arrayBuffer()
    const ms = performance.now() - started
    if (!res.ok) throw new Error(`GET ${target}: ${res.status}`)
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

async function matchesOf(base: string, t: (typeof targets)[number]): Promise<number | null> {
  if (t.api === null) {
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

// ---- output -------------------------------------------------------------------------

function printTable(result: DatabaseResult): void {
  const header = ['products', 'seed', ...targets.map((t) => t.name), 'RSS after', 'product list', 'RSS after list']
  const rows = result.sizes.map((s) => [
    s.products.toLocaleString('en-US'),
    `${s.seedSeconds.toFixed(1)} s`,
    ...targets.map((t) => {
      const x = s.timings[t.name]
      return `${ms(x.medianMs)} / ${ms(x.p95Ms)} · ${kb(x.bytes)}`
    }),
    `${s.rssAfterRunMiB} MiB`,
    `${mb(s.list.bytes)} MB: written ${s.list.seconds.toFixed(1)} s, again ${s.list.servedSeconds.toFixed(1)} s`,
    `${s.list.rssAfterMiB} MiB (peak ${s.list.peakMiB})`,
  ])
  console.log(
    `\n${result.database}: median / p95 ms · body KB (${samples} requests each after ${warmUp} warm-up); ` +
      'seed: npm run db:seed -- --products N; product list: GET /api/product/list twice (written, then served)',
  )
  printColumns([header, ...rows])

  console.log('\nfirst request ms (before the counts and search words are kept) · matches · gzip KB')
  printColumns([
    ['products', ...targets.map((t) => t.name)],
    ...result.sizes.map((s) => [
      s.products.toLocaleString('en-US'),
      ...targets.map((t) => {
        const x = s.timings[t.name]
        const gz = x.gzipBytes === null ? '' : ` · ${kb(x.gzipBytes)} gz`
        return `${ms(x.firstMs)} · ${x.matches?.toLocaleString('en-US') ?? '?'}${gz}`
      }),
    ]),
  ])

  const smallest = result.sizes[0]
  const largest = result.sizes.at(-1)
  if (smallest && largest && largest !== smallest) {
    // A few milliseconds apart, the p95 still moves with the machine's noise;
    // the median says how the typical request grew.
    for (const stat of ['medianMs', 'p95Ms'] as const) {
      const ratios = targets.map((t) => {
        const base = smallest.timings[t.name][stat]
        return `${t.name} ${base > 0 ? `×${(largest.timings[t.name][stat] / base).toFixed(1)}` : '–'}`
      })
      const label = stat === 'p95Ms' ? 'p95' : 'median'
      console.log(
        `${label} at ${largest.products.toLocaleString('en-US')} vs ${smallest.products.toLocaleString('en-US')}: ${ratios.join(', ')}`,
      )
    }
  }
  if (largest) console.log(verdicts(largest).join('\n'))
}

/** The targets, read at the largest size measured. */
function verdicts(s: SizeResult): string[] {
  const at = `at ${s.products.toLocaleString('en-US')}`
  const over: string[] = []
  for (const t of targets) {
    const x = s.timings[t.name]
    const limit = t.path.startsWith('/api/product/suggest') ? limits.suggestP95Ms : limits.pageP95Ms
    if (x.p95Ms > limit) over.push(`${t.name} p95 ${ms(x.p95Ms)} ms > ${limit} ms`)
    if (t.path.startsWith('/collection') && x.bytes > limits.htmlKB * 1024)
      over.push(`${t.name} HTML ${kb(x.bytes)} KB > ${limits.htmlKB} KB`)
  }
  if (s.rssAfterRunMiB > limits.rssMiB) over.push(`RSS after the run ${s.rssAfterRunMiB} MiB > ${limits.rssMiB} MiB`)
  if (s.list.rssAfterMiB > limits.rssMiB)
    over.push(`RSS after the product list ${s.list.rssAfterMiB} MiB > ${limits.rssMiB} MiB`)
  const rule = `(p95 ≤ ${limits.pageP95Ms} ms, suggestions ≤ ${limits.suggestP95Ms} ms, HTML ≤ ${limits.htmlKB} KB, RSS ≤ ${limits.rssMiB} MiB)`
  return over.length
    ? [`targets ${at} ${rule}: over:`, ...over.map((o) => `  - ${o}`)]
    : [`targets ${at} ${rule}: all met`]
}

function printColumns(rows: string[][]): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
  for (const [n, row] of rows.entries()) {
    console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '))
    if (n === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  }
}

function ms(v: number): string {
  return v < 10 ? v.toFixed(1) : Math.round(v).toString()
}
function kb(bytes: number): string {
  return (bytes / 1024).toFixed(1)
}
function mb(bytes: number): string {
  return (bytes / 1_000_000).toFixed(1)
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

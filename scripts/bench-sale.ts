// `npm run bench:sale`: a sale opening. A catalog of --products generated products, a
// sale on 50 of them with 10 pieces of each size, and --shoppers shoppers arriving over
// 10 seconds. Each opens the home page, the sale's collection and a product as a guest,
// then, signed in (their accounts made through the API before the clock starts), adds a
// size to the cart and places a cash-on-delivery order with an Idempotency-Key, obeying
// the line's 503 and Retry-After for up to 60 s. Prints each step's p50/p95/p99, orders a
// second, the answers by status, the line, pieces sold against stock, acknowledged orders
// found in the database and each instance's memory; also to bench-results/.
//
//   npm run bench:sale -- [--products 100000] [--shoppers 1000] [--cluster 3] [--quick]
//
// --quick: 1,000 products and 100 shoppers (CI). --cluster N: N instances behind nginx on
// PostgreSQL (DATABASE_URL or TEST_DATABASE_URL; a database of its own, dropped after)
// and Redis (REDIS_URL or TEST_REDIS_URL), as `npm run test:cluster` starts them.
// Exits 1 when an invariant breaks (a 5xx other than the line's 503, a size sold beyond
// its stock, an acknowledged order missing), never on a time.
import { spawn } from 'node:child_process'
import { randomBytes, randomInt } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { computeTotals } from '#contracts/pricing.ts'
import {
  buildOnce,
  committedOrders,
  freshPostgres,
  root,
  sleep,
  startInstance,
  startNginx,
  tempDir,
  type Instance,
  type Nginx,
} from '#scripts/fault-kit.ts'
import { seedProducts } from './bench-server.ts'
import { saleLedger } from './sale-ledger.ts'
import { reportSale, STEPS, type Step } from './sale-report.ts'
import { newStep, SaleShopper, type LineStats, type StepStats } from './sale-shopper.ts'

const SALE_PRODUCTS = 50
const PIECES = 10
const ARRIVAL_MS = 10_000
const PASSWORD = 'sale night password 1'

const options = parseOptions()
const started = performance.now()
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`

interface Store {
  front: string
  instances: Instance[]
  /** The settings every instance starts with (and the seed and admin scripts see). */
  env: Record<string, string>
  sqliteFile: string | undefined
  databaseUrl: string | undefined
  stop(): Promise<void>
}

interface SaleProduct {
  id: string
  price: number
  sizes: string[]
}

async function main(): Promise<boolean> {
  buildOnce()
  const store = await startStore()
  try {
    const products = await prepareSale(store)
    // A random second octet a run: a shared Redis keeps the limits' windows of an earlier run.
    const net = randomInt(16, 250)
    const shoppers = await signUp(store.front, net)
    console.log(`${shoppers.length} shoppers signed up (${elapsed()}); the sale opens now, arrivals over 10 s`)

    const steps = Object.fromEntries(STEPS.map((s) => [s, newStep()])) as Record<Step, StepStats>
    const line: LineStats = { answers: 0, failures: [], waits: [], gaveUp: 0 }
    const acked = new Set<string>()
    const ackTimes: number[] = []
    const peaks = new Map<string, number>()
    const sampling = setInterval(() => {
      for (const i of store.instances) peaks.set(i.name, Math.max(peaks.get(i.name) ?? 0, memoryOf(i).rssMiB))
    }, 250)
    // The kept pages' counts before the doors open: the run's are what it adds.
    const keptBefore = await Promise.all(store.instances.map(keptPagesOf))
    const since = Date.now()
    const clock = performance.now()
    await Promise.all(
      shoppers.map(async (shopper, n) => {
        await sleep((n * ARRIVAL_MS) / shoppers.length)
        shopper.arrive()
        const done = await shop(shopper, n, products, steps, line)
        if (done) {
          acked.add(done)
          ackTimes.push(performance.now() - clock)
        }
        if (shopper.waited > 0) line.waits.push(shopper.waited)
        shopper.close()
      }),
    )
    const runSeconds = (performance.now() - clock) / 1000
    clearInterval(sampling)

    const memory = await Promise.all(
      store.instances.map(async (i, n) => {
        const kept = await keptPagesOf(i)
        const before = keptBefore[n]!
        return {
          instance: i.name,
          ...memoryOf(i),
          peakDuringRunMiB: peaks.get(i.name),
          keptHits: kept.keptHits - before.keptHits,
          keptMisses: kept.keptMisses - before.keptMisses,
          keptDrops: kept.keptDrops - before.keptDrops,
          keptStockDrops: kept.keptStockDrops - before.keptStockDrops,
        }
      }),
    )
    const ledger = await saleLedger(
      { databaseUrl: store.databaseUrl, sqliteFile: store.sqliteFile },
      products.map((p) => p.id),
      since,
    )
    const committed = await committedOrders(store.databaseUrl, store.sqliteFile, since)
    return reportSale(
      { ...options, pieces: PIECES, elapsed },
      { steps, line, acked, ackTimes, runSeconds, memory, ledger, committed },
    )
  } finally {
    await store.stop()
  }
}

/** One shopper's visit; the id of the order they were told of, if any. */
async function shop(
  shopper: SaleShopper,
  n: number,
  products: SaleProduct[],
  steps: Record<Step, StepStats>,
  line: LineStats,
): Promise<string | undefined> {
  // One in four browses in Urdu. One in five wants the sale's poster piece (the first
  // product, its middle size), so its last pieces are fought over even in the quick run;
  // the others favour the first products.
  const lang = n % 4 === 3 ? '/ur' : ''
  const poster = n % 5 === 0
  const product = poster ? products[0]! : products[Math.floor(products.length * Math.random() ** 2)]!
  const size = poster
    ? product.sizes[Math.floor(product.sizes.length / 2)]!
    : product.sizes[randomInt(product.sizes.length)]!
  const page = (step: Step, pathname: string) => shopper.step(steps[step], line, step, 'GET', pathname)
  if ((await page('home', lang || '/'))?.status !== 200) return undefined
  if ((await page('collection', `${lang}/collection?sale=1`))?.status !== 200) return undefined
  if ((await page('product', `${lang}/productdetail/${product.id}`))?.status !== 200) return undefined
  shopper.signedIn()
  const cart = await shopper.step(steps.cart, line, 'cart', 'POST', '/api/cart/add', {
    itemId: product.id,
    size,
  })
  if (cart?.status !== 200) return undefined
  const amount = computeTotals([{ productId: product.id, quantity: 1 }], () => product.price).total
  const order = await shopper.step(
    steps.order,
    line,
    'order',
    'POST',
    '/api/order/placeorder',
    {
      address: {
        firstName: 'Sale',
        lastName: `Shopper ${n}`,
        email: shopper.email,
        street: `${n + 1} Tariq Road`,
        city: 'Karachi',
        state: 'Sindh',
        pinCode: '75400',
        country: 'Pakistan',
        // A number of their own: the store limits orders awaiting confirmation a number.
        phone: `0345${String(n).padStart(7, '0')}`,
      },
      items: [{ _id: product.id, size, quantity: 1 }],
      amount,
      ...(lang ? { language: 'ur' } : {}),
    },
    { 'idempotency-key': crypto.randomUUID() },
  )
  if (order?.status !== 201 && order?.status !== 200) return undefined
  return (JSON.parse(order.text) as { order: { _id: string } }).order._id
}

/** The shoppers' accounts, through the API, each from its own address; a few at a time. */
async function signUp(front: string, net: number): Promise<SaleShopper[]> {
  const base = new URL(front)
  const tag = randomBytes(4).toString('hex')
  const shoppers = Array.from(
    { length: options.shoppers },
    (_, n) =>
      new SaleShopper(base, `127.${net}.${Math.floor(n / 250)}.${(n % 250) + 1}`, `sale-${tag}-${n}@example.com`),
  )
  let next = 0
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < shoppers.length) await shoppers[next++]!.signUp(PASSWORD)
    }),
  )
  return shoppers
}

/**
 * The store: seeded with --products generated products, an admin made with the admin
 * script, started as `npm start` starts it (one process on SQLite) or as --cluster
 * instances behind nginx on PostgreSQL and Redis, with TRUST_PROXY=1 as the README says.
 */
async function startStore(): Promise<Store> {
  const dir = tempDir('kapra-sale-')
  const running: Instance[] = []
  let nginx: Nginx | undefined
  let database: Awaited<ReturnType<typeof freshPostgres>> | undefined
  const stop = async () => {
    nginx?.stop()
    for (const i of running) i.kill('SIGTERM')
    await Promise.all(running.map((i) => Promise.race([i.exited, sleep(12_000)])))
    await database?.drop().catch((err: unknown) => console.error('could not drop the bench database:', err))
    fs.rmSync(dir, { recursive: true, force: true })
  }
  try {
    // The store's default log level (README, Configuration), not the fault kit's quieter one.
    let env: Record<string, string> = {
      DATA_DIR: dir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED_DEMO: '0',
      LOG_LEVEL: 'info',
    }
    if (options.cluster > 0) {
      const server = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL
      const redis = process.env.REDIS_URL ?? process.env.TEST_REDIS_URL
      if (!server?.startsWith('postgres') || !redis) {
        throw new Error(
          '--cluster runs on PostgreSQL and Redis: set DATABASE_URL (or TEST_DATABASE_URL) and REDIS_URL (or TEST_REDIS_URL).',
        )
      }
      database = await freshPostgres(server)
      // nginx appends the address it saw: one trusted hop.
      env = { ...env, DATABASE_URL: database.url, REDIS_URL: redis, TRUST_PROXY: '1' }
    }
    console.log(`Seeding ${options.products.toLocaleString('en-US')} products…`)
    await seedProducts(env, options.products)
    await createAdmin(env)
    const count = Math.max(1, options.cluster)
    running.push(await startInstance('instance 1', env))
    for (let i = 2; i <= count; i++) running.push(await startInstance(`instance ${i}`, env))
    if (options.cluster > 0) nginx = await startNginx(dir, running)
    return {
      front: nginx?.url ?? running[0]!.url,
      instances: running,
      env,
      sqliteFile: options.cluster > 0 ? undefined : path.join(dir, 'kapra.sqlite'),
      databaseUrl: database?.url,
      stop,
    }
  } catch (err) {
    await stop()
    throw err
  }
}

const admin = {
  email: `sale-admin-${randomBytes(4).toString('hex')}@example.com`,
  password: 'sale night admin password 1',
}

/** `npm run admin -- create`, as the owner makes an admin. */
async function createAdmin(env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    [path.join(root, 'scripts/admin.ts'), 'create', '--email', admin.email, '--name', 'Sale Admin'],
    {
      cwd: root,
      env: { ...process.env, ...env, ADMIN_PASSWORD: admin.password },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  child.stdout.resume()
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`npm run admin -- create failed (exit ${code})`)
}

/** Through the console API: 10 pieces of each size of 50 products, and a sale on them. */
async function prepareSale(store: Store): Promise<SaleProduct[]> {
  const owner = new SaleShopper(new URL(store.front), '127.15.0.1', admin.email)
  const call = async (method: string, pathname: string, body?: unknown, ok = [200, 201]) => {
    const res = await owner.send(method, pathname, body)
    if (!ok.includes(res.status)) throw new Error(`${method} ${pathname}: ${res.status} ${res.text}`)
    return JSON.parse(res.text) as Record<string, unknown>
  }
  await call('POST', '/api/auth/login', { email: admin.email, password: admin.password })
  const page = (await call('GET', `/api/products?limit=${SALE_PRODUCTS}`)) as { items: { _id: string }[] }
  const ids = page.items.map((p) => p._id)
  let next = 0
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < ids.length) {
        const id = ids[next++]!
        const product = (await call('GET', `/api/admin/products/${id}`)) as { sizes: { size: string; stock: number }[] }
        for (const s of product.sizes) {
          await call('POST', `/api/admin/products/${id}/stock`, { size: s.size, stock: PIECES, opened: s.stock })
        }
      }
    }),
  )
  const now = Date.now()
  await call('POST', '/api/admin/sales', {
    name: 'Sale night',
    percentOff: 40,
    productIds: ids,
    startsAt: new Date(now - 1000).toISOString(),
    endsAt: new Date(now + 24 * 3600_000).toISOString(),
  })
  owner.close()
  const products: SaleProduct[] = []
  for (const id of ids) {
    const p = (await (await fetch(`${store.front}/api/product/${id}`)).json()) as {
      price: number
      compareAtPrice: number | null
      sizes: string[]
    }
    if (p.compareAtPrice === null) throw new Error(`product ${id} is not on sale after the sale was saved`)
    products.push({ id, price: p.price, sizes: p.sizes })
  }
  console.log(`A sale on ${products.length} products, ${PIECES} pieces a size (${elapsed()})`)
  return products
}

/** How the instance's kept pages answered, from its /metrics (reachable from loopback); NaN when unread. */
async function keptPagesOf(
  i: Instance,
): Promise<{ keptHits: number; keptMisses: number; keptDrops: number; keptStockDrops: number }> {
  try {
    const text = await (await fetch(`${i.url}/metrics`)).text()
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN)
    return {
      keptHits: value('kapra_page_cache_answers_total\\{answer="hit"\\}'),
      keptMisses: value('kapra_page_cache_answers_total\\{answer="miss"\\}'),
      keptDrops: value('kapra_page_cache_clears_total'),
      keptStockDrops: value('kapra_page_cache_stock_drops_total'),
    }
  } catch {
    return { keptHits: NaN, keptMisses: NaN, keptDrops: NaN, keptStockDrops: NaN }
  }
}

function memoryOf(i: Instance) {
  try {
    const status = fs.readFileSync(`/proc/${i.child.pid}/status`, 'utf8')
    const kb = (key: string) => Number(/(\d+) kB/.exec(status.split('\n').find((l) => l.startsWith(key)) ?? '')?.[1])
    return { rssMiB: Math.round(kb('VmRSS:') / 1024), peakMiB: Math.round(kb('VmHWM:') / 1024) }
  } catch {
    return { rssMiB: NaN, peakMiB: NaN }
  }
}

function parseOptions() {
  const usage = 'Usage: npm run bench:sale -- [--products N] [--shoppers N] [--cluster N] [--quick]'
  try {
    const { values } = parseArgs({
      options: {
        products: { type: 'string' },
        shoppers: { type: 'string' },
        cluster: { type: 'string' },
        quick: { type: 'boolean', default: false },
      },
      strict: true,
    })
    const whole = (name: string, v: string | undefined, fallback: number, min: number, max: number) => {
      if (v === undefined) return fallback
      const n = Number(v.replace(/[_,]/g, ''))
      if (!Number.isInteger(n) || n < min || n > max)
        throw new Error(`--${name} must be a whole number from ${min} to ${max}, not '${v}'`)
      return n
    }
    return {
      products: whole('products', values.products, values.quick ? 1000 : 100_000, SALE_PRODUCTS, 1_000_000),
      shoppers: whole('shoppers', values.shoppers, values.quick ? 100 : 1000, 1, 60_000),
      cluster: whole('cluster', values.cluster, 0, 1, 16),
    }
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\n${usage}`)
    process.exit(2)
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err: unknown) => {
    console.error(err)
    process.exit(1)
  },
)

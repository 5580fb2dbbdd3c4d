// `npm run bench`: throughput, latency and memory of the built store on this machine.
// Loopback only, bounded in time (about a minute). Results also go to bench-results/.
import fs from 'node:fs'
import path from 'node:path'
import autocannon from 'autocannon'
import { ensureBuilt } from '#server/pages.ts'
import { startBenchServer } from './bench-server.ts'

const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20)

ensureBuilt((m) => console.log(m))
const server = await startBenchServer(3900)
const { base } = server

interface Row {
  name: string
  'req/s': number
  'p50 ms': number
  'p99 ms': number
  errors: number
}
const rows: Row[] = []

try {
  // A signed-in shopper with something in the cart.
  const account = { name: 'Bench', email: `bench${Date.now()}@example.com`, password: 'bench password 123' }
  await post('/api/auth/registration', account)
  const login = await post('/api/auth/login', { email: account.email, password: account.password })
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!
  const products = (await (await fetch(`${base}/api/product/list`)).json()) as {
    _id: string
    sizes: string[]
    image1: string
  }[]
  const product = products[0]!
  await post('/api/cart/add', { itemId: product._id, size: product.sizes[0] }, cookie)

  const targets: { name: string; path: string; method?: 'GET' | 'POST'; headers?: Record<string, string> }[] = [
    { name: 'GET /api/product/list', path: '/api/product/list' },
    { name: 'GET / (home, SSR)', path: '/' },
    { name: 'GET /collection (filtered, SSR)', path: '/collection?category=Men&sort=low-high' },
    { name: 'GET /productdetail/:id (SSR)', path: `/productdetail/${product._id}` },
    { name: 'GET product image', path: product.image1 },
    { name: 'POST /api/cart/get (signed in)', path: '/api/cart/get', method: 'POST', headers: { cookie } },
    { name: 'GET /order (signed in, SSR)', path: '/order', headers: { cookie } },
  ]
  for (const t of targets) {
    const result = await autocannon({
      url: base + t.path,
      method: t.method ?? 'GET',
      headers: t.headers ?? {},
      connections,
      duration: seconds,
    })
    rows.push({
      name: t.name,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      errors: result.errors + result.non2xx,
    })
  }

  // Password checks are deliberately slow (argon2id, 19 MiB): measure one at a time.
  const times: number[] = []
  for (let i = 0; i < 10; i++) {
    const t0 = performance.now()
    await post('/api/auth/login', { email: account.email, password: account.password })
    times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  const memory = server.memory()

  console.table(rows)
  console.log(`login (argon2id verify), median of 10: ${Math.round(times[5]!)} ms`)
  console.log(`server memory after the run: RSS ${memory.rssMiB} MiB, peak ${memory.peakMiB} MiB`)
  console.log(`(${connections} connections, ${seconds} s per row, loopback, ${new Date().toISOString()})`)
  const out = path.resolve(import.meta.dirname, '..', 'bench-results')
  fs.mkdirSync(out, { recursive: true })
  fs.writeFileSync(
    path.join(out, 'bench.json'),
    JSON.stringify(
      { at: new Date().toISOString(), connections, seconds, rows, loginMedianMs: Math.round(times[5]!), memory },
      null,
      2,
    ),
  )
} finally {
  await server.stop()
}

async function post(p: string, body: unknown, cookie?: string) {
  const res = await fetch(base + p, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`)
  return res
}

// `npm run bench`: throughput, latency and memory of the built store on this machine.
// Loopback only, bounded in time (about a minute). Results also go to bench-results/.
//
//   npm run bench -- --against REF   this checkout beside another commit (a branch, a tag,
//                                    HEAD~5): REF is checked out into a temporary folder and
//                                    built there, both stores start as `npm start` starts
//                                    them, and each row is measured on both in turn, in one
//                                    run; both tables and their ratio are printed.
//   npm run bench -- --only TEXT     only the rows whose name holds TEXT ("signed in", "/cart");
//                                    with --against too
//   npm run bench -- --against REF --rounds N
//                                    each row N times on each store, the order alternating;
//                                    each figure is the median of its N (a noisy machine)
//   npm run bench -- --profile       the server runs with `node --cpu-prof`: its profile goes
//                                    to bench-results/, and where its time went (self time by
//                                    package and by function, while the rows ran) is
//                                    printed; with --only, of those rows alone.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { ensureBuilt } from '#server/pages.ts'
import { freePort } from '#scripts/fault-kit.ts'
import { startBenchServer, startStoreAsUser, type BenchServer } from './bench-server.ts'
import { monotonicMicros, summarize, type CpuProfile } from './cpu-profile.ts'
import { medianRow, type Row } from './bench-rows.ts'

const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20)
const root = path.resolve(import.meta.dirname, '..')
const out = path.join(root, 'bench-results')

interface Target {
  name: string
  path: string
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
}
interface Shopper {
  account: { name: string; email: string; password: string }
  targets: Target[]
}

const usage = 'Usage: npm run bench [-- --against REF [--rounds N] | --profile] [--only TEXT]'
let options: { against?: string; only?: string; profile?: boolean; rounds?: string }
try {
  options = parseArgs({
    options: {
      against: { type: 'string' },
      only: { type: 'string' },
      profile: { type: 'boolean' },
      rounds: { type: 'string' },
    },
    strict: true,
  }).values
} catch (err) {
  console.error(`${err instanceof Error ? err.message : String(err)}\n${usage}`)
  process.exit(2)
}
const rounds = Number(options.rounds ?? 1)
if (!Number.isInteger(rounds) || rounds < 1 || rounds > 20) {
  console.error(`--rounds takes a whole number from 1 to 20.\n${usage}`)
  process.exit(2)
}
if (options.against !== undefined && options.profile) {
  console.error(`--against runs both stores without a profile.\n${usage}`)
  process.exit(2)
}
if (options.against === undefined && options.rounds !== undefined) {
  console.error(`--rounds is for --against.\n${usage}`)
  process.exit(2)
}

ensureBuilt((m) => console.log(m))
if (options.against === undefined) await benchOne(options.only, options.profile === true)
else await benchAgainst(options.against, options.only, rounds)

async function benchOne(only: string | undefined, profile: boolean) {
  const profileDir = profile ? path.join(out, `profile-${Date.now()}`) : undefined
  /** When the rows ran: the profile is read for those times only, not the start or the sign-in. */
  const windows: [number, number][] = []
  const server = await startBenchServer(3900, {}, profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])
  try {
    const shopper = await prepare(server.base)
    const targets = shopper.targets.filter((t) => only === undefined || t.name.includes(only))
    if (targets.length === 0) throw new Error(`no row's name holds "${only}"`)
    const rows: Row[] = []
    for (const t of targets) {
      const from = monotonicMicros()
      rows.push(await measure(server, t))
      windows.push([from, monotonicMicros()])
    }
    const loginMedianMs = await loginMedian(server.base, shopper)
    const memory = server.memory()

    console.table(rows)
    console.log(`login (argon2id verify), median of 10: ${loginMedianMs} ms`)
    console.log(`server memory after the run: RSS ${memory.rssMiB} MiB, peak ${memory.peakMiB} MiB`)
    console.log(`(${connections} connections, ${seconds} s per row, loopback, ${new Date().toISOString()})`)
    write('bench.json', { at: new Date().toISOString(), connections, seconds, rows, loginMedianMs, memory })
  } finally {
    await server.stop()
  }
  if (profileDir) printProfile(profileDir, windows)
}

/** Where the server's time went, from the profile Node wrote as it stopped. */
function printProfile(dir: string, windows: [number, number][]) {
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))
  if (!file) throw new Error(`the server wrote no CPU profile into ${dir}`)
  const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CpuProfile
  const { byPlace, byFunction } = summarize(profile, root, 15, windows)
  console.log(`\nThe server's CPU profile: ${path.relative(root, path.join(dir, file))} (Chrome DevTools opens it)`)
  console.log('Self time while the rows ran, by package or folder:')
  console.table(byPlace.map((s) => ({ where: s.name, '%': s.percent })))
  console.log('Self time by function:')
  console.table(byFunction.map((s) => ({ function: s.name, '%': s.percent })))
}

async function benchAgainst(ref: string, only: string | undefined, rounds: number) {
  const sha = git(['rev-parse', '--verify', `${ref}^{commit}`]).trim()
  const head = git(['rev-parse', 'HEAD']).trim()
  const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'kapra-bench-against-'))
  const servers: { label: string; server: BenchServer }[] = []
  try {
    console.log(`Checking out ${ref} (${sha.slice(0, 10)}) into ${tree}…`)
    git(['worktree', 'add', '--detach', tree, sha])
    giveModules(tree, sha)
    console.log(`Building ${ref}…`)
    // Its own build command: what its `npm start` runs (React Router's alone, before decision 049).
    run('npm', ['run', 'build'], tree)

    // Each starts as `npm start` starts it in its own folder, on a fresh SQLite file.
    const label = { this: `this (${head.slice(0, 10)})`, ref: `${ref} (${sha.slice(0, 10)})` }
    servers.push({ label: label.this, server: await startStoreAsUser(root, await freePort()) })
    servers.push({ label: label.ref, server: await startStoreAsUser(tree, await freePort()) })
    const [mine, theirs] = servers as [(typeof servers)[0], (typeof servers)[0]]
    const shoppers = [await prepare(mine.server.base), await prepare(theirs.server.base)]
    const picked = shoppers.map((s) => s.targets.filter((t) => only === undefined || t.name.includes(only)))
    if (picked[0]!.length === 0) throw new Error(`no row's name holds "${only}"`)
    const rows: [Row[], Row[]] = [[], []]
    // Row by row, each store in turn, the first to go alternating: a drift in the
    // machine's load over the run falls on both alike. With rounds, each figure is the
    // median of a row's rounds on that store.
    let turn = 0
    for (let i = 0; i < picked[0]!.length; i++) {
      const each: [Row[], Row[]] = [[], []]
      for (let r = 0; r < rounds; r++) {
        for (const s of turn++ % 2 === 0 ? [0, 1] : [1, 0]) {
          const target = picked[s]![i]!
          console.log(`${servers[s]!.label}: ${target.name}${rounds > 1 ? ` (round ${r + 1} of ${rounds})` : ''}`)
          each[s]!.push(await measure(servers[s]!.server, target))
        }
      }
      rows[0].push(medianRow(each[0]))
      rows[1].push(medianRow(each[1]))
    }
    const logins = [
      await loginMedian(mine.server.base, shoppers[0]!),
      await loginMedian(theirs.server.base, shoppers[1]!),
    ]
    const memory = servers.map((s) => s.server.memory())
    const ratio = (a: number, b: number) => (b === 0 ? null : Math.round((a / b) * 100) / 100)
    const ratios = rows[0].map((r, i) => {
      const o = rows[1][i]!
      return {
        name: r.name,
        'req/s ×': ratio(r['req/s'], o['req/s']),
        'p50 ×': ratio(r['p50 ms'], o['p50 ms']),
        'p99 ×': ratio(r['p99 ms'], o['p99 ms']),
        'CPU/req ×': ratio(r['CPU ms/req'], o['CPU ms/req']),
      }
    })

    for (const [s, { label: l }] of servers.entries()) {
      console.log(`\n${l}`)
      console.table(rows[s as 0 | 1])
      console.log(`login (argon2id verify), median of 10: ${logins[s]} ms`)
      console.log(`server memory after the run: RSS ${memory[s]!.rssMiB} MiB, peak ${memory[s]!.peakMiB} MiB`)
    }
    console.log(`\nthis / ${ref} (req/s: above 1 is faster; p50, p99 and CPU a request: below 1 is faster)`)
    console.table(ratios)
    console.log(
      `(${connections} connections, ${seconds} s per row per store${rounds > 1 ? `, the median of ${rounds} rounds` : ''}, loopback, ${new Date().toISOString()})`,
    )
    write('bench-against.json', {
      at: new Date().toISOString(),
      connections,
      seconds,
      rounds,
      this: { commit: head, rows: rows[0], loginMedianMs: logins[0], memory: memory[0] },
      against: { ref, commit: sha, rows: rows[1], loginMedianMs: logins[1], memory: memory[1] },
      ratios,
    })
  } finally {
    for (const s of servers) await s.server.stop()
    spawnSync('git', ['worktree', 'remove', '--force', tree], { cwd: root, stdio: 'ignore' })
    fs.rmSync(tree, { recursive: true, force: true })
    spawnSync('git', ['worktree', 'prune'], { cwd: root, stdio: 'ignore' })
  }
}

/** node_modules for the other checkout: this one's when the lock files agree, else its own `npm ci`. */
function giveModules(tree: string, sha: string) {
  const theirs = spawnSync('git', ['show', `${sha}:package-lock.json`], { cwd: root, encoding: 'utf8' }).stdout
  const ours = fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')
  if (theirs === ours) {
    fs.symlinkSync(fs.realpathSync(path.join(root, 'node_modules')), path.join(tree, 'node_modules'))
    return
  }
  console.log('Its package-lock.json differs from this one: npm ci there…')
  run('npm', ['ci', '--no-audit', '--no-fund'], tree)
}

/** A signed-in shopper with something in the cart, and the rows measured for that store. */
async function prepare(base: string): Promise<Shopper> {
  const account = { name: 'Bench', email: `bench${Date.now()}@example.com`, password: 'bench password 123' }
  await post(base, '/api/auth/registration', account)
  const login = await post(base, '/api/auth/login', { email: account.email, password: account.password })
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!
  const products = (await (await fetch(`${base}/api/product/list`)).json()) as {
    _id: string
    sizes: string[]
    image1: string
  }[]
  const product = products[0]!
  await post(base, '/api/cart/add', { itemId: product._id, size: product.sizes[0] }, cookie)
  return {
    account,
    targets: [
      { name: 'GET /api/product/list', path: '/api/product/list' },
      // A guest's pages (kept and answered from memory since docs/decisions/029)…
      { name: 'GET / (home, SSR)', path: '/' },
      { name: 'GET /collection (filtered, SSR)', path: '/collection?category=Men&sort=low-high' },
      { name: 'GET /productdetail/:id (SSR)', path: `/productdetail/${product._id}` },
      { name: 'GET product image', path: product.image1 },
      // …and a signed-in shopper's, drawn for them every time.
      {
        name: 'GET /collection (signed in, SSR)',
        path: '/collection?category=Men&sort=low-high',
        headers: { cookie },
      },
      { name: 'GET /productdetail/:id (signed in, SSR)', path: `/productdetail/${product._id}`, headers: { cookie } },
      { name: 'GET /cart (signed in, SSR)', path: '/cart', headers: { cookie } },
      { name: 'GET /placeorder (signed in, SSR)', path: '/placeorder', headers: { cookie } },
      { name: 'POST /api/cart/get (signed in)', path: '/api/cart/get', method: 'POST', headers: { cookie } },
      { name: 'GET /order (signed in, SSR)', path: '/order', headers: { cookie } },
    ],
  }
}

async function measure(server: BenchServer, t: Target): Promise<Row> {
  const cpuBefore = server.cpuMs()
  const result = await autocannon({
    url: server.base + t.path,
    method: t.method ?? 'GET',
    headers: t.headers ?? {},
    connections,
    duration: seconds,
  })
  return {
    name: t.name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'CPU ms/req': Math.round(((server.cpuMs() - cpuBefore) / Math.max(1, result.requests.total)) * 100) / 100,
    errors: result.errors + result.non2xx,
  }
}

/**
 * Password checks are deliberately slow (argon2id, 19 MiB): one at a time, the median of 10,
 * each timed from the attempt the store answered (a store just out of a loaded row may
 * still have its line open to newcomers; the wait in it is not the login's).
 */
async function loginMedian(base: string, { account }: Shopper): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < 10; i++) {
    const { ms } = await postAnswered(base, '/api/auth/login', { email: account.email, password: account.password })
    times.push(ms)
  }
  times.sort((a, b) => a - b)
  return Math.round(times[5]!)
}

async function post(base: string, p: string, body: unknown, cookie?: string) {
  return (await postAnswered(base, p, body, cookie)).res
}

/** A POST that waits in the store's line as a shopper would (its 503 and Retry-After, for a minute at most); the answer and how long it took. */
async function postAnswered(base: string, p: string, body: unknown, cookie?: string) {
  const giveUp = Date.now() + 60_000
  for (;;) {
    const t0 = performance.now()
    const res = await fetch(base + p, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    })
    const ms = performance.now() - t0
    if (res.status === 503 && res.headers.has('retry-after') && Date.now() < giveUp) {
      await res.body?.cancel()
      await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after')) * 1000 || 1000))
      continue
    }
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`)
    return { res, ms }
  }
}

function write(file: string, data: unknown) {
  fs.mkdirSync(out, { recursive: true })
  fs.writeFileSync(path.join(out, file), JSON.stringify(data, null, 2))
}

function git(args: string[]): string {
  const r = spawnSync('git', args, { cwd: root, encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr.trim()}`)
  return r.stdout
}

function run(command: string, args: string[], cwd: string) {
  const r = spawnSync(command, args, { cwd, stdio: 'inherit' })
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`)
}

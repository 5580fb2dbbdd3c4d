// What `npm run test:cluster` and `npm run test:faults` share: store processes started
// and killed, a fresh PostgreSQL database, shoppers that place orders with an
// Idempotency-Key and retry, and the table they print. Never a timing measurement.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { computeTotals } from '#contracts/pricing.ts'
import { ensureBuilt } from '#server/pages.ts'
import { serverEntry, serverEnv, serverFlags } from './bench-server.ts'

export const root = path.resolve(import.meta.dirname, '..')

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix))
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo
      s.close(() => resolve(port))
    })
  })
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The built storefront, once, before any instance starts (each would build it otherwise). */
export function buildOnce(): void {
  ensureBuilt((msg) => console.log(msg))
}

export interface Instance {
  name: string
  port: number
  url: string
  child: ChildProcess
  /** Resolves with the exit code or signal when the process ends. */
  exited: Promise<string>
  kill(signal?: NodeJS.Signals): void
}

/** One store process, started as `npm start` starts it, answered /healthz before this resolves. */
export async function startInstance(name: string, env: Record<string, string>, port?: number): Promise<Instance> {
  const p = port ?? (await freePort())
  const child = spawn(process.execPath, [...serverFlags, serverEntry], {
    cwd: root,
    env: { ...process.env, ...serverEnv, HOST: '127.0.0.1', PORT: String(p), LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr?.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4000)))
  const exited = new Promise<string>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? String(code))))
  const instance: Instance = {
    name,
    port: p,
    url: `http://127.0.0.1:${p}`,
    child,
    exited,
    kill: (signal = 'SIGTERM') => void child.kill(signal),
  }
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited at start:\n${stderr}`)
    try {
      if ((await fetch(`${instance.url}/healthz`)).ok) return instance
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`${name} did not answer /healthz within 60 s:\n${stderr}`)
    }
    await sleep(100)
  }
}

export interface Nginx {
  url: string
  stop(): void
}

/**
 * nginx in front of the instances, on a free loopback port, with the deploy/
 * configuration (its {{…}} places filled); answered /healthz before this resolves.
 */
export async function startNginx(dir: string, instances: Instance[]): Promise<Nginx> {
  const port = await freePort()
  const upstreams = instances.map((i) => `    server 127.0.0.1:${i.port} max_fails=1 fail_timeout=10s;`).join('\n')
  const conf = fs
    .readFileSync(path.join(root, 'deploy/nginx-cluster.conf'), 'utf8')
    .replaceAll('{{PREFIX}}', dir)
    .replaceAll('{{PORT}}', String(port))
    .replace('{{UPSTREAMS}}', upstreams)
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf)
  // nginx's workers (another user when it starts as root) keep guests' pages under the
  // folder (deploy/nginx-cluster.conf): they must be able to pass through it.
  fs.chmodSync(dir, 0o711)
  // nginx reads NGINX in its environment as sockets handed to it by an old master (its
  // binary upgrade): the variable that names its binary here is not passed on.
  const { NGINX: binary, ...env } = process.env
  const child = spawn(binary ?? 'nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  let failed: Error | undefined
  child.once('error', (err) => (failed = err))
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; ; i++) {
    if (failed) throw new Error(`nginx could not be started (${failed.message}): install it, or set NGINX to its path`)
    try {
      if ((await fetch(`${url}/healthz`)).ok) break
    } catch {
      // nginx is starting.
    }
    if (i > 100 || child.exitCode !== null) {
      child.kill('SIGQUIT')
      throw new Error('nginx did not start (see above)')
    }
    await sleep(100)
  }
  return { url, stop: () => void child.kill('SIGQUIT') }
}

/** A database of its own on the PostgreSQL server (never the server's other databases). */
export async function freshPostgres(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `kapra_faults_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const own = new URL(url)
  own.pathname = `/${name}`
  return {
    url: own.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}

/** A browser-less shopper: a cookie, JSON calls, one address for the limits. */
export class Shopper {
  cookie: string | undefined
  readonly base: string
  readonly address: string
  constructor(base: string, address?: string) {
    this.base = base
    this.address = address ?? `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
  }

  async call(method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}, base = this.base) {
    const res = await fetch(base + pathname, {
      method,
      headers: {
        'x-forwarded-for': this.address,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(15_000),
    })
    const set = res.headers.get('set-cookie')
    if (set) this.cookie = set.split(';')[0]
    const text = await res.text()
    let json: unknown
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    return { status: res.status, headers: res.headers, json: json as Record<string, unknown> | undefined }
  }

  async signUp(): Promise<{ email: string; password: string }> {
    const email = `shopper-${randomBytes(6).toString('hex')}@example.com`
    const password = 'faults-battery-1'
    for (let attempt = 0; ; attempt++) {
      try {
        const reg = await this.call('POST', '/api/auth/registration', { name: 'Fault Shopper', email, password })
        if (reg.status === 201 || reg.status === 409) {
          const login = await this.call('POST', '/api/auth/login', { email, password })
          if (login.status === 200) return { email, password }
        }
      } catch {
        // The instance died under us: the proxy or the next attempt reaches another.
      }
      if (attempt > 40) throw new Error('a shopper could not sign up')
      await sleep(100)
    }
  }
}

export interface CatalogLine {
  _id: string
  size: string
  price: number
}

/** A few products and sizes with stock, from the catalog API. */
export async function stockedLines(base: string, count = 12): Promise<CatalogLine[]> {
  const page = (await (await fetch(`${base}/api/products?limit=60`)).json()) as { items: { _id: string }[] }
  const lines: CatalogLine[] = []
  for (const item of page.items.slice(0, count)) {
    const p = (await (await fetch(`${base}/api/product/${item._id}`)).json()) as {
      price: number
      sizes: string[]
      stock: Record<string, number>
    }
    const size = p.sizes.find((s) => (p.stock[s] ?? 0) > 50) ?? p.sizes.find((s) => (p.stock[s] ?? 0) > 0)
    if (size) lines.push({ _id: item._id, size, price: p.price })
  }
  return lines
}

export interface OrderTally {
  /** Order ids the shoppers were told of (201). */
  acked: Set<string>
  /** Checkouts given up on after every retry. */
  gaveUp: number
  /** Answers that were a refusal the shopper could act on (sold out, prices changed). */
  refused: number
  /** Why, by message. */
  reasons: Map<string, number>
  /** Retries after a network error or a 5xx. */
  retries: number
  /** Retries answered with the first answer (Idempotent-Replayed). */
  replayed: number
}

export function newTally(): OrderTally {
  return { acked: new Set(), gaveUp: 0, refused: 0, reasons: new Map(), retries: 0, replayed: 0 }
}

/**
 * One checkout: a line in the cart, then placeorder with one Idempotency-Key, retried
 * with the same key after a network error or a 5xx until it is answered.
 */
export async function checkout(shopper: Shopper, line: CatalogLine, tally: OrderTally, bases?: () => string[]) {
  const pick = () => {
    const list = bases?.() ?? [shopper.base]
    return list[Math.floor(Math.random() * list.length)]!
  }
  const totals = computeTotals([{ productId: line._id, quantity: 1 }], () => line.price)
  const body = {
    address: {
      firstName: 'Fault',
      lastName: 'Shopper',
      email: 'fault@example.com',
      street: '1 Test Street',
      city: 'Karachi',
      state: 'Sindh',
      pinCode: '75600',
      country: 'Pakistan',
      phone: '03001234567',
    },
    items: [{ _id: line._id, size: line.size, quantity: 1 }],
    amount: totals.total,
  }
  const key = crypto.randomUUID()
  const refuse = (why: string) => {
    tally.refused++
    tally.reasons.set(why, (tally.reasons.get(why) ?? 0) + 1)
  }
  let carted = false
  for (let attempt = 0; attempt < 60; attempt++) {
    const base = pick()
    try {
      if (!carted) {
        // Exactly one piece in the cart, whatever a lost earlier answer did.
        const put = await shopper.call(
          'POST',
          '/api/cart/update',
          { itemId: line._id, size: line.size, quantity: 1 },
          {},
          base,
        )
        if (put.status >= 500) throw new Error(`cart ${put.status}`)
        if (put.status !== 200) return refuse(messageOf(put))
        carted = true
      }
      const res = await shopper.call('POST', '/api/order/placeorder', body, { 'idempotency-key': key }, base)
      if (res.status === 201) {
        tally.acked.add((res.json as { order: { _id: string } }).order._id)
        if (res.headers.get('idempotent-replayed') === 'true') tally.replayed++
        return
      }
      if (res.status >= 500) throw new Error(`placeorder ${res.status}`)
      // Refused (sold out, …): the line leaves the cart, so the next checkout starts clean.
      await shopper.call('POST', '/api/cart/update', { itemId: line._id, size: line.size, quantity: 0 }, {}, base)
      return refuse(messageOf(res))
    } catch {
      tally.retries++
      await sleep(100)
    }
  }
  tally.gaveUp++
}

function messageOf(res: { status: number; json: Record<string, unknown> | undefined }): string {
  const message = res.json?.message
  return typeof message === 'string' ? message : `status ${res.status}`
}

/** Order ids in the database since `since`. */
export async function committedOrders(databaseUrl: string | undefined, sqliteFile: string | undefined, since: number) {
  if (databaseUrl) {
    const c = new pg.Client({ connectionString: databaseUrl })
    await c.connect()
    const { rows } = await c.query<{ id: string }>('select id from orders where created_at >= $1', [since])
    await c.end()
    return new Set(rows.map((r) => r.id))
  }
  const { default: SQLite } = await import('better-sqlite3')
  const db = new SQLite(sqliteFile, { readonly: true })
  const rows = db.prepare('select id from orders where created_at >= ?').all(since) as { id: string }[]
  db.close()
  return new Set(rows.map((r) => r.id))
}

export interface Check {
  check: string
  ok: boolean
  detail: string
}

/** The table both scripts print; true when every check passed. */
export function printTable(title: string, checks: Check[]): boolean {
  const width = Math.max(...checks.map((c) => c.check.length), 5)
  console.log(`\n${title}\n`)
  console.log(`${'check'.padEnd(width)}  result  detail`)
  console.log(`${'-'.repeat(width)}  ------  ${'-'.repeat(40)}`)
  for (const c of checks) console.log(`${c.check.padEnd(width)}  ${(c.ok ? 'pass' : 'FAIL').padEnd(6)}  ${c.detail}`)
  const ok = checks.every((c) => c.ok)
  console.log(`\n${ok ? 'All checks passed.' : `${checks.filter((c) => !c.ok).length} check(s) failed.`}`)
  return ok
}

/**
 * Makes an account an admin directly in the database, keeping its session for the run. The
 * CLI's promote also wants a verified address and ends the account's sessions (docs/decisions/019).
 */
export async function promote(databaseUrl: string | undefined, sqliteFile: string | undefined, email: string) {
  if (databaseUrl) {
    const c = new pg.Client({ connectionString: databaseUrl })
    await c.connect()
    await c.query(`update users set role = 'admin' where email = $1`, [email])
    await c.end()
    return
  }
  const { default: SQLite } = await import('better-sqlite3')
  const db = new SQLite(sqliteFile)
  db.prepare(`update users set role = 'admin' where email = ?`).run(email)
  db.close()
}

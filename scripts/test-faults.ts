// `npm run test:faults`: the fault and attack battery (docs/decisions/013), rerun against the
// store as `npm start` runs it, on SQLite and (with DATABASE_URL or TEST_DATABASE_URL)
// PostgreSQL. Prints a table and exits 1 when a check fails.
//
//   npm run test:faults -- [--quick] [--rounds N] [--database sqlite|postgres]
//
// - kill -9 rounds: shoppers order (Idempotency-Key, retried) while the process is
//   killed and restarted; every acknowledged order must be in the database and every
//   committed order must have reached its shopper.
// - PostgreSQL out of reach (PostgreSQL only): the store talks to PostgreSQL through a
//   TCP proxy that is cut and restored; the shared server itself is never stopped.
// - a body over the limit, then the next request on a keep-alive connection;
//   60 simultaneous password guesses; slow clients trickling headers.
// `--quick` (CI) runs two short kill rounds a database, under 90 s in all.
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import path from 'node:path'
import { parseArgs } from 'node:util'
import {
  buildOnce,
  checkout,
  committedOrders,
  freePort,
  freshPostgres,
  newTally,
  printTable,
  Shopper,
  sleep,
  startInstance,
  stockedLines,
  tempDir,
  type Check,
  type Instance,
} from '#scripts/fault-kit.ts'
import { startTcpProxy, throughProxy, type TcpProxy } from '#tests/support/tcp-proxy.ts'

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    rounds: { type: 'string' },
    database: { type: 'string' },
  },
})
const quick = values.quick
const rounds = Number(values.rounds ?? (quick ? 2 : 5))
const shoppers = quick ? 6 : 12
const LOGIN_LIMIT = 10
const pgServer = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL
const kinds = (['sqlite', 'postgres'] as const).filter(
  (k) => (!values.database || values.database === k) && (k === 'sqlite' || pgServer?.startsWith('postgres')),
)

async function battery(kind: 'sqlite' | 'postgres'): Promise<Check[]> {
  const checks: Check[] = []
  const dir = tempDir(`kapra-faults-${kind}-`)
  let proxy: TcpProxy | undefined
  let database: Awaited<ReturnType<typeof freshPostgres>> | undefined
  let instance: Instance | undefined
  const label = (what: string) => `${kind}: ${what}`
  try {
    const env: Record<string, string> = {
      DATA_DIR: dir,
      TRUST_PROXY: '1',
      LOGIN_LIMIT_PER_ACCOUNT: String(LOGIN_LIMIT),
      LOGIN_LIMIT_PER_IP: '100000',
      REGISTRATION_LIMIT_PER_IP: '100000',
      // Every shopper orders over and over, with one phone number, from one address.
      OPEN_ORDERS_PER_CUSTOMER: '100000',
      ORDER_LIMIT_PER_ACCOUNT: '100000',
      ORDER_LIMIT_PER_IP: '100000',
      BODY_LIMIT_BYTES: '65536',
    }
    if (kind === 'postgres') {
      database = await freshPostgres(pgServer!)
      const target = new URL(database.url)
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) })
      env.DATABASE_URL = throughProxy(database.url, proxy)
    }
    const port = await freePort()
    instance = await startInstance(`${kind} store`, env, port)
    const base = instance.url
    const lines = await stockedLines(base)

    // ---- kill -9 rounds under concurrent shoppers ----
    const since = Date.now()
    const tally = newTally()
    let running = true
    const shopping = Array.from({ length: shoppers }, async (_, n) => {
      const shopper = new Shopper(base, `198.18.${n}.7`)
      await shopper.signUp()
      while (running) await checkout(shopper, lines[Math.floor(Math.random() * lines.length)]!, tally)
    })
    let kills = 0
    for (let round = 0; round < rounds; round++) {
      await sleep(1000 + Math.random() * (quick ? 1500 : 3000))
      instance.kill('SIGKILL')
      await instance.exited
      kills++
      instance = await startInstance(`${kind} store`, env, port)
    }
    await sleep(1000)
    running = false
    await Promise.all(shopping)
    const committed = await committedOrders(database?.url, path.join(dir, 'kapra.sqlite'), since)
    const lost = [...tally.acked].filter((id) => !committed.has(id))
    const unanswered = [...committed].filter((id) => !tally.acked.has(id))
    checks.push({
      check: label(`kill -9 × ${kills}: no acknowledged order lost`),
      ok: lost.length === 0 && tally.acked.size > 0,
      detail: `${tally.acked.size} acknowledged, ${committed.size} committed, ${lost.length} missing`,
    })
    checks.push({
      check: label(`kill -9 × ${kills}: every committed order answered`),
      ok: unanswered.length === 0 && tally.gaveUp === 0,
      detail: `${unanswered.length} committed but unanswered; ${tally.retries} retries, ${tally.replayed} replayed by key, ${tally.gaveUp} given up`,
    })

    // ---- PostgreSQL out of reach ----
    if (proxy) {
      const shopper = new Shopper(base, '198.18.200.1')
      await shopper.signUp()
      const catalogPage = `/collection?category=${encodeURIComponent('Men')}`
      await shopper.call('GET', catalogPage)
      await shopper.call('GET', '/api/products?category=Men')
      await proxy.cut()
      const me = await shopper.call('GET', '/api/user/getcurrentuser')
      const page = await shopper.call('GET', catalogPage)
      const orders = await shopper.call('GET', '/order')
      const list = await shopper.call('GET', '/api/products?category=Men')
      checks.push({
        check: label('outage: 503 with Retry-After where the database is needed'),
        ok: me.status === 503 && me.headers.get('retry-after') !== null && orders.status === 503,
        detail: `getcurrentuser ${me.status} (Retry-After ${me.headers.get('retry-after')}), /order ${orders.status}`,
      })
      checks.push({
        check: label('outage: the catalog served from what the process holds'),
        ok: page.status === 200 && list.status === 200,
        detail: `${catalogPage} ${page.status}, /api/products ${list.status}, as a guest`,
      })
      await proxy.restore()
      let after = await shopper.call('GET', '/api/user/getcurrentuser')
      const first = after.status
      for (let i = 0; i < 20 && after.status !== 200; i++) {
        await sleep(100)
        after = await shopper.call('GET', '/api/user/getcurrentuser')
      }
      checks.push({
        check: label('outage: recovery without a restart'),
        ok: after.status === 200 && instance.child.exitCode === null,
        detail: `first request after the database returned: ${first}; process still running`,
      })
    }

    // ---- A body over the limit, then the next request on the connection ----
    checks.push(await oversizedBody(instance, label))

    // ---- 60 simultaneous guesses at one account ----
    const owner = new Shopper(base, '198.18.201.1')
    const account = await owner.signUp()
    const guesses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        new Shopper(base, `198.18.202.${i}`).call('POST', '/api/auth/login', {
          email: account.email,
          password: `guess ${i}`,
        }),
      ),
    )
    const checked = guesses.filter((g) => g.status === 401).length
    checks.push({
      check: label('60 simultaneous guesses: the limit holds'),
      ok: checked === LOGIN_LIMIT && guesses.filter((g) => g.status === 429).length === 60 - LOGIN_LIMIT,
      detail: `${checked} checked (limit ${LOGIN_LIMIT}), ${guesses.filter((g) => g.status === 429).length} refused 429`,
    })

    // ---- Slow clients trickling headers while shoppers browse ----
    checks.push(await slowClients(instance, label))
    return checks
  } finally {
    if (instance && instance.child.exitCode === null) {
      instance.kill('SIGTERM')
      await Promise.race([instance.exited, sleep(12_000)])
    }
    await proxy?.close()
    await database?.drop().catch((err: unknown) => console.error('could not drop the test database:', err))
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

async function oversizedBody(instance: Instance, label: (what: string) => string): Promise<Check> {
  const body = JSON.stringify({ email: 'x'.repeat(200_000) })
  const closed = await new Promise<boolean>((resolve) => {
    const socket = net.connect(instance.port, '127.0.0.1')
    let text = ''
    const timer = setTimeout(() => {
      socket.destroy()
      resolve(false)
    }, 5_000)
    socket.on('data', (c) => (text += c.toString('latin1')))
    socket.on('error', () => {})
    socket.on('close', () => {
      clearTimeout(timer)
      resolve(/^HTTP\/1\.1 413 /.test(text))
    })
    socket.write(
      'POST /api/newsletter/subscribe HTTP/1.1\r\nHost: store\r\nContent-Type: application/json\r\n' +
        `Connection: keep-alive\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 1000)}`,
    )
  })
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const send = (payload: string) =>
    new Promise<number>((resolve) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: instance.port,
          path: '/api/newsletter/subscribe',
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        },
        (res) => {
          res.resume()
          res.on('end', () => resolve(res.statusCode ?? 0))
        },
      )
      req.on('error', () => resolve(0))
      req.end(payload)
    })
  const refused = await send(body)
  const next = await send(JSON.stringify({ email: `next-${Date.now()}@example.com` }))
  agent.destroy()
  return {
    check: label('a body over the limit: 413, then the connection is usable'),
    ok: closed && refused === 413 && next > 0 && next < 300,
    detail: `raw socket closed after 413: ${closed ? 'yes' : 'no'}; keep-alive agent: ${refused} then ${next}`,
  }
}

async function slowClients(instance: Instance, label: (what: string) => string): Promise<Check> {
  const sockets: net.Socket[] = []
  for (let i = 0; i < 50; i++) {
    const s = net.connect(instance.port, '127.0.0.1')
    s.on('error', () => {})
    s.write('GET /collection HTTP/1.1\r\nHost: store\r\n')
    sockets.push(s)
  }
  const trickle = setInterval(() => sockets.forEach((s) => s.writable && s.write('X-Slow: 1\r\n')), 300)
  let answered = 0
  const asked = 20
  for (let i = 0; i < asked; i++) {
    try {
      const res = await fetch(`${instance.url}/api/products?page=${(i % 3) + 1}`, {
        signal: AbortSignal.timeout(5_000),
      })
      if (res.ok) answered++
      await res.arrayBuffer()
    } catch {
      // Counted as not answered.
    }
    await sleep(100)
  }
  clearInterval(trickle)
  sockets.forEach((s) => s.destroy())
  return {
    check: label('50 slow clients: other shoppers still served'),
    ok: answered === asked,
    detail: `${answered}/${asked} catalog requests answered while 50 connections trickled headers`,
  }
}

async function main(): Promise<boolean> {
  buildOnce()
  if (!kinds.includes('postgres'))
    console.log('PostgreSQL skipped: set DATABASE_URL or TEST_DATABASE_URL to include it.')
  const checks: Check[] = []
  for (const kind of kinds) {
    console.log(`${kind}: ${rounds} kill round(s) under ${shoppers} shoppers…`)
    checks.push(...(await battery(kind)))
  }
  return printTable(`Kapra fault battery${quick ? ' (quick)' : ''}`, checks)
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err: unknown) => {
    console.error(err)
    process.exit(1)
  },
)

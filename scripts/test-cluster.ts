// `npm run test:cluster`: the store as several instances behind nginx on one PostgreSQL
// database (docs/decisions/013). Shoppers place orders (with an Idempotency-Key, retried)
// while an admin works the console; one instance is killed mid-run. Prints a table:
// no acknowledged order lost, the sign-in limit held across instances, an admin's price
// change seen through every instance within a second. Exits 1 when a check fails.
//
//   npm run test:cluster -- [--instances 3] [--seconds 20] [--shoppers 8] [--no-kill]
//
// Needs DATABASE_URL or TEST_DATABASE_URL (PostgreSQL; a database of its own is created
// and dropped) and nginx on the PATH (or NGINX). It measures no speed: `--instances 1`
// and `--instances 3` are there for a throughput run made separately.
import fs from 'node:fs'
import { parseArgs } from 'node:util'
import {
  buildOnce,
  checkout,
  committedOrders,
  freshPostgres,
  newTally,
  printTable,
  promote,
  Shopper,
  sleep,
  startInstance,
  startNginx,
  stockedLines,
  tempDir,
  type Check,
  type Instance,
  type Nginx,
} from '#scripts/fault-kit.ts'

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '20' },
    shoppers: { type: 'string', default: '8' },
    'no-kill': { type: 'boolean', default: false },
  },
})
const instances = Math.max(1, Number(values.instances))
const seconds = Math.max(5, Number(values.seconds))
const shoppers = Math.max(1, Number(values.shoppers))
const LOGIN_LIMIT = 5

const serverUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL
if (!serverUrl?.startsWith('postgres')) {
  console.error('test:cluster runs on PostgreSQL: set DATABASE_URL or TEST_DATABASE_URL (postgres://…).')
  process.exit(2)
}

async function main(): Promise<boolean> {
  buildOnce()
  const database = await freshPostgres(serverUrl!)
  const dir = tempDir('kapra-cluster-')
  const running: Instance[] = []
  let nginx: Nginx | undefined
  try {
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: dir,
      // nginx appends the address it saw: one trusted hop.
      TRUST_PROXY: '1',
      LOGIN_LIMIT_PER_ACCOUNT: String(LOGIN_LIMIT),
      LOGIN_LIMIT_PER_IP: '100000',
      REGISTRATION_LIMIT_PER_IP: '100000',
      // Every shopper orders over and over, with one phone number, from one address.
      OPEN_ORDERS_PER_CUSTOMER: '100000',
      ORDER_LIMIT_PER_ACCOUNT: '100000',
      ORDER_LIMIT_PER_IP: '100000',
      // The line's check below puts one request in line by its header.
      ADMIT_TEST_HEADER: '1',
    }
    // The first instance migrates and seeds; the others start on the ready database.
    running.push(await startInstance('instance 1', env))
    running.push(
      ...(await Promise.all(
        Array.from({ length: instances - 1 }, (_, i) => startInstance(`instance ${i + 2}`, { ...env, SEED_DEMO: '0' })),
      )),
    )

    nginx = await startNginx(dir, running)
    const front = nginx.url
    const line = await lineThroughNginx(front, instances)
    // With its instances out of nginx's rotation the run cannot start: say why at once.
    if (!line.ok) return printTable(`Kapra cluster: ${instances} instance(s) behind nginx, PostgreSQL`, [line])
    console.log(`${instances} instance(s) behind nginx on ${front}; ${shoppers} shoppers for ${seconds} s`)

    const admin = new Shopper(front, '198.19.0.1')
    const adminAccount = await admin.signUp()
    await promote(database.url, undefined, adminAccount.email)
    const lines = await stockedLines(front)
    if (lines.length === 0) throw new Error('no product with stock in the demo catalog')

    // ---- The run: shoppers, an admin, and one instance killed at 40 % ----
    const since = Date.now()
    const deadline = since + seconds * 1000
    const tally = newTally()
    let adminCalls = 0
    let adminFailures = 0
    let killed: Instance | undefined
    const shopping = Array.from({ length: shoppers }, async (_, n) => {
      const shopper = new Shopper(front, `198.18.${n}.1`)
      await shopper.signUp()
      while (Date.now() < deadline) await checkout(shopper, lines[Math.floor(Math.random() * lines.length)]!, tally)
    })
    const console_ = (async () => {
      while (Date.now() < deadline) {
        for (const pathname of [
          '/api/admin/dashboard',
          '/api/admin/orders?status=Order%20Placed',
          '/api/admin/products',
        ]) {
          adminCalls++
          try {
            if ((await admin.call('GET', pathname)).status !== 200) adminFailures++
          } catch {
            adminFailures++
          }
        }
        // The owner restocks a size now and then (a console write every instance hears of),
        // from the count they saw: an order placed in between answers 409, as it should.
        const line = lines[Math.floor(Math.random() * lines.length)]!
        adminCalls++
        try {
          const seen = (await admin.call('GET', `/api/admin/products/${line._id}`)).json as {
            sizes: { size: string; stock: number }[]
          }
          const opened = seen.sizes.find((s) => s.size === line.size)?.stock ?? 0
          const res = await admin.call('POST', `/api/admin/products/${line._id}/stock`, {
            size: line.size,
            stock: 200,
            opened,
          })
          if (res.status !== 200 && res.status !== 409) adminFailures++
        } catch {
          adminFailures++
        }
        await sleep(300)
      }
    })()
    const killing = (async () => {
      if (instances < 2 || values['no-kill']) return
      await sleep(seconds * 400)
      killed = running[1]!
      killed.kill('SIGKILL')
      await killed.exited
      console.log(`killed ${killed.name} (SIGKILL) mid-run`)
    })()
    await Promise.all([...shopping, console_, killing])
    const live = running.filter((i) => i !== killed)

    // ---- Checks ----
    const checks: Check[] = [line]
    const committed = await committedOrders(database.url, undefined, since)
    const lost = [...tally.acked].filter((id) => !committed.has(id))
    checks.push({
      check: 'no acknowledged order lost',
      ok: lost.length === 0 && tally.acked.size > 0,
      detail: `${tally.acked.size} acknowledged, ${committed.size} in the database, ${lost.length} missing`,
    })
    const unacked = [...committed].filter((id) => !tally.acked.has(id))
    checks.push({
      check: 'every committed order acknowledged',
      ok: unacked.length === 0,
      detail: `${unacked.length} committed but never answered; ${tally.retries} retries, ${tally.replayed} replayed by key, ${tally.gaveUp} given up, ${tally.refused} refused (sold out, cart changed)`,
    })
    checks.push({
      check: 'instance killed mid-run',
      ok: instances < 2 || values['no-kill'] || killed !== undefined,
      detail: killed ? `${killed.name} (SIGKILL); ${live.length} left` : 'not asked (one instance or --no-kill)',
    })
    checks.push({
      check: 'console calls answered (reads, restocks)',
      ok: adminFailures === 0,
      detail: `${adminCalls - adminFailures}/${adminCalls} answered 200`,
    })

    // The sign-in limit, counted across instances: guesses go to each live instance in turn.
    const target = new Shopper(front, '198.19.1.1')
    const victim = await target.signUp()
    const statuses: number[] = []
    for (let i = 0; i < LOGIN_LIMIT * 2; i++) {
      const via = live[i % live.length]!
      const guess = new Shopper(via.url, `198.19.2.${i}`)
      statuses.push(
        (await guess.call('POST', '/api/auth/login', { email: victim.email, password: `wrong ${i}` })).status,
      )
    }
    const passed = statuses.filter((s) => s === 401).length
    checks.push({
      check: 'sign-in limit held across instances',
      ok: passed === LOGIN_LIMIT && statuses.slice(LOGIN_LIMIT).every((s) => s === 429),
      detail: `${statuses.length} wrong passwords over ${live.length} instance(s): ${passed} checked (limit ${LOGIN_LIMIT}), ${statuses.filter((s) => s === 429).length} refused 429`,
    })

    // An admin's price change, through nginx, seen by every live instance's cached counts.
    const product = lines[0]!
    const pricesOf = async (i: Instance) => {
      const one = (await (await fetch(`${i.url}/api/product/${product._id}`)).json()) as { category: string }
      const page = (await (
        await fetch(`${i.url}/api/products?category=${encodeURIComponent(one.category)}`)
      ).json()) as { facets: { price: { max: number } | null } }
      return page.facets.price?.max ?? 0
    }
    await Promise.all(live.map(pricesOf)) // every instance caches the counts first
    const current = (await admin.call('GET', `/api/admin/products/${product._id}`)).json as Record<string, unknown>
    const highest = Math.max(...(await Promise.all(live.map(pricesOf))))
    const newPrice = highest + 1000
    const form = new FormData()
    form.set(
      'product',
      JSON.stringify({
        name: current.name,
        description: current.description,
        price: newPrice,
        category: current.category,
        subCategory: current.subCategory,
        sizes: current.sizes,
        sizeChart: current.sizeChart,
        bestSeller: current.bestSeller,
        openedStock: Object.fromEntries(
          (current.sizes as { size: string; stock: number }[]).map((s) => [s.size, s.stock]),
        ),
      }),
    )
    const saved = await fetch(`${front}/api/admin/products/${product._id}`, {
      method: 'POST',
      body: form,
      headers: { cookie: admin.cookie!, 'x-forwarded-for': admin.address },
    })
    const changedAt = Date.now()
    const seen = await Promise.all(
      live.map(async (i) => {
        while (Date.now() - changedAt < 1000) {
          if ((await pricesOf(i)) === newPrice) return true
          await sleep(20)
        }
        return false
      }),
    )
    checks.push({
      check: 'price change seen by every instance within 1 s',
      ok: saved.status === 200 && seen.every(Boolean),
      detail: `save answered ${saved.status}; ${seen.filter(Boolean).length}/${live.length} instance(s) showed Rs ${newPrice} in their counts within 1 s`,
    })

    if (tally.reasons.size) {
      console.log('\nRefusals shoppers were shown:')
      for (const [why, n] of tally.reasons) console.log(`  ${n} × ${why}`)
    }
    return printTable(`Kapra cluster: ${instances} instance(s) behind nginx, PostgreSQL, ${seconds} s`, checks)
  } finally {
    nginx?.stop()
    for (const i of running) if (i.child.exitCode === null && i.child.signalCode === null) i.kill('SIGTERM')
    await Promise.all(running.map((i) => Promise.race([i.exited, sleep(12_000)])))
    await database.drop().catch((err: unknown) => console.error('could not drop the test database:', err))
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * A request the store puts in line (its test header), through nginx, then ordinary
 * requests: the line's 503 reaches the visitor as it is, and no instance is taken out of
 * nginx's rotation for it. Counted as a failure, a sale's line took every instance out and
 * everyone got 502 (deploy/nginx-cluster.conf).
 */
async function lineThroughNginx(front: string, instances: number): Promise<Check> {
  // Twice as many newcomers as there are instances: nginx passes the last try's answer on
  // without counting it, so one alone would leave an instance in.
  const waiting: Response[] = []
  for (let i = 0; i < instances * 2; i++) {
    const res = await fetch(`${front}/about?line=${Date.now()}-${i}`, { headers: { 'x-kapra-line': 'full' } })
    await res.arrayBuffer()
    waiting.push(res)
  }
  const after: number[] = []
  for (let i = 0; i < instances * 2; i++) {
    const res = await fetch(`${front}/healthz`)
    await res.arrayBuffer()
    after.push(res.status)
  }
  const inLine = waiting.filter((res) => res.status === 503 && res.headers.has('retry-after')).length
  return {
    check: "the line's 503 passed on, no instance taken out",
    ok: inLine === waiting.length && after.every((s) => s === 200),
    detail: `${inLine}/${waiting.length} newcomers told 503 with Retry-After (${waiting.map((r) => r.status).join(', ')}); then /healthz ${after.join(', ')}`,
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err: unknown) => {
    console.error(err)
    process.exit(1)
  },
)

// What `npm run bench:sale` prints and writes to bench-results/, and its invariants:
// no 5xx but the line's 503, no size sold beyond its stock, no acknowledged order missing.
import fs from 'node:fs'
import path from 'node:path'
import { root, type Check } from '#scripts/fault-kit.ts'
import type { SizeLedger } from './sale-ledger.ts'
import { percentile, type LineStats, type StepStats } from './sale-shopper.ts'

export const STEPS = ['home', 'collection', 'product', 'cart', 'order'] as const
export type Step = (typeof STEPS)[number]

export interface SaleRun {
  products: number
  shoppers: number
  /** Instances behind nginx; 0 for one process on SQLite. */
  cluster: number
  /** Pieces of each size when the sale opened. */
  pieces: number
  elapsed(): string
}

/**
 * The run's invariants: no 5xx but the line's 503 with Retry-After, no size sold beyond
 * its stock (sold and left add up to the pieces it opened with), every acknowledged order
 * in the database.
 */
export function saleChecks(
  r: { line: Pick<LineStats, 'failures'>; acked: Set<string>; committed: Set<string>; ledger: SizeLedger[] },
  pieces: number,
): Check[] {
  const oversold = r.ledger.filter((l) => l.sold > pieces || l.stock < 0 || l.sold + l.stock !== pieces)
  const missing = [...r.acked].filter((id) => !r.committed.has(id))
  return [
    {
      check: 'no 5xx but the line’s 503 with Retry-After',
      ok: r.line.failures.length === 0,
      detail: r.line.failures.length ? r.line.failures.slice(0, 5).join(' | ') : 'none',
    },
    {
      check: 'no size sold beyond its stock',
      ok: oversold.length === 0,
      detail: oversold.length
        ? oversold
            .slice(0, 5)
            .map((l) => `${l.productId} ${l.size}: ${l.sold} sold, ${l.stock} left`)
            .join('; ')
        : `every size: sold + left = ${pieces}`,
    },
    {
      check: 'every acknowledged order in the database',
      ok: missing.length === 0,
      detail: `${r.acked.size} acknowledged, ${r.committed.size} in the database, ${missing.length} missing`,
    },
  ]
}

export function reportSale(
  run: SaleRun,
  r: {
    steps: Record<Step, StepStats>
    line: LineStats
    acked: Set<string>
    ackTimes: number[]
    runSeconds: number
    memory: {
      instance: string
      rssMiB: number
      peakMiB: number
      peakDuringRunMiB: number | undefined
      keptHits?: number
      keptMisses?: number
      keptDrops?: number
      keptStockDrops?: number
    }[]
    ledger: SizeLedger[]
    committed: Set<string>
  },
): boolean {
  const round = (x: number) => Math.round(x * 10) / 10
  const stepRows = STEPS.map((name) => {
    const s = r.steps[name]
    const sorted = [...s.times].sort((a, b) => a - b)
    return {
      step: name,
      answers: sorted.length,
      'p50 ms': round(percentile(sorted, 0.5)),
      'p95 ms': round(percentile(sorted, 0.95)),
      'p99 ms': round(percentile(sorted, 0.99)),
      statuses: [...s.statuses].map(([k, v]) => `${k}: ${v}`).join(', '),
    }
  })
  const waits = [...r.line.waits].sort((a, b) => a - b)
  const lastAck = Math.max(0, ...r.ackTimes) / 1000
  const ordersPerSecond = lastAck > 0 ? round(r.acked.size / lastAck) : 0
  const sold = r.ledger.reduce((n, l) => n + l.sold, 0)
  const soldOut = r.ledger.filter((l) => l.stock === 0).length

  const where = run.cluster > 0 ? `${run.cluster} instances behind nginx, PostgreSQL and Redis` : 'one process, SQLite'
  console.log(
    `\nKapra sale night: ${run.products.toLocaleString('en-US')} products, ${run.shoppers} shoppers, ${where}`,
  )
  console.table(stepRows)
  console.log(
    `orders acknowledged: ${r.acked.size} (${ordersPerSecond} a second until the last, at ${round(lastAck)} s; the run took ${round(r.runSeconds)} s)`,
  )
  console.log(
    `the line: ${r.line.answers} answers 503 with Retry-After; ${waits.length} shoppers waited` +
      (waits.length
        ? ` (median ${round(percentile(waits, 0.5) / 1000)} s, longest ${round(waits.at(-1)! / 1000)} s)`
        : '') +
      `; ${r.line.gaveUp} gave up after 60 s`,
  )
  console.log(
    `pieces: ${sold} sold of ${r.ledger.length * run.pieces} in ${r.ledger.length} sizes; ${soldOut} sizes sold out`,
  )
  console.table(r.memory)

  const checks = saleChecks(r, run.pieces)
  for (const c of checks) console.log(`${c.ok ? 'pass' : 'FAIL'}  ${c.check}: ${c.detail}`)
  const ok = checks.every((c) => c.ok)
  const out = path.join(root, 'bench-results')
  fs.mkdirSync(out, { recursive: true })
  const file = path.join(out, run.cluster > 0 ? 'bench-sale-cluster.json' : 'bench-sale.json')
  fs.writeFileSync(
    file,
    JSON.stringify(
      {
        at: new Date().toISOString(),
        products: run.products,
        shoppers: run.shoppers,
        cluster: run.cluster,
        steps: stepRows,
        ordersAcknowledged: r.acked.size,
        ordersPerSecond,
        runSeconds: round(r.runSeconds),
        line: {
          answers: r.line.answers,
          shoppersWaited: waits.length,
          waitsMs: waits.map(Math.round),
          gaveUp: r.line.gaveUp,
        },
        memory: r.memory,
        sizes: r.ledger,
        checks,
      },
      null,
      2,
    ),
  )
  console.log(
    `\n${ok ? 'All invariants held.' : 'An invariant broke.'} (${run.elapsed()} in all; ${path.relative(root, file)})`,
  )
  return ok
}

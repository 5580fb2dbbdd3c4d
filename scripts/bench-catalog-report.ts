// The tables `npm run bench:catalog` prints (scripts/bench-catalog.ts measures).

export interface Timing {
  medianMs: number
  /** A guest's answer to the same page, served from the page cache after its first (pages only). */
  guest?: { medianMs: number; p95Ms: number }
  p95Ms: number
  /** The first request, before the store's short-lived counts and words are kept. */
  firstMs: number
  bytes: number
  gzipBytes: number | null
  /** Products matching the view (the JSON API's total), or the suggestions' count. */
  matches: number | null
}
export interface SizeResult {
  products: number
  seedSeconds: number
  timings: Record<string, Timing>
  /** Each view nobody asked yet, its one request's ms (signed in), with its path and matches. */
  firstViews: { name: string; path: string; ms: number; matches: number }[]
  rssAfterRunMiB: number
  list: { bytes: number; seconds: number; servedSeconds: number; rssAfterMiB: number; peakMiB: number }
}
export interface DatabaseResult {
  database: 'SQLite' | 'PostgreSQL'
  sizes: SizeResult[]
}

interface Target {
  name: string
  path: string
}
interface Setup {
  targets: readonly Target[]
  samples: number
  warmUp: number
  limits: { pageP95Ms: number; suggestP95Ms: number; htmlKB: number; rssMiB: number }
}

export function printTable(result: DatabaseResult, setup: Setup): void {
  const { targets, samples, warmUp } = setup
  const header = ['products', 'seed', ...targets.map((t) => t.name), 'RSS after', 'product list', 'RSS after list']
  const rows = result.sizes.map((s) => [
    s.products.toLocaleString('en-US'),
    `${s.seedSeconds.toFixed(1)} s`,
    ...targets.map((t) => {
      const x = s.timings[t.name]!
      return `${ms(x.medianMs)} / ${ms(x.p95Ms)} · ${kb(x.bytes)}`
    }),
    `${s.rssAfterRunMiB} MiB`,
    `${mb(s.list.bytes)} MB: written ${s.list.seconds.toFixed(1)} s, again ${s.list.servedSeconds.toFixed(1)} s`,
    `${s.list.rssAfterMiB} MiB (peak ${s.list.peakMiB})`,
  ])
  console.log(
    `\n${result.database}, signed in: median / p95 ms · body KB (${samples} requests each after ${warmUp} warm-up); ` +
      'seed: npm run db:seed -- --products N; product list: GET /api/product/list twice (written, then served)',
  )
  printColumns([header, ...rows])

  const pages = targets.filter((t) => result.sizes.every((s) => s.timings[t.name]!.guest))
  console.log(`\n${result.database}, a guest's page from the page cache after its first: median / p95 ms`)
  printColumns([
    ['products', ...pages.map((t) => t.name)],
    ...result.sizes.map((s) => [
      s.products.toLocaleString('en-US'),
      ...pages.map((t) => {
        const guest = s.timings[t.name]!.guest!
        return `${ms(guest.medianMs)} / ${ms(guest.p95Ms)}`
      }),
    ]),
  ])

  console.log('\nfirst request ms, signed in (before the counts and search words are kept) · matches · gzip KB')
  printColumns([
    ['products', ...targets.map((t) => t.name)],
    ...result.sizes.map((s) => [
      s.products.toLocaleString('en-US'),
      ...targets.map((t) => {
        const x = s.timings[t.name]!
        const gz = x.gzipBytes === null ? '' : ` · ${kb(x.gzipBytes)} gz`
        return `${ms(x.firstMs)} · ${x.matches?.toLocaleString('en-US') ?? '?'}${gz}`
      }),
    ]),
  ])

  printFirstViews(result)

  const smallest = result.sizes[0]
  const largest = result.sizes.at(-1)
  if (smallest && largest && largest !== smallest) {
    // A few milliseconds apart, the p95 still moves with the machine's noise;
    // the median says how the typical request grew.
    for (const stat of ['medianMs', 'p95Ms'] as const) {
      const ratios = targets.map((t) => {
        const base = smallest.timings[t.name]![stat]
        return `${t.name} ${base > 0 ? `×${(largest.timings[t.name]![stat] / base).toFixed(1)}` : '–'}`
      })
      const label = stat === 'p95Ms' ? 'p95' : 'median'
      console.log(
        `${label} at ${largest.products.toLocaleString('en-US')} vs ${smallest.products.toLocaleString('en-US')}: ${ratios.join(', ')}`,
      )
    }
  }
  if (largest) console.log(verdicts(largest, setup).join('\n'))
}

/**
 * The first view of combinations nobody asked yet (one request each, signed in, right
 * after the whole collection, whose counts a store with shoppers keeps), and the worst,
 * with the filtered target's first request among them.
 */
function printFirstViews(result: DatabaseResult): void {
  console.log(`\n${result.database}, first view of a combination nobody asked yet, signed in: ms · matches`)
  const names = result.sizes[0]?.firstViews.map((v) => v.name) ?? []
  printColumns([
    ['products', 'filtered', ...names, 'worst'],
    ...result.sizes.map((s) => {
      const filtered = s.timings.filtered!
      const all = [filtered.firstMs, ...s.firstViews.map((v) => v.ms)]
      return [
        s.products.toLocaleString('en-US'),
        `${ms(filtered.firstMs)} · ${filtered.matches?.toLocaleString('en-US') ?? '?'}`,
        ...s.firstViews.map((v) => `${ms(v.ms)} · ${v.matches.toLocaleString('en-US')}`),
        ms(Math.max(...all)),
      ]
    }),
  ])
  for (const v of result.sizes.at(-1)?.firstViews ?? []) console.log(`  ${v.name}: ${v.path}`)
}

/** The targets, read at the largest size measured. */
function verdicts(s: SizeResult, { targets, limits }: Setup): string[] {
  const at = `at ${s.products.toLocaleString('en-US')}`
  const over: string[] = []
  for (const t of targets) {
    // The product page's target is against itself without reviews (BENCH_REVIEWS_PER_PRODUCT=0).
    if (t.path.startsWith('/productdetail/')) continue
    const x = s.timings[t.name]!
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

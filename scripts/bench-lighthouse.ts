// `npm run bench:lighthouse`: Lighthouse (mobile, default simulated throttling) on the
// home page, the collection and a product page of the built store, with the system
// Chromium. Prints the four category scores with FCP, LCP, CLS, TBT and bytes per page,
// and the host's benchmark index (Lighthouse's default 4× CPU slowdown assumes 1,500+:
// its throttling guide). LH_CPU_MULTIPLIER sets another slowdown.
//
// Then the same pages with their scripts blocked: the performance score this host gives
// a page that runs no JavaScript at all, the most a store page can get here. On a
// virtual machine where page faults and system calls are slow, parsing, style and
// layout alone are long tasks under the 4× slowdown (README, "Scripts").
import fs from 'node:fs'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { ensureBuilt } from '#server/pages.ts'
import { chromiumArgs, findChromium } from './chromium.ts'
import { startBenchServer } from './bench-server.ts'

const chromePath = findChromium()
if (!chromePath) {
  console.error('No Chromium found: install one (Debian: apt-get install chromium) or set CHROMIUM_PATH.')
  process.exit(1)
}

ensureBuilt((m) => console.log(m))
const server = await startBenchServer(3901)
const products = (await (await fetch(`${server.base}/api/product/list`)).json()) as { _id: string }[]
// Each in English and in Urdu (docs/decisions/022): the Urdu twin carries the Nastaliq face.
const english = ['/', '/collection', `/productdetail/${products[0]!._id}`]
// LH_PAGES=/ur,/ur/collection: only the pages whose address starts with one of these.
const only = process.env.LH_PAGES?.split(',').filter(Boolean)
const pages = [...english, ...english.map((p) => (p === '/' ? '/ur' : `/ur${p}`))].filter(
  (p) => !only || only.some((o) => (o === '/' || o === '/ur' ? p === o : p.startsWith(o))),
)

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', ...chromiumArgs],
})
const multiplier = Number(process.env.LH_CPU_MULTIPLIER) || undefined
const rows: Record<string, string | number>[] = []
try {
  for (const [p, scripts] of [true, false].flatMap((scripts) => pages.map((p) => [p, scripts] as const))) {
    const run = () =>
      lighthouse(`${server.base}${p}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        ...(multiplier ? { throttling: { cpuSlowdownMultiplier: multiplier } } : {}),
        ...(scripts ? {} : { blockedUrlPatterns: ['*.js'] }),
      })
    let result = await run()
    // A run Lighthouse could not finish has no scores (it reads as 0): say why and run once more.
    const failed = result?.lhr.runtimeError
    if (failed) {
      console.log(`${p}: Lighthouse failed (${failed.code}: ${failed.message}); running it again`)
      result = await run()
    }
    if (!result) throw new Error(`Lighthouse returned nothing for ${p}`)
    if (result.lhr.runtimeError) throw new Error(`Lighthouse failed twice on ${p}: ${result.lhr.runtimeError.code}`)
    const { categories, audits, environment } = result.lhr
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100)
    rows.push({
      page: scripts ? p : `${p} (scripts blocked)`,
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
      FCP: audits['first-contentful-paint']?.displayValue ?? '',
      LCP: audits['largest-contentful-paint']?.displayValue ?? '',
      CLS: audits['cumulative-layout-shift']?.displayValue ?? '',
      TBT: audits['total-blocking-time']?.displayValue ?? '',
      KiB: Math.round(Number(audits['total-byte-weight']?.numericValue ?? 0) / 1024),
      'benchmark index': Math.round(environment.benchmarkIndex),
    })
    if (!scripts) continue
    if (process.env.LH_DETAILS) printDetails(p, audits)
    const failing = Object.values(audits).filter(
      (a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary',
    )
    if (failing.length) console.log(`${p}: failing audits: ${failing.map((a) => a.id).join(', ')}`)
  }
} finally {
  chrome.kill()
  await server.stop()
}
console.log(`CPU slowdown: ${multiplier ?? 'Lighthouse default (4×)'}`)
console.table(rows)
const out = path.resolve(import.meta.dirname, '..', 'bench-results')
fs.mkdirSync(out, { recursive: true })
fs.writeFileSync(
  path.join(out, 'lighthouse.json'),
  JSON.stringify({ at: new Date().toISOString(), cpuSlowdown: multiplier ?? 4, rows }, null, 2),
)

/** LH_DETAILS=1: what the LCP element is, its phases, the long tasks, script time and the heaviest requests. */
function printDetails(page: string, audits: Record<string, { details?: unknown; displayValue?: string }>) {
  const find = (id: string) => JSON.stringify(audits[id]?.details ?? null)
  console.log(`\n${page}`)
  console.log('  LCP element:', find('largest-contentful-paint-element').slice(0, 900))
  console.log('  inspector issues:', find('inspector-issues').slice(0, 600))
  console.log('  LCP breakdown:', find('lcp-breakdown-insight').slice(0, 600))
  console.log('  long tasks:', find('long-tasks').slice(0, 1200))
  console.log('  script time:', find('bootup-time').slice(0, 1200))
  const requests =
    (
      audits['network-requests']?.details as
        | {
            items?: {
              url: string
              transferSize?: number
              priority?: string
              networkRequestTime?: number
              networkEndTime?: number
            }[]
          }
        | undefined
    )?.items ?? []
  for (const r of [...requests]
    .sort((a, b) => (a.networkRequestTime ?? 0) - (b.networkRequestTime ?? 0))
    .slice(0, 25)) {
    console.log(
      `  ${String(Math.round(r.networkRequestTime ?? 0)).padStart(6)}-${String(Math.round(r.networkEndTime ?? 0)).padEnd(6)} ms ${String(Math.round((r.transferSize ?? 0) / 1024)).padStart(4)} KiB ${r.priority ?? ''} ${r.url.replace(/^https?:\/\/[^/]+/, '')}`,
    )
  }
}

// `npm test`: the one gate, the same locally and in CI. Typecheck, lint, unit and API
// tests (SQLite, plus PostgreSQL when TEST_DATABASE_URL is set), then the browser
// tests when a Chromium is found. Ends with one line totalling every runner.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { findTestChromium } from './chromium.ts'

const root = path.resolve(import.meta.dirname, '..')
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name)
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'kapra-test-'))
const totals = { passed: 0, failed: 0, skipped: 0 }
const failures: string[] = []
/** How long each step took, for the last lines: where the gate's time goes. */
const timings: string[] = []

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n▶ ${label}`)
  const started = performance.now()
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  timings.push(`${label} ${((performance.now() - started) / 1000).toFixed(1)} s`)
  if (result.status !== 0) failures.push(label)
  return result.status === 0
}

/**
 * Steps that need nothing of each other, at once (each of typecheck and lint keeps one
 * core busy): their output is held and printed whole as each one ends.
 */
async function runTogether(steps: { label: string; command: string; args: string[] }[]): Promise<boolean[]> {
  return Promise.all(
    steps.map(
      ({ label, command, args }) =>
        new Promise<boolean>((resolve) => {
          const started = performance.now()
          const child = spawn(command, args, { cwd: root, env: process.env })
          const output: Buffer[] = []
          child.stdout.on('data', (chunk: Buffer) => output.push(chunk))
          child.stderr.on('data', (chunk: Buffer) => output.push(chunk))
          child.on('close', (code) => {
            timings.push(`${label} ${((performance.now() - started) / 1000).toFixed(1)} s`)
            console.log(`\n▶ ${label}`)
            process.stdout.write(Buffer.concat(output))
            if (code !== 0) failures.push(label)
            resolve(code === 0)
          })
        }),
    ),
  )
}

function count(file: string, read: (report: never) => { passed: number; failed: number; skipped: number }) {
  if (!fs.existsSync(file)) return
  const c = read(JSON.parse(fs.readFileSync(file, 'utf8')) as never)
  totals.passed += c.passed
  totals.failed += c.failed
  totals.skipped += c.skipped
}

// The route types first (typecheck and lint read them); then the checks and the build
// side by side. The built store is needed next: the API suite renders real pages with
// it (the checkout's Idempotency-Key, the pages during a database outage), and the
// browser tests serve it.
const typed = run('route types', bin('react-router'), ['typegen'])
const built = await runTogether([
  { label: 'build', command: process.execPath, args: [path.join(root, 'scripts/build.ts')] },
  ...(typed ? [{ label: 'typecheck', command: bin('tsc'), args: [] }] : []),
  { label: 'lint', command: bin('eslint'), args: ['.'] },
  { label: 'formatting', command: bin('prettier'), args: ['--check', '--log-level', 'warn', '.'] },
]).then(([build]) => build)

const vitestReport = path.join(reports, 'vitest.json')

if (!process.env.TEST_DATABASE_URL)
  console.log('\nAPI tests run on SQLite only; set TEST_DATABASE_URL=postgres://… to run them on PostgreSQL too.')
run('unit and API tests', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
])
count(
  vitestReport,
  (r: { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number }) => ({
    passed: r.numPassedTests,
    failed: r.numFailedTests,
    skipped: r.numPendingTests + r.numTodoTests,
  }),
)

const chromium = findTestChromium()
if (!chromium) {
  console.log(
    '\nBrowser tests skipped: no Chromium found. Install one (Debian: apt-get install chromium-headless-shell chromium) or set CHROMIUM_PATH to enable them.',
  )
} else if (built) {
  const e2eReport = path.join(reports, 'playwright.json')
  run('browser tests', bin('playwright'), ['test', '--reporter=list,json'], {
    CHROMIUM_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
  })
  count(e2eReport, (r: { stats: { expected: number; unexpected: number; flaky: number; skipped: number } }) => ({
    passed: r.stats.expected + r.stats.flaky,
    failed: r.stats.unexpected,
    skipped: r.stats.skipped,
  }))
}

fs.rmSync(reports, { recursive: true, force: true })
console.log(`\nsteps: ${timings.join(', ')}`)
if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`)
if (failures.length && totals.failed === 0) totals.failed = failures.length
console.log(`\ntotal: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(failures.length ? 1 : 0)

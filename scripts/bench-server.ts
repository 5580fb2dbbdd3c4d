import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')

/**
 * `npm start`'s line in parts: the environment it sets before `node` (NAME=value words), and
 * node's arguments. Every start line so far is `[NAME=value ...] node <flags> <entry>`; one
 * that is not (a shell's quoting, expansion or pipes) is refused rather than guessed at.
 */
export function parseStartLine(line: string): { env: Record<string, string>; args: string[] } {
  const words = line.trim().split(/\s+/)
  const plain = words.every((w) => !/["'$`\\|&;<>*?]/.test(w))
  const env: Record<string, string> = {}
  while (words.length > 0 && /^[A-Z_][A-Z0-9_]*=/.test(words[0]!)) {
    const [name, ...value] = words.shift()!.split('=')
    env[name!] = value.join('=')
  }
  if (!plain || words[0] !== 'node') {
    throw new Error(`cannot run this start script as a plain node command: ${line}`)
  }
  return { env, args: words.slice(1) }
}

/** This checkout's `npm start` line, parsed: what the benches, the fault battery and the start tests run. */
export const startLine = parseStartLine(
  (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts
    .start,
)

/**
 * Node's flags as `npm start` gives them (the heap's sizes: README, "Quick start"), so every
 * bench and fault run starts the store with them.
 */
export const serverFlags: string[] = startLine.args.filter((w) => w.startsWith('--') && !w.startsWith('--env-file'))

/** The file `npm start` runs (the built server, docs/decisions/049), from the project's folder. */
export const serverEntry: string = path.join(root, startLine.args.at(-1)!)

/** The environment `npm start` sets for the process (glibc's malloc arenas: README, "Quick start"). */
export const serverEnv: Record<string, string> = startLine.env

export type BenchServer = Awaited<ReturnType<typeof waitForStore>>

/** Starts the built store on a loopback port with a fresh database, for benchmarks: the store's own settings, as `npm start` has them (and the Node `flags` a bench adds, such as a profiler's). */
export async function startBenchServer(port: number, env: Record<string, string> = {}, flags: string[] = []) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kapra-bench-'))
  const child: ChildProcess = spawn(process.execPath, [...serverFlags, ...flags, serverEntry], {
    cwd: root,
    // The store logs as `npm start` has it (a JSON line a request), to nowhere.
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...withoutLogLevel(process.env),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...serverEnv,
      ...env,
    },
  })
  return waitForStore(child, port, dataDir)
}

/** The environment without a log level of the shell's: a bench measures the store logging as it does by default. */
function withoutLogLevel(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { LOG_LEVEL: _shells, ...rest } = env
  return rest
}

/**
 * Starts the store in `tree` (a checkout with its own build) the way `npm start` does
 * there: its package.json's start command, in that folder, with only the settings a
 * person sets to run it on a port (PORT, HOST, a fresh DATA_DIR). NODE_ENV, LOG_LEVEL
 * and the database and Redis addresses of this shell are left out, so each store runs
 * on its own SQLite file and logs exactly as a newcomer's `npm start` would.
 */
export async function startStoreAsUser(tree: string, port: number) {
  const pkg = JSON.parse(fs.readFileSync(path.join(tree, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>
  }
  let start: ReturnType<typeof parseStartLine>
  try {
    start = parseStartLine(pkg.scripts?.start ?? '')
  } catch (err) {
    throw new Error(`${tree}: ${err instanceof Error ? err.message : String(err)}`, { cause: err })
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kapra-bench-'))
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const key of ['NODE_ENV', 'DATABASE_URL', 'REDIS_URL', 'LOG_LEVEL']) delete env[key]
  const child: ChildProcess = spawn(process.execPath, start.args, {
    cwd: tree,
    stdio: ['ignore', 'ignore', 'inherit'],
    // Empty values count as unset; they also keep a .env in the tree from choosing a database.
    env: {
      ...env,
      ...start.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
    },
  })
  return waitForStore(child, port, dataDir)
}

/** The kernel's clock ticks a second (`getconf CLK_TCK`), the unit of /proc/PID/stat's times: 100 on Linux's usual builds. */
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100

async function waitForStore(child: ChildProcess, port: number, dataDir: string) {
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error('the store exited during start-up')
    try {
      if ((await fetch(`${base}/healthz`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the store did not start within 120 s')
    await new Promise((r) => setTimeout(r, 250))
  }
  return {
    base,
    pid: child.pid!,
    /** Resident and peak memory of the server process, in MiB (Linux /proc). */
    memory() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8')
      const kb = (key: string) =>
        Number(/(\d+) kB/.exec(status.split('\n').find((l) => l.startsWith(key)) ?? '')?.[1] ?? NaN)
      return { rssMiB: Math.round(kb('VmRSS:') / 1024), peakMiB: Math.round(kb('VmHWM:') / 1024) }
    },
    /**
     * The CPU time the server process has used, user and system, in milliseconds (Linux
     * /proc, in the kernel's ticks): what a page costs the server, whatever else shares the machine.
     */
    cpuMs() {
      const fields = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        await new Promise((r) => child.once('exit', r))
      }
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * `npm run db:seed -- --products N` into the store `env` names (DATA_DIR or DATABASE_URL),
 * run as a person runs it, so a bench also measures that; answers the seconds it took.
 */
export async function seedProducts(env: Record<string, string>, products: number, reviews = 0): Promise<number> {
  const started = performance.now()
  const args = ['--products', String(products), ...(reviews > 0 ? ['--reviews', String(reviews)] : [])]
  const child = spawn(process.execPath, [path.join(root, 'scripts/db-seed.ts'), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`seeding ${products} products failed (exit ${code}):\n${out}`)
  console.log(`  ${out.trim().split('\n').at(-1)}`)
  return (performance.now() - started) / 1000
}

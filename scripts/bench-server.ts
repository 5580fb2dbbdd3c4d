import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')

/**
 * Node's flags as `npm start` gives them, read from package.json's start line (the heap's
 * sizes: README, "Quick start"), so every bench and fault run starts the store with them.
 */
export const serverFlags: string[] = startFlags()

function startFlags(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }
  const words = pkg.scripts.start.trim().split(/\s+/)
  return words.slice(1).filter((w) => w.startsWith('--') && !w.startsWith('--env-file'))
}

export type BenchServer = Awaited<ReturnType<typeof waitForStore>>

/** Starts the built store on a loopback port with a fresh database, for benchmarks: the store's own settings, as `npm start` has them. */
export async function startBenchServer(port: number, env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kapra-bench-'))
  const child: ChildProcess = spawn(process.execPath, [...serverFlags, path.join(root, 'server/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
  })
  return waitForStore(child, port, dataDir)
}

/**
 * Starts the store in `tree` (a checkout with its own build) the way `npm start` does
 * there: its package.json's start command, in that folder, with only the settings a
 * person sets to run it on a port (PORT, HOST, a fresh DATA_DIR, LOG_LEVEL). NODE_ENV
 * and the database and Redis addresses of this shell are left out, so each store runs
 * on its own SQLite file exactly as a newcomer's `npm start` would.
 */
export async function startStoreAsUser(tree: string, port: number) {
  const pkg = JSON.parse(fs.readFileSync(path.join(tree, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>
  }
  const start = pkg.scripts?.start ?? ''
  const words = start.trim().split(/\s+/)
  // `npm start` runs the line through a shell; every start line so far is `node <flags> <entry>`.
  if (words[0] !== 'node' || words.some((w) => /["'$`\\|&;<>*?]/.test(w))) {
    throw new Error(`${tree}: cannot run its start script as a plain node command: ${start}`)
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kapra-bench-'))
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const key of ['NODE_ENV', 'DATABASE_URL', 'REDIS_URL']) delete env[key]
  const child: ChildProcess = spawn(process.execPath, words.slice(1), {
    cwd: tree,
    stdio: ['ignore', 'ignore', 'inherit'],
    // Empty values count as unset; they also keep a .env in the tree from choosing a database.
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
  })
  return waitForStore(child, port, dataDir)
}

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

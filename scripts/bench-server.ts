import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')

/** Node's flags as `npm start` gives them (package.json): the young generation's size (README, "Memory"). */
export const serverFlags = ['--max-semi-space-size=8']

/** Starts the built store on a loopback port with a fresh database, for benchmarks. */
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
      LOGIN_LIMIT_PER_IP: '100000',
      LOGIN_LIMIT_PER_ACCOUNT: '100000',
      REGISTRATION_LIMIT_PER_IP: '100000',
      ...env,
    },
  })
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
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { KEEP_ALIVE_MS } from '#server/http/listen.ts'
import { buildDir } from '#server/pages.ts'
import { parseStartLine } from '#scripts/bench-server.ts'

// A store started as the README says (`npm start`), or by running
// server/main.ts itself, renders with React's production build. The process says which
// build it loaded in its start line (server/node-env.ts reads it off the loaded modules).

const root = path.resolve(import.meta.dirname, '../..')
const startScript = (
  JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts.start!

interface StartLine {
  msg: string
  mode: string
  react: string
}

/**
 * Starts `node <args>` with no NODE_ENV at all, as a shell would; answers its start line, a
 * page's status and how long it says it keeps the connection (its Keep-Alive header).
 */
async function startWithoutNodeEnv(
  args: string[],
  startEnv: Record<string, string> = {},
): Promise<{ line: StartLine; pageStatus: number; keepAlive: string | null }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kapra-start-'))
  // The working directory has no .env; the server's own folder is the project's.
  fs.symlinkSync(path.join(root, 'server'), path.join(dir, 'server'))
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...startEnv,
    DATA_DIR: dir,
    PORT: '0',
    HOST: '127.0.0.1',
    SEED_DEMO: '0',
  }
  // The test runner sets NODE_ENV=test; a shopkeeper's shell sets nothing.
  delete env.NODE_ENV
  delete env.LOG_LEVEL
  delete env.DATABASE_URL
  const child = spawn(process.execPath, args, { cwd: dir, env })
  try {
    const line = await new Promise<StartLine>((resolve, reject) => {
      let out = ''
      let err = ''
      const timer = setTimeout(() => reject(new Error(`no start line within 60 s:\n${out}\n${err}`)), 60_000)
      child.stderr.on('data', (c: Buffer) => (err += c.toString()))
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString()
        const started = out
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l) as StartLine)
          .find((l) => l.msg.startsWith('Kapra is serving on'))
        if (started) {
          clearTimeout(timer)
          resolve(started)
        }
      })
      child.on('exit', (code) => reject(new Error(`the store exited (${code}) before serving:\n${err}`)))
    })
    const port = /localhost:(\d+)/.exec(line.msg)![1]
    const page = await fetch(`http://127.0.0.1:${port}/about`)
    await page.text()
    return { line, pageStatus: page.status, keepAlive: page.headers.get('keep-alive') }
  } finally {
    child.kill('SIGTERM')
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)))
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

describe.runIf(fs.existsSync(path.join(buildDir, 'server/index.js')))('production builds without NODE_ENV', () => {
  it('npm start renders with React’s production build', async () => {
    const start = parseStartLine(startScript)
    const { line, pageStatus, keepAlive } = await startWithoutNodeEnv(start.args, start.env)
    expect(line.mode).toBe('production')
    expect(line.react).toBe('production')
    expect(pageStatus).toBe(200)
    // Idle connections outlast the line's longest wait (server/http/listen.ts).
    expect(keepAlive).toBe(`timeout=${KEEP_ALIVE_MS / 1000}`)
  }, 90_000)

  it('so does server/main.ts run directly', async () => {
    const { line } = await startWithoutNodeEnv(['server/main.ts'])
    expect(line.react).toBe('production')
  }, 90_000)
})

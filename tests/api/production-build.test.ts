import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { KEEP_ALIVE_MS } from '#server/http/listen.ts'
import { buildDir } from '#server/pages.ts'
import { startLine } from '#scripts/bench-server.ts'

// A store started as the README says (`npm start`), or by running
// server/main.ts itself, renders with React's production build. The process says which
// build it loaded in its start line (server/node-env.ts reads it off the loaded modules).

const root = path.resolve(import.meta.dirname, '../..')

interface StartLine {
  msg: string
  mode: string
  react: string
  answers?: number
}

/**
 * Starts `node <args>` with no NODE_ENV at all, as a shell would; answers its start line, a
 * page's status, how long it says it keeps the connection (its Keep-Alive header) and the
 * line that says it warmed up (server/http/warm-up.ts).
 */
async function startWithoutNodeEnv(
  args: string[],
  startEnv: Record<string, string> = {},
): Promise<{
  line: StartLine
  pageStatus: number
  keepAlive: string | null
  warmed: StartLine
  listStatus: number
  modules: string[]
}> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kapra-start-'))
  // The working directory has no .env; the server's own folders are the project's.
  for (const d of ['server', 'build']) fs.symlinkSync(path.join(root, d), path.join(dir, d))
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
  let out = ''
  let err = ''
  child.stdout.on('data', (c: Buffer) => (out += c.toString()))
  child.stderr.on('data', (c: Buffer) => (err += c.toString()))
  /** The first line of the log whose message starts with `start`, within 60 s. */
  const logLine = (start: string) =>
    new Promise<StartLine>((resolve, reject) => {
      const find = () =>
        out
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l) as StartLine)
          .find((l) => l.msg.startsWith(start))
      const timer = setTimeout(() => reject(new Error(`no "${start}" within 60 s:\n${out}\n${err}`)), 60_000)
      const look = () => {
        const found = find()
        if (!found) return
        clearTimeout(timer)
        child.stdout.off('data', look)
        resolve(found)
      }
      child.stdout.on('data', look)
      child.once('exit', (code) => reject(new Error(`the store exited (${code}) before "${start}":\n${err}`)))
      look()
    })
  try {
    const line = await logLine('Kapra is serving on')
    const port = /localhost:(\d+)/.exec(line.msg)![1]
    const page = await fetch(`http://127.0.0.1:${port}/about`)
    await page.text()
    const warmed = await logLine('warmed up')
    // The products' list is written by a process of the server's own (its writer, built too).
    const list = await fetch(`http://127.0.0.1:${port}/api/product/list`)
    await list.text()
    const modules = [...err.matchAll(/^loaded (\S+)$/gm)].map((m) => m[1]!)
    return {
      line,
      pageStatus: page.status,
      keepAlive: page.headers.get('keep-alive'),
      warmed,
      listStatus: list.status,
      modules,
    }
  } finally {
    child.kill('SIGTERM')
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)))
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * Node's flag that makes the process say every module it loads from a file, on stderr
 * (`loaded file:///…`), through a module hook given before the store's own code.
 */
const listModules = `--import=data:text/javascript,${encodeURIComponent(
  "import { registerHooks } from 'node:module'\n" +
    'registerHooks({ load(url, context, next) {\n' +
    "  if (url.startsWith('file:')) process.stderr.write('loaded ' + url + '\\n')\n" +
    '  return next(url, context)\n' +
    '} })\n',
)}`

/** Node's flags and the entry of a start line, with `flag` put before the entry. */
const withFlag = (args: string[], flag: string) => [...args.slice(0, -1), flag, args.at(-1)!]

const typeScript = (url: string) => /\.[cm]?tsx?$/.test(url)

describe.runIf(fs.existsSync(path.join(buildDir, 'node/start.js')))('production builds without NODE_ENV', () => {
  it('npm start renders with React’s production build', async () => {
    const { line, pageStatus, keepAlive, warmed, listStatus, modules } = await startWithoutNodeEnv(
      withFlag(startLine.args, listModules),
      startLine.env,
    )
    expect(line.mode).toBe('production')
    expect(line.react).toBe('production')
    expect(pageStatus).toBe(200)
    // Idle connections outlast the line's longest wait (server/http/listen.ts).
    expect(keepAlive).toBe(`timeout=${KEEP_ALIVE_MS / 1000}`)
    // It drew its own first pages as it started: the products' list, then home and the
    // collection in both languages (an empty store: no product pages).
    expect(warmed.answers).toBe(5)
    // It runs the server built to JavaScript, and no module of TypeScript: Node never loads
    // its type stripper, which would stay in the process's memory (docs/decisions/049).
    expect(modules.some((url) => url.endsWith('/build/node/start.js'))).toBe(true)
    expect(modules.filter(typeScript)).toEqual([])
    // Its product-list writer, started from the built files, wrote the list.
    expect(listStatus).toBe(200)
  }, 90_000)

  it('so does server/main.ts run directly', async () => {
    const { line, modules } = await startWithoutNodeEnv([listModules, 'server/main.ts'])
    expect(line.react).toBe('production')
    // The hook above sees the TypeScript it is asked about.
    expect(modules.filter(typeScript)).toContain(new URL('../../server/main.ts', import.meta.url).href)
  }, 90_000)
})

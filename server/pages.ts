import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { Context } from 'hono'
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from 'react-router'
import type { ViteDevServer } from 'vite'
import type { AppEnv } from '#server/http/env.ts'
import type { AppLoadContext } from '#server/page-context.ts'
import { sessionCookies } from '#server/auth/cookies.ts'
import { OUTAGE_RETRY_AFTER_SECONDS } from '#server/http/errors.ts'
import { pageCaching } from '#server/http/caching.ts'

export const projectRoot = path.resolve(import.meta.dirname, '..')
export const buildDir = path.join(projectRoot, 'build')
export const clientDir = path.join(buildDir, 'client')
const serverEntry = path.join(buildDir, 'server', 'index.js')
/** The server's own code, built to JavaScript: what `npm start` runs (scripts/build.ts, docs/decisions/049). */
export const serverBundleDir = path.join(buildDir, 'node')
const builtFiles = [serverEntry, path.join(serverBundleDir, 'start.js')]

/** What the build is made from: a build older than any of these is rebuilt at start. */
const sourceDirs = ['app', 'contracts', 'locales', 'public', 'server', 'demo', 'patches'].map((d) =>
  path.join(projectRoot, d),
)
const sourceFiles = ['vite.config.ts', 'react-router.config.ts', 'package.json', 'package-lock.json'].map((f) =>
  path.join(projectRoot, f),
)

function newestSourceTime(): number {
  let newest = 0
  const visit = (p: string) => {
    let stat: fs.Stats
    try {
      stat = fs.statSync(p)
    } catch {
      return
    }
    if (stat.isDirectory()) {
      // A folder's time moves when a file in it is added, removed or renamed.
      newest = Math.max(newest, stat.mtimeMs)
      for (const name of fs.readdirSync(p)) visit(path.join(p, name))
    }
    // Tests are not built.
    else if (!/\.test\.tsx?$/.test(p)) newest = Math.max(newest, stat.mtimeMs)
  }
  for (const p of [...sourceDirs, ...sourceFiles]) visit(p)
  return newest
}

/** The oldest of the built entries, or 0 when one is missing. */
function builtTime(): number {
  return Math.min(...builtFiles.map((f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0)))
}

/** `npm start` on a fresh clone: build the storefront and the server when missing or stale. */
export function ensureBuilt(log: (msg: string) => void): void {
  const built = builtTime()
  if (built > 0 && built >= newestSourceTime()) return
  log(built ? 'Sources changed; rebuilding…' : 'Building the store (first start)…')
  const result = spawnSync(process.execPath, [path.join(projectRoot, 'scripts/build.ts')], {
    cwd: projectRoot,
    stdio: 'inherit',
  })
  if (result.status !== 0) throw new Error('The build failed (see above).')
}

type PagesHandler = (c: Context<AppEnv>) => Promise<Response>

/**
 * `source` is the build itself in production: React Router then derives its route table
 * once, where a function (Vite's, in development) makes it derive the table again for
 * every request (a twentieth of a page's time).
 */
function handlerFor(source: ServerBuild | (() => Promise<ServerBuild>), mode: string): PagesHandler {
  const getBuild = typeof source === 'function' ? source : () => Promise.resolve(source)
  let handle: ReturnType<typeof createRequestHandler> | undefined
  return async (c) => {
    const build = await getBuild()
    const key = (build.entry.module as { appContext?: RouterContext<AppLoadContext> }).appContext
    if (!key) throw new Error('entry.server must export appContext')
    handle ??= createRequestHandler(source, mode)
    const value: AppLoadContext = {
      services: c.get('services'),
      user: c.get('user'),
      twoFactorEnrolled: c.get('twoFactorEnrolled'),
      sessionToken: c.get('sessionToken'),
      sessionCookies: sessionCookies(c),
      clientAddress: c.get('clientAddress'),
      requestId: c.get('requestId'),
      nonce: c.get('forEveryGuest') ? undefined : c.get('secureHeadersNonce'),
      forEveryGuest: c.get('forEveryGuest') === true,
      sessionUnavailable: c.get('sessionUnavailable'),
      faults: { database: false },
      outage: false,
    }
    // A read-only request can be rendered twice (it has no body to read again, so the same
    // request serves); a form post is never run again.
    const readOnly = c.req.method === 'GET' || c.req.method === 'HEAD'
    let res = await handle(c.req.raw, new RouterContextProvider(new Map([[key, value]])))
    if (res.status >= 500 && value.faults.database && readOnly) {
      // The database is out of reach (docs/decisions/013): the page says so, answered
      // 503 by the root's middleware before any loader asks the database again.
      await res.body?.cancel()
      res = await handle(c.req.raw, new RouterContextProvider(new Map([[key, { ...value, outage: true }]])))
    }
    if (res.status === 503 || value.faults.database) {
      res.headers.set('Retry-After', String(OUTAGE_RETRY_AFTER_SECONDS))
      res.headers.set('Cache-Control', 'no-store')
    }
    pageCaching(c, res)
    return res
  }
}

export async function productionPages(): Promise<PagesHandler> {
  const build = (await import(serverEntry)) as ServerBuild
  return handlerFor(build, 'production')
}

export function developmentPages(vite: ViteDevServer): PagesHandler {
  const ssr = vite.environments.ssr as unknown as { runner: { import(id: string): Promise<unknown> } }
  return handlerFor(() => ssr.runner.import('virtual:react-router/server-build') as Promise<ServerBuild>, 'development')
}

import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import { createStaticHandler, matchRoutes, type RouteMatch, type RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import routeConfig from '#app/routes.ts'

// The store's routes as React Router matches them: the server's router keeps its branches
// by their first segment (patches/react-router+8.4.0.patch, docs/decisions/053) and must
// match every address exactly as React Router's own matchRoutes does.

let unnamed = 0
const toRoutes = (entries: RouteConfigEntry[]): RouteObject[] =>
  entries.map((entry) => {
    const id = entry.id ?? `${entry.file}#${unnamed++}`
    if (entry.index) return { id, index: true }
    return { id, path: entry.path, ...(entry.children ? { children: toRoutes(entry.children) } : {}) }
  })
// The framework's root route holds every page, with the empty path.
const routes: RouteObject[] = [{ id: 'root', path: '', children: toRoutes(routeConfig) }]

/** Every path of the config, its parameters filled in. */
function paths(entries: RouteConfigEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? `${parent}/${entry.path}` : parent
    const own = entry.index || entry.path ? [here.replace(/:(\w+)/g, 'x-$1').replace(/\*$/, 'any/thing') || '/'] : []
    return [...own, ...paths(entry.children ?? [], here)]
  })
}

const addresses = [
  ...new Set(paths(routeConfig)),
  '/',
  '//',
  '//order',
  '/ORDER',
  '/Ur/Order/',
  '/order/',
  '/order//x',
  '/%6Frder',
  '/productdetail/a%2Fb',
  '/productdetail/%D9%84%D8%A7%D9%86',
  '/ur/productdetail/x/extra',
  '/admin/products/import/7/more',
  '/nowhere',
  '/nowhere/deeper',
  '/ur/nowhere',
  '/admin/nowhere',
  '/ADMIN',
  '/language/x',
  '/کپڑے',
]

const summary = (matches: RouteMatch[] | null | undefined) =>
  matches?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, base: m.pathnameBase })) ?? null

describe("the store's routes", () => {
  const handler = createStaticHandler(routes) as unknown as { match(path: string): RouteMatch[] | null }

  it.each(addresses)('%s is matched by the server as by matchRoutes', (address) => {
    expect(summary(handler.match(address))).toEqual(summary(matchRoutes(routes, address) as RouteMatch[]))
  })

  it('every page of the config is found, never the catch-all in its place', () => {
    for (const address of paths(routeConfig).filter((p) => !p.endsWith('any/thing'))) {
      expect(handler.match(address)?.at(-1)?.route.path, address).not.toBe('*')
    }
  })

  it('runs with the patch installed', () => {
    // npm install applies it (package.json's postinstall); without it every request tries
    // every branch again and builds the route tree again (docs/decisions/053).
    const require = createRequire(import.meta.url)
    const dist = path.dirname(require.resolve('react-router'))
    for (const file of ['lib/router/utils.js', 'lib/dom/ssr/server.js', 'lib/server-runtime/entry.js']) {
      expect(fs.readFileSync(path.join(dist, file), 'utf8'), file).toContain("Kapra's patch")
    }
  })
})

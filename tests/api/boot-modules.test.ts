import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { createApp } from '#server/app.ts'
import { clientDir } from '#server/pages.ts'
import { createTestStore, defaultCatalog, type TestStore } from '#tests/api/harness.ts'
import { appWithPages, pagesBuilt } from '#tests/api/pages.ts'

// What a shopper's phone runs when a storefront page boots (docs/decisions/038): the
// modules the starter puts back (app/lib/deferred-boot.server.ts). The contracts' schemas
// are for the API and for forms that ask for them on demand; building a hundred zod schemas
// at boot was a long task Lighthouse counted against every page. The chunk that holds zod
// also holds contracts/zod.ts's `jitless` setting, which nothing else has.

const pages = [
  '/',
  '/collection',
  '/collection?category=Women&sort=low-high',
  `/productdetail/${defaultCatalog[0]!.id}`,
]

/** The module preloads the starter of a page puts back at boot. */
function bootModules(html: string): string[] {
  const list = /const pre=(\[[^\]]*\])/.exec(html)?.[1]
  if (!list) throw new Error('the page has no starter')
  return JSON.parse(list) as string[]
}

describe.runIf(pagesBuilt)('the modules a storefront page boots with', () => {
  let store: TestStore
  let app: ReturnType<typeof createApp>
  beforeAll(async () => {
    store = await createTestStore('sqlite')
    app = await appWithPages(store)
  })
  afterAll(() => store.close())

  it.each(pages.flatMap((p) => [p, p === '/' ? '/ur' : `/ur${p}`]))('%s boots without zod', async (page) => {
    const res = await app.request(page)
    expect(res.status).toBe(200)
    const modules = bootModules(await res.text())
    expect(modules.length).toBeGreaterThan(10)
    const withZod = modules.filter((m) => fs.readFileSync(path.join(clientDir, m), 'utf8').includes('jitless'))
    expect(withZod).toEqual([])
  })

  it('finds zod where a form asks for it: the chunk exists in the build', () => {
    const assets = fs.readdirSync(path.join(clientDir, 'assets')).filter((f) => f.endsWith('.js'))
    const withZod = assets.filter((f) => fs.readFileSync(path.join(clientDir, 'assets', f), 'utf8').includes('jitless'))
    expect(withZod).toHaveLength(1)
  })
})

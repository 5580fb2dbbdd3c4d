import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ServerBuild } from 'react-router'
import { buildDir } from '#server/pages.ts'
import { pagesBuilt } from '#tests/api/pages.ts'
import { databases } from '#tests/api/harness.ts'
import { BAD, enc, pagePaths, pageQueryNames, useFuzzedStore } from '#tests/api/input-hygiene.ts'

// docs/decisions/016: a scanner fed the store NUL bytes, newlines, broken UTF-16 and very long
// strings and got 500s. Every page's path parameters and every query parameter the pages
// read are fed each of these, on both databases, and nothing answers 5xx (the inputs and
// the store: tests/api/input-hygiene.ts).

describe.each(databases)('every input refuses control characters without a 5xx (%s)', (kind) => {
  const fuzz = useFuzzedStore(kind)
  const { ids, session, failures, expectNo5xx, request } = fuzz

  it.runIf(pagesBuilt)(
    'fuzzes every page: its path parameters and every query parameter pages read',
    async () => {
      const build = (await import(path.join(buildDir, 'server/index.js'))) as ServerBuild
      const pages = pagePaths(build).filter((p) => !p.includes('*'))
      expect(pages).toContain('/productdetail/:productId')
      const names = pageQueryNames()
      expect(names).toEqual(expect.arrayContaining(['q', 'redirectTo', 'token', 'address', 'edit', 'page']))
      const sample = (p: string) => p.replace(':productId', ids.product).replace(':orderId', ids.order)

      for (const who of ['guest', 'shopper', 'admin'] as const) {
        const cookie = who === 'guest' ? undefined : await session(who)
        for (const page of pages) {
          for (const [what, bad] of BAD) {
            for (const param of page.match(/:\w+/g) ?? []) {
              const res = await request('GET', sample(page.replace(param, enc(bad))), cookie)
              await expectNo5xx(`${who} ${page} ${param} with ${what}`, res)
            }
            const all = names.map((n) => `${n}=${enc(bad)}`).join('&')
            await expectNo5xx(
              `${who} ${page} every parameter with ${what}`,
              await request('GET', `${sample(page)}?${all}`, cookie),
            )
            // NUL alone in each parameter: one bad value must not hide behind another.
            if (what === 'NUL') {
              for (const name of names) {
                const res = await request('GET', `${sample(page)}?${name}=${enc(bad)}`, cookie)
                await expectNo5xx(`${who} ${page} ?${name} with ${what}`, res)
              }
            }
          }
        }
      }
      expect(failures).toEqual([])
    },
    240_000,
  )

  it.runIf(pagesBuilt)('shows the collection without a search that holds a control character', async () => {
    const res = await request('GET', '/collection?q=ab%00', undefined)
    expect(res.status).toBe(301)
    expect(res.headers.get('location')).toBe('/collection')
    const kept = await request('GET', '/collection?q=ab%00&category=Men', undefined)
    expect(kept.headers.get('location')).toBe('/collection?category=Men')
  })
})

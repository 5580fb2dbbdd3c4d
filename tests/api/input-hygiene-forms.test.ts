import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ServerBuild } from 'react-router'
import { buildDir } from '#server/pages.ts'
import { pagesBuilt } from '#tests/api/pages.ts'
import { databases } from '#tests/api/harness.ts'
import { BAD, enc, pagePaths, formsOf, useFuzzedStore } from '#tests/api/input-hygiene.ts'

// docs/decisions/016: a scanner fed the store NUL bytes, newlines, broken UTF-16 and very long
// strings and got 500s. Every field of every form the pages render is fed each of these, on
// both databases, and nothing answers 5xx (the inputs and the store:
// tests/api/input-hygiene.ts).

describe.each(databases)('every input refuses control characters without a 5xx (%s)', (kind) => {
  const fuzz = useFuzzedStore(kind)
  const { ids, session, failures, expectNo5xx, request } = fuzz

  it.runIf(pagesBuilt)(
    'fuzzes every field of every form the pages render',
    async () => {
      const build = (await import(path.join(buildDir, 'server/index.js'))) as ServerBuild
      const pages = pagePaths(build)
        .filter((p) => !p.includes('*'))
        .map((p) => p.replace(':productId', ids.product).replace(':orderId', ids.order))
      // Pages whose forms only show in a state of their own.
      pages.push('/account?add=1', `/account?edit=${ids.address}`, '/account?delete=1', `/order/${ids.order}?cancel=1`)
      let forms = 0
      for (const who of ['guest', 'shopper', 'admin'] as const) {
        for (const page of pages) {
          const cookie = who === 'guest' ? undefined : await session(who)
          const res = await request('GET', page, cookie)
          if (res.status !== 200) {
            await res.body?.cancel()
            continue
          }
          for (const form of formsOf(await res.text(), page)) {
            forms++
            const formCookie = who === 'guest' ? undefined : await session(who)
            for (const [what, bad] of BAD) {
              for (let i = 0; i < form.fields.length; i++) {
                const fields = form.fields.map(([n, v], j): [string, string] => [n, i === j ? bad : v])
                let body: BodyInit
                let type: string | undefined
                if (form.multipart) {
                  const data = new FormData()
                  for (const [n, v] of fields) data.append(n, v)
                  body = data
                } else {
                  // Written by hand: URLSearchParams would turn a lone surrogate into U+FFFD.
                  body = fields.map(([n, v]) => `${enc(n)}=${enc(v)}`).join('&')
                  type = 'application/x-www-form-urlencoded'
                }
                const res = await request('POST', form.action, formCookie, body, type)
                await expectNo5xx(`${who} ${page} form ${form.action} field ${form.fields[i]![0]} with ${what}`, res)
              }
            }
          }
        }
      }
      expect(forms).toBeGreaterThan(15)
      expect(failures).toEqual([])
    },
    300_000,
  )
})

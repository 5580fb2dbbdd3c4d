import { describe, expect, it } from 'vitest'
import { newAccount } from '#tests/support/factories.ts'
import { databases } from '#tests/api/harness.ts'
import { BAD, enc, API, variants, useFuzzedStore } from '#tests/api/input-hygiene.ts'

// docs/decisions/016: a scanner fed the store NUL bytes, newlines, broken UTF-16 and very long
// strings and got 500s. Every input of every API route (its path and query parameters, every
// text of its JSON body) is fed each of these, on both databases, and nothing answers 5xx
// (the inputs and the store: tests/api/input-hygiene.ts).

describe.each(databases)('every input refuses control characters without a 5xx (%s)', (kind) => {
  const fuzz = useFuzzedStore(kind)
  const { ids, session, failures, expectNo5xx, request } = fuzz

  it('fuzzes every API route: its path, its query parameters and every text of its body', async () => {
    const routes = [...new Set(fuzz.app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))]
    expect(routes.filter((r) => !(r in API))).toEqual([])
    const sample = (p: string) =>
      p
        .replace(':name', 'oxford-shirt-1.webp')
        .replace(/\/orders\/:id/, `/orders/${ids.order}`)
        .replace(/\/products\/:id/, `/products/${ids.product}`)
        .replace(/\/addresses\/:id/, `/addresses/${ids.address}`)
        .replace(':id', ids.product)

    for (const route of routes) {
      const [method, routePath] = route.split(' ') as [string, string]
      const inputs = API[route]!
      for (const who of ['shopper', 'admin'] as const) {
        const cookie = await session(who)
        for (const [what, bad] of BAD) {
          const label = (part: string) => `${who} ${route} ${part} with ${what}`
          // Each path parameter.
          for (const param of routePath.match(/:\w+/g) ?? []) {
            await expectNo5xx(label(param), await request(method, sample(routePath.replace(param, enc(bad))), cookie))
          }
          // Each query parameter, alone and all at once.
          for (const name of inputs.query ?? []) {
            await expectNo5xx(
              label(`?${name}`),
              await request(method, `${sample(routePath)}?${name}=${enc(bad)}`, cookie),
            )
          }
          // Each text of the body.
          for (const body of inputs.body === undefined ? [] : variants(inputs.body, bad)) {
            const res = await request(method, sample(routePath), cookie, JSON.stringify(body), 'application/json')
            await expectNo5xx(label(`body ${JSON.stringify(body).slice(0, 80)}`), res)
          }
          for (const body of inputs.multipart === undefined ? [] : variants(inputs.multipart, bad)) {
            const form = new FormData()
            form.set('product', JSON.stringify(body))
            await expectNo5xx(label('multipart product'), await request(method, sample(routePath), cookie, form))
          }
          if (inputs.signsOut) break
        }
      }
    }
    expect(failures).toEqual([])
  }, 240_000)

  it('answers the scanner’s requests with 400 naming the field, or treats the value as absent', async () => {
    const products = await request('GET', '/api/products?q=ab%00', undefined)
    expect(products.status).toBe(400)
    expect(await products.json()).toEqual({
      message: 'q must not contain control characters',
      fields: { q: 'q must not contain control characters' },
    })
    const suggest = await request('GET', '/api/product/suggest?q=ab%00', undefined)
    expect(suggest.status).toBe(400)
    expect(((await suggest.json()) as { message: string }).message).toBe('q must not contain control characters')
    expect((await request('GET', '/api/product/ab%00', undefined)).status).toBe(404)
    const cookie = await session('shopper')
    const add = await request(
      'POST',
      '/api/cart/add',
      cookie,
      JSON.stringify({ itemId: 'ab\u0000', size: 'M' }),
      'application/json',
    )
    expect(add.status).toBe(400)
    expect(((await add.json()) as { fields: Record<string, string> }).fields).toEqual({
      itemId: 'itemId must not contain control characters',
    })
    const name = await request(
      'POST',
      '/api/auth/registration',
      undefined,
      JSON.stringify({ ...newAccount(), name: 'Line\nbreak' }),
      'application/json',
    )
    expect(name.status).toBe(400)
    expect(((await name.json()) as { message: string }).message).toBe('Name must not contain control characters')
  })
})

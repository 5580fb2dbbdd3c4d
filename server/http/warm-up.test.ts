import { describe, expect, it } from 'vitest'
import { selfOrigin, warmUp, warmUpPaths } from '#server/http/warm-up.ts'

describe('a starting process warms up on its own pages', () => {
  it('asks its own port, on the loopback when it listens on every address', () => {
    expect(selfOrigin(undefined, 3000)).toBe('http://127.0.0.1:3000')
    expect(selfOrigin('0.0.0.0', 3000)).toBe('http://127.0.0.1:3000')
    expect(selfOrigin('::', 8080)).toBe('http://127.0.0.1:8080')
    expect(selfOrigin('10.0.0.5', 3000)).toBe('http://10.0.0.5:3000')
    expect(selfOrigin('::1', 3000)).toBe('http://[::1]:3000')
  })

  it('asks for home, the collection and each product, in English and in Urdu', () => {
    expect(warmUpPaths(['men-oxford', 'a b'])).toEqual([
      '/',
      '/ur',
      '/collection',
      '/ur/collection',
      '/productdetail/men-oxford',
      '/ur/productdetail/men-oxford',
      '/productdetail/a%20b',
      '/ur/productdetail/a%20b',
    ])
  })

  it('asks one page at a time, reads each whole, and says how many answered', async () => {
    const asked: string[] = []
    let inFlight = 0
    const logs: [string, Record<string, unknown>][] = []
    const fake = (async (url: string) => {
      inFlight++
      expect(inFlight).toBe(1)
      asked.push(url)
      await new Promise((r) => setTimeout(r, 1))
      inFlight--
      if (url.includes('/api/products')) return Response.json({ items: [{ _id: 'p1' }] })
      return new Response('<html></html>', { status: url.endsWith('/ur/productdetail/p1') ? 404 : 200 })
    }) as typeof fetch
    const answered = await warmUp({
      origin: 'http://127.0.0.1:9',
      products: 3,
      log: (msg, fields) => logs.push([msg, fields]),
      fetch: fake,
    })
    expect(asked).toEqual([
      'http://127.0.0.1:9/api/products?limit=3',
      'http://127.0.0.1:9/',
      'http://127.0.0.1:9/ur',
      'http://127.0.0.1:9/collection',
      'http://127.0.0.1:9/ur/collection',
      'http://127.0.0.1:9/productdetail/p1',
      'http://127.0.0.1:9/ur/productdetail/p1',
    ])
    expect(answered).toBe(6)
    expect(logs.map(([msg, fields]) => [msg, fields.answers, typeof fields.ms])).toEqual([['warmed up', 6, 'number']])
  })

  it('never stops the store: a failure is logged and the warm-up ends', async () => {
    const logs: string[] = []
    const failing = (() => Promise.reject(new TypeError('fetch failed'))) as typeof fetch
    await expect(
      warmUp({ origin: 'http://127.0.0.1:9', products: 8, log: (msg) => logs.push(msg), fetch: failing }),
    ).resolves.toBe(0)
    expect(logs).toEqual(['warm-up stopped'])
  })

  it('asks nothing with WARM_UP_PRODUCTS=0', async () => {
    const fake = (() => Promise.reject(new Error('asked'))) as typeof fetch
    await expect(warmUp({ origin: 'http://127.0.0.1:9', products: 0, log: () => {}, fetch: fake })).resolves.toBe(0)
  })
})

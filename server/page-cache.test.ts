import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '#server/http/env.ts'
import { createPageCache, STALE_MS } from '#server/page-cache.ts'

// A page a size selling out (or coming back) outdated is drawn again by one guest while the
// others have it as it was, for at most STALE_MS after the change; a change to the catalog
// (a price, a product, a sale) is never answered as it was (docs/decisions/029).
describe('guests’ pages while they are drawn again', () => {
  function setUp() {
    const clock = { now: 1_000_000 }
    const cache = createPageCache({ maxBytes: 1 << 20, now: () => clock.now })
    let version = 1
    /** Each drawing waits for its release, so a test holds it mid-way. */
    const drawings: (() => void)[] = []
    const app = new Hono<AppEnv>()
    app.use('*', async (c, next) => {
      c.set('clientProtocol', 'http')
      await next()
    })
    app.all(
      '*',
      cache.middleware(async () => {
        const drawn = version
        await new Promise<void>((resolve) => drawings.push(resolve))
        return new Response(`<p>version ${drawn}</p>`, { headers: { 'content-type': 'text/html' } })
      }),
    )
    const get = (path = '/collection?sale=1') => app.request(`http://store.test${path}`)
    const text = async (res: Response | Promise<Response>) => (await res).text()
    /** Lets every drawing waiting now finish. */
    const release = async () => {
      await new Promise((resolve) => setTimeout(resolve, 0))
      for (const go of drawings.splice(0)) go()
    }
    return {
      clock,
      cache,
      get,
      text,
      release,
      change: () => version++,
      waiting: () => drawings.length,
    }
  }

  async function kept(t: ReturnType<typeof setUp>, path?: string) {
    const first = t.get(path)
    await t.release()
    return t.text(first)
  }

  it('answers the page as it was while one guest waits for it to be drawn again', async () => {
    const t = setUp()
    expect(await kept(t)).toBe('<p>version 1</p>')

    t.change()
    t.cache.drop(() => true)
    const drawing = t.get()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(t.waiting()).toBe(1)
    // Others meanwhile: the page as it was, at once, with nothing more drawn.
    expect(await t.text(t.get())).toBe('<p>version 1</p>')
    expect(await t.text(t.get())).toBe('<p>version 1</p>')
    expect(t.waiting()).toBe(1)
    expect(t.cache.stats()).toMatchObject({ stale: 2 })
    await t.release()
    expect(await t.text(drawing)).toBe('<p>version 2</p>')
    expect(await t.text(t.get())).toBe('<p>version 2</p>')
    expect(t.waiting()).toBe(0)
  })

  it('never answers a page more than STALE_MS after the change: past it, every guest waits for the new one', async () => {
    const t = setUp()
    await kept(t)
    t.change()
    t.cache.drop(() => true)
    const drawing = t.get()
    await new Promise((resolve) => setTimeout(resolve, 0))
    t.clock.now += STALE_MS + 1
    const late = t.get()
    await new Promise((resolve) => setTimeout(resolve, 0))
    // One drawing for both: the late guest waits for it.
    expect(t.waiting()).toBe(1)
    await t.release()
    expect(await t.text(late)).toBe('<p>version 2</p>')
    expect(await t.text(drawing)).toBe('<p>version 2</p>')
  })

  it('draws a page again when a change came while it was drawn, answering the newer one meanwhile', async () => {
    const t = setUp()
    await kept(t)
    t.change()
    t.cache.drop(() => true)
    const drawing = t.get()
    await new Promise((resolve) => setTimeout(resolve, 0))
    // A change while it is drawn: what it draws is kept, but out of date.
    t.change()
    t.cache.drop(() => true)
    await t.release()
    expect(await t.text(drawing)).toBe('<p>version 2</p>')

    const again = t.get()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(t.waiting()).toBe(1)
    expect(await t.text(t.get())).toBe('<p>version 2</p>')
    await t.release()
    expect(await t.text(again)).toBe('<p>version 3</p>')
  })

  it('leaves pages a change does not touch as they are', async () => {
    const t = setUp()
    await kept(t, '/about')
    await kept(t, '/collection')
    t.change()
    t.cache.drop((page) => page === '/collection')
    expect(await t.text(t.get('/about'))).toBe('<p>version 1</p>')
    expect(t.waiting()).toBe(0)
    const drawing = t.get('/collection')
    await t.release()
    expect(await t.text(drawing)).toBe('<p>version 2</p>')
  })

  it('never answers a page as it was after a change to the catalog: every guest waits for the new one', async () => {
    const t = setUp()
    await kept(t)
    t.change()
    t.cache.clear()
    const first = t.get()
    await new Promise((resolve) => setTimeout(resolve, 0))
    const second = t.get()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(t.waiting()).toBe(1)
    await t.release()
    expect(await t.text(first)).toBe('<p>version 2</p>')
    expect(await t.text(second)).toBe('<p>version 2</p>')
    expect(t.cache.stats()).toMatchObject({ stale: 0 })
  })

  it('keeps nothing drawn across a change to the catalog: the next guest draws it again', async () => {
    const t = setUp()
    const drawing = t.get()
    await new Promise((resolve) => setTimeout(resolve, 0))
    t.change()
    t.cache.clear()
    await t.release()
    expect(await t.text(drawing)).toBe('<p>version 1</p>')
    const next = t.get()
    await new Promise((resolve) => setTimeout(resolve, 0))
    // Another guest meanwhile waits too: nothing of before the change is there to answer.
    const other = t.get()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(t.waiting()).toBe(1)
    await t.release()
    expect(await t.text(next)).toBe('<p>version 2</p>')
    expect(await t.text(other)).toBe('<p>version 2</p>')
  })
})

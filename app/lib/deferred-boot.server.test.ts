import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import { deferHydration, INERT_BOOT_TYPE, starterScript } from './deferred-boot.server.ts'

const nonce = 'n0nce=='
const head =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Kurta · Kapra</title>' +
  `<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="${nonce}"/>` +
  `<link rel="modulepreload" href="/assets/jsx-runtime-B.js" nonce="${nonce}"/>` +
  `<link nonce="${nonce}" rel="stylesheet" href="/assets/root-C.css"/></head>`
const body =
  '<body><main><h1>Rs 3,490 · ₨ کرتا</h1><a href="/cart">Cart</a></main>' +
  `<script nonce="${nonce}">window.__reactRouterContext = {};</script>` +
  `<script nonce="${nonce}" type="module" async="">;\nimport * as route0 from "/assets/root-D.js";\nimport("/assets/entry.client-A.js");</script>` +
  `<script nonce="${nonce}">window.__reactRouterContext.streamController.close();</script></body></html>`
const page = head + body

async function run(chunks: string[] | Buffer[], options: { nonce?: string } = { nonce }) {
  return (await buffer(Readable.from(chunks.map((c) => Buffer.from(c))).pipe(deferHydration(options.nonce)))).toString()
}

describe('deferHydration', () => {
  it('moves the module preloads into the starter and makes the boot script inert, touching nothing else', async () => {
    const starter = starterScript(['/assets/entry.client-A.js', '/assets/jsx-runtime-B.js'], nonce)
    expect(await run([page])).toBe(
      head.replace(/<link rel="modulepreload"[^>]*>/g, '').replace('</head>', `${starter}</head>`) +
        body.replace('type="module"', `type="${INERT_BOOT_TYPE}"`),
    )
  })

  it('gives on what React wrote as one piece each time React flushes, and the rest at the end', async () => {
    const stream = deferHydration(nonce)
    const pieces: string[] = []
    stream.on('data', (piece: Buffer) => pieces.push(piece.toString()))
    const ended = new Promise((resolve) => stream.on('end', resolve))
    const bytes = Buffer.from(page)
    const shell = bytes.indexOf('<script')
    for (let at = 0; at < shell; at += 40) stream.write(bytes.subarray(at, Math.min(at + 40, shell)))
    stream.flush()
    await new Promise((resolve) => setImmediate(resolve))
    expect(pieces).toHaveLength(1)
    for (let at = shell; at < bytes.length; at += 40) stream.write(bytes.subarray(at, at + 40))
    stream.end()
    await ended
    expect(pieces).toHaveLength(2)
    expect(pieces.join('')).toBe(await run([page]))
  })

  it('gives the same page however the stream is cut, inside tags and characters alike', async () => {
    const whole = await run([page])
    const bytes = Buffer.from(page)
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await run([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(whole)
    }
    expect(await run([...bytes].map((b) => Buffer.from([b])))).toBe(whole)
  })

  it('passes a page without module preloads through unchanged', async () => {
    const plain =
      '<!DOCTYPE html><html><head><title>x</title></head><body><script type="module">1</script></body></html>'
    expect(await run([plain])).toBe(plain)
  })

  it('passes a stream without a head through unchanged', async () => {
    expect(await run(['{"not":', '"html"}'])).toBe('{"not":"html"}')
  })

  it('omits the nonce when the page has none', async () => {
    expect(await run([page], {})).toContain(`<script>(()=>`)
  })
})

describe('starterScript', () => {
  it('cannot be closed early by a preload address', () => {
    const script = starterScript(['/a</script><script>alert(1)</script>.js'], nonce)
    expect(script.match(/<\/script>/g)).toHaveLength(1)
    expect(script).toContain('\\u003c/script>')
  })
})

import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newStep, SaleShopper, type LineStats } from './sale-shopper.ts'

// A stand-in store: /line answers the line's 503 twice, then 200; /broken a 503 without
// Retry-After; /boom a 500; /who the client address and cookies it saw.
let server: http.Server
let base: URL
const seen = new Map<string, number>()
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const key = `${req.socket.remoteAddress} ${req.url}`
    const n = (seen.get(key) ?? 0) + 1
    seen.set(key, n)
    if (req.url === '/line' && n <= 2) {
      res.writeHead(503, { 'retry-after': '0', 'set-cookie': `place=${n}; Path=/; HttpOnly` })
      return res.end('{"message":"You are in line","retryAfter":0}')
    }
    if (req.url === '/broken') return res.writeHead(503).end('down')
    if (req.url === '/boom') return res.writeHead(500).end('{"message":"Internal error"}')
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ address: req.socket.remoteAddress, cookie: req.headers.cookie ?? null }))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))

const newLine = (): LineStats => ({ answers: 0, failures: [], waits: [], gaveUp: 0 })

describe('a sale shopper', () => {
  it('connects from its own loopback address and waits in the line, keeping the cookie it was given', async () => {
    const shopper = new SaleShopper(base, '127.31.4.5', 'a@example.com')
    const step = newStep()
    const line = newLine()
    const answer = await shopper.step(step, line, 'home', 'GET', '/line')
    const who = await shopper.send('GET', '/who')
    shopper.close()
    expect(answer?.status).toBe(200)
    expect(line.answers).toBe(2)
    expect(line.failures).toEqual([])
    expect(step.statuses.get(503)).toBe(2)
    expect(step.times).toHaveLength(1) // the line's answers are not timed as the step's
    expect(shopper.waited).toBeGreaterThan(0)
    expect(JSON.parse(who.text)).toEqual({ address: '127.31.4.5', cookie: 'place=2' })
  })

  it('counts a 503 without Retry-After and any other 5xx as failures', async () => {
    const shopper = new SaleShopper(base, '127.31.4.6', 'b@example.com')
    const line = newLine()
    expect((await shopper.step(newStep(), line, 'home', 'GET', '/broken'))?.status).toBe(503)
    expect((await shopper.step(newStep(), line, 'order', 'POST', '/boom', {}))?.status).toBe(500)
    shopper.close()
    expect(line.answers).toBe(0)
    expect(line.failures).toEqual(['home: 503 down', 'order: 500 {"message":"Internal error"}'])
  })
})

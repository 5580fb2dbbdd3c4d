import http from 'node:http'
import type net from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { MAX_WAIT_S } from '#server/http/admission.ts'
import { keepConnections, KEEP_ALIVE_MS, listen, LISTENING_SOCKETS } from '#server/http/listen.ts'

// One HTTP server on several listening sockets of one port (SO_REUSEPORT, on Linux).

const servers: http.Server[] = []
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((resolve) => s.close(resolve))
})

function server() {
  const s = http.createServer((_req, res) => res.end('served'))
  servers.push(s)
  return s
}

describe('listening sockets', () => {
  it('serve one port through several sockets, every connection reaching the one server', async () => {
    const one = server()
    // Whether each connection the server takes has Nagle's algorithm off, as its own socket's
    // have (Node's own flag on the socket: no public getter).
    const noDelay: unknown[] = []
    one.on('connection', (socket: net.Socket) => {
      const flag = Object.getOwnPropertySymbols(socket).find((s) => s.description === 'kSetNoDelay')
      noDelay.push(flag && (socket as unknown as Record<symbol, unknown>)[flag])
    })
    const listening = await listen(one, { port: 0, host: '127.0.0.1' })
    expect(listening.port).toBeGreaterThan(0)
    expect(listening.sockets).toBe(process.platform === 'linux' ? LISTENING_SOCKETS : listening.sockets)
    // Fresh connections, spread by the kernel over the sockets.
    const agent = new http.Agent({ keepAlive: false })
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => fetchText(`http://127.0.0.1:${listening.port}/`, agent)),
    )
    expect(new Set(answers)).toEqual(new Set(['served']))
    expect(noDelay).toHaveLength(40)
    expect(new Set(noDelay)).toEqual(new Set([true]))
    listening.close()
  })

  it('refuse a port another server holds, as without shared sockets', async () => {
    const first = await listen(server(), { port: 0, host: '127.0.0.1' })
    await expect(listen(server(), { port: first.port, host: '127.0.0.1' })).rejects.toMatchObject({
      code: 'EADDRINUSE',
    })
    first.close()
  })

  it("keep an idle connection open past the line's longest wait and nginx's upstream minute", () => {
    const one = server()
    keepConnections(one)
    expect(one.keepAliveTimeout).toBe(KEEP_ALIVE_MS)
    // A visitor told to come back in MAX_WAIT_S seconds comes back on an open connection.
    expect(one.keepAliveTimeout).toBeGreaterThan(MAX_WAIT_S * 1000 + 5_000)
    // nginx keeps its upstream connections 60 s (deploy/nginx-cluster.conf): the store closes later.
    expect(one.keepAliveTimeout).toBeGreaterThan(60_000)
    expect(one.headersTimeout).toBeGreaterThan(one.keepAliveTimeout)
  })
})

function fetchText(url: string, agent: http.Agent): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let text = ''
        res.on('data', (c: Buffer) => (text += c.toString()))
        res.on('end', () => resolve(text))
      })
      .on('error', reject)
  })
}

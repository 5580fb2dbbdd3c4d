import net from 'node:net'

/**
 * A TCP proxy in front of a server (PostgreSQL in the fault tests): cutting it is an
 * outage as the store sees one (connections reset, new ones refused), without
 * stopping the real server others use.
 */
export interface TcpProxy {
  port: number
  /** Resets every open connection and refuses new ones. */
  cut(): Promise<void>
  /** Accepts connections again on the same port. */
  restore(): Promise<void>
  close(): Promise<void>
}

export async function startTcpProxy(target: { host: string; port: number }, port = 0): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>()
  let server: net.Server | undefined
  let bound = port

  const open = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host)
        for (const socket of [client, upstream]) {
          sockets.add(socket)
          socket.on('close', () => sockets.delete(socket))
          socket.on('error', () => {
            client.destroy()
            upstream.destroy()
          })
        }
        client.pipe(upstream)
        upstream.pipe(client)
      })
      s.once('error', reject)
      s.listen(bound, '127.0.0.1', () => {
        bound = (s.address() as net.AddressInfo).port
        server = s
        resolve()
      })
    })

  const shut = () =>
    new Promise<void>((resolve) => {
      const s = server
      server = undefined
      for (const socket of sockets) socket.resetAndDestroy()
      sockets.clear()
      if (!s) return resolve()
      s.close(() => resolve())
    })

  await open()
  return {
    get port() {
      return bound
    },
    cut: shut,
    restore: open,
    close: shut,
  }
}

/** The same PostgreSQL URL, reached through the proxy's port. */
export function throughProxy(url: string, proxy: TcpProxy): string {
  const u = new URL(url)
  u.hostname = '127.0.0.1'
  u.port = String(proxy.port)
  return u.toString()
}

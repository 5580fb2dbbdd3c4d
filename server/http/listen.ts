import type http from 'node:http'
import net from 'node:net'

// The store's one process listens on its port through several sockets (SO_REUSEPORT),
// all handing their connections to the one HTTP server (docs/decisions/032). libuv takes
// in one new connection a turn of the event loop from each listening socket; when a turn
// is long (a busy second on a sale night: 100–200 ms here), one socket lets in 5 to 10
// new visitors a second while the shoppers already connected go on, and the rest wait in
// the kernel's queue for seconds, where the line (server/http/admission.ts) cannot see
// them. Eight sockets let in eight a turn.

/**
 * How long an idle kept-alive connection stays open (Node's default: 5 s). Longer than the
 * line's longest Retry-After (server/http/admission.ts: 30 s) and than
 * nginx's 60 s for its upstream connections: with 5 s, a visitor told to come back in 5 s
 * came back on the connection the store was closing just then and got a reset (bench:sale:
 * 162 of 1,000 home pages), and nginx could send an order on one (a 502 it does not retry).
 */
export const KEEP_ALIVE_MS = 65_000

/** The store's connections kept as KEEP_ALIVE_MS says; a request's headers may take a little longer, as Node requires. */
export function keepConnections(server: http.Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_MS
  server.headersTimeout = KEEP_ALIVE_MS + 1_000
}

/** Listening sockets a process opens on its port. */
export const LISTENING_SOCKETS = 8

export interface Listening {
  port: number
  /** How many sockets listen: 1 where the system has no SO_REUSEPORT. */
  sockets: number
  /** Stops the extra sockets taking connections (the server's own closes with the server). */
  close(): void
}

export async function listen(
  server: http.Server,
  options: { port: number; host: string | undefined; sockets?: number },
): Promise<Listening> {
  const { host } = options
  const count = options.sockets ?? LISTENING_SOCKETS
  // A port another process holds is an error, as without shared sockets: SO_REUSEPORT
  // would otherwise let a second store on the same port share its connections.
  if (options.port !== 0) await probe(options.port, host)
  try {
    await bind(server, { port: options.port, host, reusePort: count > 1 })
  } catch (err) {
    if (count === 1 || !unsupported(err)) throw err
    await bind(server, { port: options.port, host })
    return { port: portOf(server), sockets: 1, close: () => {} }
  }
  const port = portOf(server)
  const extra: net.Server[] = []
  for (let i = 1; i < count; i++) {
    // As the HTTP server's own socket takes them: Nagle's algorithm off (Node's http default),
    // or a response written in two pieces waits for the client's delayed ACK (40 ms).
    const socket = net.createServer({ noDelay: true }, (connection) => server.emit('connection', connection))
    try {
      await bind(socket, { port, host, reusePort: true })
      extra.push(socket)
    } catch {
      break
    }
  }
  return {
    port,
    sockets: 1 + extra.length,
    close: () => extra.forEach((s) => s.close()),
  }
}

function bind(server: net.Server, options: net.ListenOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (err: Error) => reject(err)
    server.once('error', failed)
    server.listen(options, () => {
      server.off('error', failed)
      resolve()
    })
  })
}

async function probe(port: number, host: string | undefined): Promise<void> {
  const probe = net.createServer()
  await bind(probe, { port, host })
  await new Promise<void>((resolve) => probe.close(() => resolve()))
}

function portOf(server: net.Server): number {
  const address = server.address()
  return typeof address === 'object' && address ? address.port : 0
}

function unsupported(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code
  return code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'ERR_INVALID_ARG_VALUE' || code === 'EINVAL'
}

import net from 'node:net'

/**
 * Who may set X-Forwarded-For (TRUST_PROXY): nobody, a number of proxy hops in front
 * of the store, or a list of proxy addresses and ranges.
 */
export type TrustProxy = { hops: number } | { proxies: net.BlockList }

/**
 * TRUST_PROXY: 0/false (no proxy), 1/true (one proxy), a number of hops, or a comma
 * list of proxy addresses and CIDR ranges (10.0.0.0/8, ::1). Undefined when invalid.
 */
export function parseTrustProxy(value: string): TrustProxy | null | undefined {
  const v = value.trim().toLowerCase()
  if (['0', 'false', 'no', 'off'].includes(v)) return null
  if (['true', 'yes', 'on'].includes(v)) return { hops: 1 }
  if (/^\d{1,2}$/.test(v)) return { hops: Number(v) }
  const proxies = parseAddressList(v)
  return proxies && { proxies }
}

/** A comma list of addresses and CIDR ranges (10.0.0.0/8, ::1); undefined when one is invalid. */
export function parseAddressList(value: string): net.BlockList | undefined {
  const list = new net.BlockList()
  for (const part of value.split(',').map((p) => p.trim())) {
    const [address, bits, extra] = part.split('/')
    const type = address ? net.isIP(address) : 0
    if (!address || type === 0 || extra !== undefined) return undefined
    const family = type === 4 ? 'ipv4' : 'ipv6'
    if (bits === undefined) {
      list.addAddress(address, family)
      continue
    }
    const prefix = Number(bits)
    if (!/^\d{1,3}$/.test(bits) || prefix > (type === 4 ? 32 : 128)) return undefined
    list.addSubnet(address, prefix, family)
  }
  return list
}

/** The address (an IPv4 one mapped into IPv6 read as IPv4) is in the list. */
export function inAddressList(list: net.BlockList, address: string): boolean {
  return isTrusted(list, plain(address))
}

/** An IPv4 address mapped into IPv6 (::ffff:192.0.2.1) is the IPv4 address. */
function plain(address: string): string {
  const a = address.trim()
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a)
  return mapped ? mapped[1]! : a
}

function isTrusted(proxies: net.BlockList, address: string): boolean {
  const type = net.isIP(address)
  return type !== 0 && proxies.check(address, type === 4 ? 'ipv4' : 'ipv6')
}

/**
 * Where the client is in X-Forwarded-For, counted from its right end (0 is the last entry), or
 * -1 when the socket's peer is the client itself. Proxies append the address they received
 * from, so only the right end is trustworthy: the chain is read from the socket's peer
 * leftwards, past the trusted hops, and the first address not vouched for is the client. The
 * left end is whatever the client wrote (docs/decisions/013).
 */
function clientPosition(socket: string | undefined, forwarded: string[], trust: TrustProxy): number {
  // The nearest address first: the socket's peer, then the header from its right end.
  const chain = [...(socket === undefined ? [] : [socket]), ...forwarded]
  const own = socket === undefined ? 0 : 1
  if ('hops' in trust) {
    // With no socket (an in-process request) the peer is the first trusted hop by definition.
    const skip = socket === undefined ? trust.hops - 1 : trust.hops
    return Math.min(Math.max(skip, 0), chain.length - 1) - own
  }
  const index = chain.findIndex((address) => !isTrusted(trust.proxies, address))
  // Every address is a trusted proxy: the farthest one is the best we know.
  return (index === -1 ? chain.length - 1 : index) - own
}

/** X-Forwarded-For's entries from its right end, mapped IPv4 addresses made plain. */
function forwardedFrom(forwardedFor: string): string[] {
  return forwardedFor
    .split(',')
    .map(plain)
    .filter((a) => a !== '')
    .reverse()
}

/** The client's address: the socket's peer, or the X-Forwarded-For entry the trusted hops vouch for. */
export function clientAddressOf(peer: string | undefined, forwardedFor: string | undefined, trust: TrustProxy | null) {
  const socket = peer === undefined ? undefined : plain(peer)
  if (!trust || !forwardedFor) return socket ?? 'unknown'
  const forwarded = forwardedFrom(forwardedFor)
  const at = clientPosition(socket, forwarded, trust)
  return (at < 0 ? socket : forwarded[at]) ?? 'unknown'
}

/**
 * The protocol the client used, as the trusted proxies report it in X-Forwarded-Proto, or
 * undefined when no trusted proxy says (the request's own protocol then counts). A proxy that
 * appends sends a list (`https, http`): the entry taken is the one written by the proxy that
 * received the client's connection, the same hop that vouches for the client's address in
 * X-Forwarded-For; a shorter list (the edge proxy set it, the others passed it on) gives its
 * first entry. The left end may be the client's own invention (docs/decisions/016).
 */
export function clientProtocolOf(
  peer: string | undefined,
  forwardedFor: string | undefined,
  forwardedProto: string | undefined,
  trust: TrustProxy | null,
): 'http' | 'https' | undefined {
  if (!trust || !forwardedProto) return undefined
  const protos = forwardedProto
    .split(',')
    .map((p) => p.trim().toLowerCase())
    .filter((p) => p !== '')
    .reverse()
  const socket = peer === undefined ? undefined : plain(peer)
  // The socket's peer is not a proxy we trust: nothing it forwards counts.
  if (socket !== undefined && 'proxies' in trust && !isTrusted(trust.proxies, socket)) return undefined
  // Without X-Forwarded-For the proxy that talked to us wrote the last entry.
  const at = forwardedFor ? clientPosition(socket, forwardedFrom(forwardedFor), trust) : 0
  if (at < 0 || protos.length === 0) return undefined
  const proto = protos[Math.min(at, protos.length - 1)]
  return proto === 'https' || proto === 'http' ? proto : undefined
}

/**
 * The key a client address is limited by: an IPv6 client owns at least a /64 (one
 * home or phone gets a whole prefix), so its limits count per /64, not per address.
 * Anything that is not an IPv6 address is its own key.
 */
export function limitKeyOf(address: string): string {
  if (net.isIPv6(address) === false) return address
  const groups = expandIPv6(address)
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : address
}

function expandIPv6(address: string): string[] | undefined {
  let a = address.toLowerCase().split('%')[0]!
  // An embedded IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) becomes two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(a)
  if (v4) {
    const [b1, b2, b3, b4] = v4.slice(1).map(Number) as [number, number, number, number]
    a = a.slice(0, v4.index) + ((b1 << 8) | b2).toString(16) + ':' + ((b3 << 8) | b4).toString(16)
  }
  const [head, tail] = a.split('::')
  const left = head ? head.split(':') : []
  const right = tail !== undefined && tail !== '' ? tail.split(':') : []
  const missing = 8 - left.length - right.length
  if (missing < 0 || (tail === undefined && missing !== 0)) return undefined
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((g) => parseInt(g, 16).toString(16))
}

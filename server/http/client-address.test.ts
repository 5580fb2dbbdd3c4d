import { describe, expect, it } from 'vitest'
import { clientAddressOf, clientProtocolOf, limitKeyOf, parseTrustProxy } from '#server/http/client-address.ts'

describe('TRUST_PROXY', () => {
  it('reads off, a number of hops, or a list of proxies', () => {
    expect(parseTrustProxy('0')).toBeNull()
    expect(parseTrustProxy('false')).toBeNull()
    expect(parseTrustProxy('true')).toEqual({ hops: 1 })
    expect(parseTrustProxy('1')).toEqual({ hops: 1 })
    expect(parseTrustProxy('3')).toEqual({ hops: 3 })
    expect(parseTrustProxy('10.0.0.0/8, ::1')).toHaveProperty('proxies')
    for (const bad of ['maybe', '10.0.0.0/33', '10.0.0.1/8/2', 'fe80::/129', '1.2.3']) {
      expect(parseTrustProxy(bad), bad).toBeUndefined()
    }
  })
})

describe('the client address', () => {
  const oneHop = parseTrustProxy('1')!
  it('is the socket’s peer when no proxy is trusted, whatever the header says', () => {
    expect(clientAddressOf('198.51.100.7', '1.1.1.1', null)).toBe('198.51.100.7')
  })

  it('is read from the right, past the trusted hops', () => {
    // The client wrote 6.6.6.6; the proxy (the peer) appended the address it saw.
    expect(clientAddressOf('10.0.0.2', '6.6.6.6, 203.0.113.9', oneHop)).toBe('203.0.113.9')
    expect(clientAddressOf('10.0.0.2', '6.6.6.6, 203.0.113.9, 10.0.0.1', parseTrustProxy('2')!)).toBe('203.0.113.9')
    // Fewer entries than hops: the farthest one known.
    expect(clientAddressOf('10.0.0.2', '203.0.113.9', parseTrustProxy('5')!)).toBe('203.0.113.9')
  })

  it('walks past listed proxies only', () => {
    const list = parseTrustProxy('10.0.0.0/8, 2001:db8:ffff::/48')!
    expect(clientAddressOf('10.0.0.2', '6.6.6.6, 203.0.113.9, 10.1.2.3', list)).toBe('203.0.113.9')
    expect(clientAddressOf('2001:db8:ffff::1', '6.6.6.6, 2001:db8:1::5', list)).toBe('2001:db8:1::5')
    // A peer that is no listed proxy is the client itself; its header is not believed.
    expect(clientAddressOf('198.51.100.7', '6.6.6.6', list)).toBe('198.51.100.7')
  })

  it('treats an IPv4 address mapped into IPv6 as the IPv4 address', () => {
    expect(clientAddressOf('::ffff:198.51.100.7', undefined, null)).toBe('198.51.100.7')
  })
})

// docs/decisions/016: the protocol is read from the same hop that vouches for the address.
describe('the client protocol', () => {
  const oneHop = parseTrustProxy('1')!
  const twoHops = parseTrustProxy('2')!
  const list = parseTrustProxy('10.0.0.0/8')!

  it('is nobody’s word when no proxy is trusted', () => {
    expect(clientProtocolOf('10.0.0.2', '203.0.113.9', 'https', null)).toBeUndefined()
    expect(clientProtocolOf('198.51.100.7', '6.6.6.6', 'https', list)).toBeUndefined()
  })

  it('takes the entry the trusted proxy appended, not what the client wrote', () => {
    // The client sent `X-Forwarded-Proto: https` over http; the proxy appended what it saw.
    expect(clientProtocolOf('10.0.0.2', '203.0.113.9', 'https, http', oneHop)).toBe('http')
    expect(clientProtocolOf('10.0.0.2', '203.0.113.9', 'http, https', oneHop)).toBe('https')
    expect(clientProtocolOf('10.0.0.2', '6.6.6.6, 203.0.113.9', 'https, http', oneHop)).toBe('http')
    expect(clientProtocolOf('10.0.0.2', '203.0.113.9', ' HTTPS ', oneHop)).toBe('https')
  })

  it('takes the entry of the proxy the client reached, past the trusted hops', () => {
    // CDN (saw https from the client) → load balancer (saw http from the CDN) → store.
    expect(clientProtocolOf('10.0.0.2', '203.0.113.9, 10.0.0.1', 'https, http', twoHops)).toBe('https')
    expect(clientProtocolOf('10.0.0.2', '6.6.6.6, 203.0.113.9, 10.0.0.1', 'http, https, http', twoHops)).toBe('https')
    expect(clientProtocolOf('10.0.0.2', '203.0.113.9, 10.0.0.1', 'https, http', list)).toBe('https')
    expect(clientProtocolOf('10.0.0.2', '203.0.113.9, 10.0.0.1', 'http, https', list)).toBe('http')
  })

  it('takes the one value an edge proxy set and the others passed on', () => {
    expect(clientProtocolOf('10.0.0.2', '203.0.113.9, 10.0.0.1', 'https', twoHops)).toBe('https')
    expect(clientProtocolOf('10.0.0.2', undefined, 'http, https', oneHop)).toBe('https')
  })

  it('is the first trusted hop’s entry for a request with no socket (in-process)', () => {
    expect(clientProtocolOf(undefined, '203.0.113.9', 'http, https', oneHop)).toBe('https')
    expect(clientProtocolOf(undefined, '203.0.113.9', 'https, http', oneHop)).toBe('http')
  })

  it('knows only http and https', () => {
    expect(clientProtocolOf('10.0.0.2', '203.0.113.9', 'gopher', oneHop)).toBeUndefined()
    expect(clientProtocolOf('10.0.0.2', '203.0.113.9', ' , ', oneHop)).toBeUndefined()
  })
})

describe('the limit key of an address', () => {
  it('is the /64 of an IPv6 address, written one way', () => {
    expect(limitKeyOf('2001:db8:1234:5678::1')).toBe('2001:db8:1234:5678::/64')
    expect(limitKeyOf('2001:0DB8:1234:5678:abcd:0:0:9')).toBe('2001:db8:1234:5678::/64')
    expect(limitKeyOf('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(limitKeyOf('::1')).toBe('0:0:0:0::/64')
  })

  it('leaves IPv4 addresses and other keys alone', () => {
    expect(limitKeyOf('203.0.113.9')).toBe('203.0.113.9')
    expect(limitKeyOf('shopper@example.com')).toBe('shopper@example.com')
  })
})

import { describe, expect, it } from 'vitest'
import { RateLimiter } from '#server/auth/rate-limit.ts'

function clock(start = 1_800_000_000_000) {
  const c = { t: start, now: () => c.t, advance: (ms: number) => (c.t += ms) }
  return c
}

const MINUTE = 60_000

describe('RateLimiter', () => {
  it('lets a key through until it reaches its limit, then names the seconds to wait', () => {
    const time = clock()
    const limiter = new RateLimiter(3, 15 * MINUTE, time.now)
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfter('a')).toBe(0)
      limiter.record('a')
    }
    expect(limiter.retryAfter('a')).toBe(15 * 60)
    time.advance(5 * MINUTE)
    expect(limiter.retryAfter('a')).toBe(10 * 60)
  })

  it('never answers less than one second while the key is blocked', () => {
    const time = clock()
    const limiter = new RateLimiter(1, 10_000, time.now)
    limiter.record('a')
    time.advance(9_999)
    expect(limiter.retryAfter('a')).toBe(1)
  })

  it('counts the window from the key’s first event and frees the key when it passes', () => {
    const time = clock()
    const limiter = new RateLimiter(2, 15 * MINUTE, time.now)
    limiter.record('a')
    time.advance(10 * MINUTE)
    limiter.record('a')
    expect(limiter.retryAfter('a')).toBe(5 * 60)
    time.advance(5 * MINUTE)
    expect(limiter.retryAfter('a')).toBe(0)
    // A fresh window: one more event does not block.
    limiter.record('a')
    expect(limiter.retryAfter('a')).toBe(0)
  })

  it('keeps keys apart', () => {
    const time = clock()
    const limiter = new RateLimiter(1, MINUTE, time.now)
    limiter.record('a')
    expect(limiter.retryAfter('a')).toBe(60)
    expect(limiter.retryAfter('b')).toBe(0)
  })

  it('forgets a key on reset', () => {
    const time = clock()
    const limiter = new RateLimiter(2, MINUTE, time.now)
    limiter.record('a')
    limiter.record('a')
    expect(limiter.retryAfter('a')).toBeGreaterThan(0)
    limiter.reset('a')
    expect(limiter.retryAfter('a')).toBe(0)
    limiter.record('a')
    expect(limiter.retryAfter('a')).toBe(0)
  })

  it('sweeps expired keys without disturbing live ones', () => {
    const time = clock()
    const limiter = new RateLimiter(1, MINUTE, time.now)
    limiter.record('old')
    time.advance(MINUTE / 2)
    limiter.record('live')
    time.advance(MINUTE / 2 + 1)
    // Recording after a whole window sweeps 'old'; 'live' still has its window.
    limiter.record('other')
    expect(limiter.retryAfter('old')).toBe(0)
    expect(limiter.retryAfter('live')).toBe(30)
  })
})

describe('RateLimiter, counting before the work', () => {
  it('lets exactly the limit through a burst and names the wait for the rest', async () => {
    const time = clock()
    const limiter = new RateLimiter(3, MINUTE, time.now)
    const waits = await Promise.all(Array.from({ length: 8 }, () => limiter.consume('a')))
    expect(waits.filter((w) => w === 0)).toHaveLength(3)
    expect(waits.filter((w) => w === 60)).toHaveLength(5)
  })

  it('gives an attempt back on refund', async () => {
    const time = clock()
    const limiter = new RateLimiter(1, MINUTE, time.now)
    expect(await limiter.consume('a')).toBe(0)
    await limiter.refund('a')
    expect(await limiter.consume('a')).toBe(0)
    expect(await limiter.consume('a')).toBe(60)
  })

  it('counts every IPv6 address of one /64 together', () => {
    const time = clock()
    const limiter = new RateLimiter(2, MINUTE, time.now)
    limiter.record('2001:db8:1:2::1')
    limiter.record('2001:db8:1:2:ffff::9')
    expect(limiter.retryAfter('2001:db8:1:2::abcd')).toBe(60)
    expect(limiter.retryAfter('2001:db8:1:3::1')).toBe(0)
  })
})

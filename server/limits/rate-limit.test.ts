import { describe, expect, it } from 'vitest'
import { RateLimiter } from '#server/limits/rate-limit.ts'

function clock(start = 1_800_000_000_000) {
  const c = { t: start, now: () => c.t, advance: (ms: number) => (c.t += ms) }
  return c
}

const MINUTE = 60_000

/** `n` attempts one after another: the waits each was answered. */
async function attempts(limiter: RateLimiter, key: string, n: number): Promise<number[]> {
  const waits: number[] = []
  for (let i = 0; i < n; i++) waits.push(await limiter.consume(key))
  return waits
}

describe('RateLimiter', () => {
  it('lets a key through until it reaches its limit, then names the seconds to wait', async () => {
    const time = clock()
    const limiter = new RateLimiter(3, 15 * MINUTE, time.now)
    expect(await attempts(limiter, 'a', 4)).toEqual([0, 0, 0, 15 * 60])
    time.advance(5 * MINUTE)
    expect(await limiter.consume('a')).toBe(10 * 60)
  })

  it('never answers less than one second while the key is blocked', async () => {
    const time = clock()
    const limiter = new RateLimiter(1, 10_000, time.now)
    expect(await limiter.consume('a')).toBe(0)
    time.advance(9_999)
    expect(await limiter.consume('a')).toBe(1)
  })

  it('counts the window from the key’s first event and frees the key when it passes', async () => {
    const time = clock()
    const limiter = new RateLimiter(2, 15 * MINUTE, time.now)
    expect(await limiter.consume('a')).toBe(0)
    time.advance(10 * MINUTE)
    expect(await limiter.consume('a')).toBe(0)
    expect(await limiter.consume('a')).toBe(5 * 60)
    time.advance(5 * MINUTE)
    // A fresh window: two more attempts pass.
    expect(await attempts(limiter, 'a', 3)).toEqual([0, 0, 15 * 60])
  })

  it('keeps keys apart', async () => {
    const time = clock()
    const limiter = new RateLimiter(1, MINUTE, time.now)
    expect(await attempts(limiter, 'a', 2)).toEqual([0, 60])
    expect(await limiter.consume('b')).toBe(0)
  })

  it('forgets a key on clear', async () => {
    const time = clock()
    const limiter = new RateLimiter(2, MINUTE, time.now)
    expect(await attempts(limiter, 'a', 3)).toEqual([0, 0, 60])
    await limiter.clear('a')
    expect(await attempts(limiter, 'a', 3)).toEqual([0, 0, 60])
  })

  it('sweeps expired keys without disturbing live ones', async () => {
    const time = clock()
    const limiter = new RateLimiter(1, MINUTE, time.now)
    await limiter.consume('old')
    time.advance(MINUTE / 2)
    await limiter.consume('live')
    time.advance(MINUTE / 2 + 1)
    // Counting after a whole window sweeps 'old'; 'live' still has its window.
    await limiter.consume('other')
    expect(await limiter.consume('old')).toBe(0)
    expect(await limiter.consume('live')).toBe(30)
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

  it('counts every IPv6 address of one /64 together', async () => {
    const time = clock()
    const limiter = new RateLimiter(2, MINUTE, time.now)
    await limiter.consume('2001:db8:1:2::1')
    await limiter.consume('2001:db8:1:2:ffff::9')
    expect(await limiter.consume('2001:db8:1:2::abcd')).toBe(60)
    expect(await limiter.consume('2001:db8:1:3::1')).toBe(0)
  })
})

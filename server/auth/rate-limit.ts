import { limitKeyOf } from '#server/http/client-address.ts'

/**
 * Counts events per key in a fixed window that starts at the key's first event.
 * In memory: the store runs as one process; a second instance would need a shared
 * store (docs/decisions/004-sessions-and-rate-limits.md).
 *
 * A key that is an IPv6 address counts for its whole /64 (limitKeyOf).
 *
 * `retryAfter` then `record` suits an event recorded after the work it limits;
 * `consume` counts the attempt before the work, so a burst of simultaneous attempts
 * is limited like a sequence (docs/decisions/013).
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>()
  private readonly limit: number
  private readonly windowMs: number
  private readonly now: () => number
  private lastSweep = 0

  constructor(limit: number, windowMs: number, now: () => number = Date.now) {
    this.limit = limit
    this.windowMs = windowMs
    this.now = now
  }

  /** Seconds until the key may try again, or 0 when it is under its limit. */
  retryAfter(key: string): number {
    const entry = this.live(limitKeyOf(key))
    if (!entry || entry.count < this.limit) return 0
    return this.secondsLeft(entry)
  }

  record(key: string): void {
    this.add(limitKeyOf(key))
  }

  reset(key: string): void {
    this.hits.delete(limitKeyOf(key))
  }

  /**
   * Counts one attempt now, before the work it limits: 0 when it is within the limit,
   * else the seconds to wait (the refused attempt is not counted). Check and count
   * happen at once, so simultaneous attempts cannot all pass.
   */
  consume(key: string): Promise<number> {
    const k = limitKeyOf(key)
    const entry = this.live(k)
    if (entry && entry.count >= this.limit) return Promise.resolve(this.secondsLeft(entry))
    this.add(k)
    return Promise.resolve(0)
  }

  /** Gives back one attempt `consume` counted: the attempt succeeded. */
  refund(key: string): Promise<void> {
    const entry = this.live(limitKeyOf(key))
    if (entry && entry.count > 0) entry.count--
    return Promise.resolve()
  }

  private add(key: string) {
    const now = this.now()
    this.sweep(now)
    const entry = this.live(key)
    if (entry) entry.count++
    else this.hits.set(key, { count: 1, resetAt: now + this.windowMs })
  }

  private secondsLeft(entry: { resetAt: number }): number {
    return Math.max(1, Math.ceil((entry.resetAt - this.now()) / 1000))
  }

  private live(key: string) {
    const entry = this.hits.get(key)
    if (entry && entry.resetAt <= this.now()) {
      this.hits.delete(key)
      return undefined
    }
    return entry
  }

  private sweep(now: number) {
    if (now - this.lastSweep < this.windowMs) return
    this.lastSweep = now
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key)
  }
}

/**
 * Counts events per key in a fixed window that starts at the key's first event.
 * In memory: the store runs as one process; a second instance would need a shared
 * store (docs/decisions/004-sessions-and-rate-limits.md).
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
    const entry = this.live(key)
    if (!entry || entry.count < this.limit) return 0
    return Math.max(1, Math.ceil((entry.resetAt - this.now()) / 1000))
  }

  record(key: string): void {
    const now = this.now()
    this.sweep(now)
    const entry = this.live(key)
    if (entry) entry.count++
    else this.hits.set(key, { count: 1, resetAt: now + this.windowMs })
  }

  reset(key: string): void {
    this.hits.delete(key)
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

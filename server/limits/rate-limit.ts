import { limitKeyOf } from '#server/http/client-address.ts'
import type { LimitStore, Window } from '#server/limits/stores.ts'

/** Where a limiter shares its counts with the store's other instances (docs/decisions/013). */
export interface SharedLimits {
  /** Names the limiter's keys in the store: 'login-account', 'password-reset-address'… */
  name: string
  store: LimitStore
  /** A store that fails is reported here; the limiter then counts in this process alone. */
  onError?: (err: unknown) => void
}

/**
 * Counts events per key in a fixed window that starts at the key's first event.
 * Alone, in this process's memory (SQLite: the store is one process). Given `shared`,
 * the counts live in PostgreSQL or Redis for every instance, and memory keeps a
 * mirror of them (docs/decisions/013).
 *
 * A key that is an IPv6 address counts for its whole /64 (limitKeyOf).
 *
 * `consume` counts an attempt before the work it limits, in one step with the check,
 * so a burst of simultaneous attempts is limited like a sequence, on every instance
 * at once when shared; `refund` gives it back when it succeeded, `clear` forgets the key.
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>()
  private readonly limit: number
  private readonly windowMs: number
  private readonly now: () => number
  private readonly shared: SharedLimits | undefined
  private lastSweep = 0

  constructor(limit: number, windowMs: number, now: () => number = Date.now, shared?: SharedLimits) {
    this.limit = limit
    this.windowMs = windowMs
    this.now = now
    this.shared = shared
  }

  /** Forgets the key's count, everywhere once this resolves. */
  async clear(key: string): Promise<void> {
    const k = limitKeyOf(key)
    this.hits.delete(k)
    const shared = this.shared
    if (shared) {
      try {
        await shared.store.delete(`${shared.name}:${k}`)
      } catch (err) {
        shared.onError?.(err)
      }
    }
  }

  /**
   * Counts one attempt now, before the work it limits: 0 when it is within the limit,
   * else the seconds to wait (the refused attempt is not counted). Check and count
   * happen at once, so simultaneous attempts cannot all pass.
   */
  async consume(key: string): Promise<number> {
    const k = limitKeyOf(key)
    const shared = this.shared
    if (shared) {
      const id = `${shared.name}:${k}`
      try {
        const now = this.now()
        const window = await shared.store.add(id, this.windowMs, now)
        if (window.count <= this.limit) {
          this.mirror(k, window)
          return 0
        }
        await shared.store.remove(id, now)
        this.mirror(k, { count: window.count - 1, resetAt: window.resetAt })
        return this.secondsLeft(window)
      } catch (err) {
        shared.onError?.(err)
        // The shared store is out of reach: this process's own counts still limit.
      }
    }
    const entry = this.live(k)
    if (entry && entry.count >= this.limit) return this.secondsLeft(entry)
    this.add(k)
    return 0
  }

  /** Gives back one attempt `consume` counted: the attempt succeeded. */
  async refund(key: string): Promise<void> {
    const k = limitKeyOf(key)
    const entry = this.live(k)
    if (entry && entry.count > 0) entry.count--
    const shared = this.shared
    if (shared) {
      try {
        await shared.store.remove(`${shared.name}:${k}`, this.now())
      } catch (err) {
        shared.onError?.(err)
      }
    }
  }

  /** The shared store's answer is the count; memory only mirrors it. */
  private mirror(key: string, window: Window | undefined) {
    if (!window || window.resetAt <= this.now()) this.hits.delete(key)
    else this.hits.set(key, { count: window.count, resetAt: window.resetAt })
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

import { Redis } from 'ioredis'
import type { Db } from '#server/db/database.ts'
import * as repo from '#server/limits/repository.ts'

export type { Window } from '#server/limits/repository.ts'

/**
 * Where a rate limiter's counts live when several instances of the store must share
 * them (docs/decisions/013): PostgreSQL's rate_limits table, or Redis. Keys arrive
 * prefixed with the limiter's name. Windows are fixed, start at a key's first event
 * and follow the store's one clock (`now`), so tests can let a window pass.
 */
export interface LimitStore {
  readonly kind: 'postgres' | 'redis'
  /** Adds one event; starts a new window when the last one has ended. */
  add(key: string, windowMs: number, now: number): Promise<repo.Window>
  /** Takes one event back from a live window. */
  remove(key: string, now: number): Promise<void>
  get(key: string, now: number): Promise<repo.Window | undefined>
  delete(key: string): Promise<void>
  /** Housekeeping: forgets ended windows (Redis expires them itself). */
  prune(now: number): Promise<number>
  close(): Promise<void>
}

export function databaseLimitStore(db: Db): LimitStore {
  return {
    kind: 'postgres',
    add: (key, windowMs, now) => repo.addToWindow(db, key, 1, windowMs, now),
    remove: (key, now) => repo.takeFromWindow(db, key, now),
    get: (key, now) => repo.windowOf(db, key, now),
    delete: (key) => repo.deleteWindow(db, key),
    prune: (now) => repo.deleteExpiredWindows(db, now),
    close: () => Promise.resolve(),
  }
}

// One round trip, atomic in Redis: the window's count and end in a hash, kept a
// minute past its end so a slow clock between instances cannot lose it early.
const ADD = `
local count = tonumber(redis.call('HGET', KEYS[1], 'count'))
local reset = tonumber(redis.call('HGET', KEYS[1], 'reset'))
local now = tonumber(ARGV[1])
local delta = tonumber(ARGV[3])
if reset == nil or reset <= now then
  if delta < 0 then return {0, 0} end
  count = 0
  reset = now + tonumber(ARGV[2])
end
count = math.max(count + delta, 0)
redis.call('HSET', KEYS[1], 'count', count, 'reset', reset)
redis.call('PEXPIRE', KEYS[1], reset - now + 60000)
return {count, reset}
`

export function redisLimitStore(url: string, options: { prefix?: string } = {}): LimitStore {
  const prefix = options.prefix ?? 'kapra:limit:'
  // A Redis that is down fails its commands within a second (the limiter then falls
  // back to this process's own counts) and is reconnected to in the background.
  const redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 1_000 })
  redis.on('error', () => {
    // Reported by the failed commands; reconnecting is automatic.
  })
  const run = async (key: string, now: number, windowMs: number, delta: number): Promise<repo.Window> => {
    const [count, resetAt] = (await redis.eval(ADD, 1, prefix + key, now, windowMs, delta)) as [number, number]
    return { count: Number(count), resetAt: Number(resetAt) }
  }
  return {
    kind: 'redis',
    add: (key, windowMs, now) => run(key, now, windowMs, 1),
    remove: async (key, now) => {
      await run(key, now, 0, -1)
    },
    async get(key, now) {
      const [count, reset] = await redis.hmget(prefix + key, 'count', 'reset')
      if (count === null || reset === null || Number(reset) <= now) return undefined
      return { count: Number(count), resetAt: Number(reset) }
    },
    async delete(key) {
      await redis.del(prefix + key)
    },
    prune: () => Promise.resolve(0),
    async close() {
      await redis.quit().catch(() => redis.disconnect())
    },
  }
}

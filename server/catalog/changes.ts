import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { sql } from 'kysely'
import pg from 'pg'
import type { Db } from '#server/db/database.ts'

/**
 * What one instance tells the others about the catalog it changed (docs/decisions/013):
 * 'catalog' (a product was added, changed, archived: every cached count and word goes)
 * or 'stock' (a size sold out or came back: the counts go). Each instance drops its
 * own caches; the next question reads the database.
 */
export type CatalogChange = 'catalog' | 'stock'

export interface ChangeFeed {
  /** Resolves once the feed listens. */
  ready: Promise<void>
  publish(change: CatalogChange): void
  /** Another instance's change (this instance's own are not echoed back). */
  subscribe(handler: (change: CatalogChange) => void): void
  close(): Promise<void>
}

interface Log {
  warn(msg: string, fields?: Record<string, unknown>): void
}

const isChange = (v: unknown): v is CatalogChange => v === 'catalog' || v === 'stock'

function encode(origin: string, change: CatalogChange) {
  return JSON.stringify({ origin, change })
}

function decode(payload: string | undefined): { origin: string; change: CatalogChange } | undefined {
  try {
    const m = JSON.parse(payload ?? '') as { origin?: unknown; change?: unknown }
    return typeof m.origin === 'string' && isChange(m.change) ? { origin: m.origin, change: m.change } : undefined
  } catch {
    return undefined
  }
}

/**
 * PostgreSQL LISTEN/NOTIFY: one connection of its own listens (reconnected after a
 * loss, when every cache is dropped too, since changes may have been missed); NOTIFY
 * goes through the pool. The channel is per schema, so stores sharing a database
 * (tests) do not hear each other.
 */
export function postgresChangeFeed(options: { db: Db; databaseUrl: string; schema?: string; log: Log }): ChangeFeed {
  const origin = randomUUID()
  const channel = `kapra_catalog${options.schema ? `_${options.schema}` : ''}`.toLowerCase().replace(/[^a-z0-9_]/g, '_')
  const handlers: ((change: CatalogChange) => void)[] = []
  const tell = (change: CatalogChange) => handlers.forEach((h) => h(change))
  let client: pg.Client | undefined
  let closed = false
  let retry: ReturnType<typeof setTimeout> | undefined
  let failures = 0

  const listen = async () => {
    if (closed) return
    const c = new pg.Client({ connectionString: options.databaseUrl, connectionTimeoutMillis: 3_000 })
    const again = (err: unknown) => {
      if (closed || client !== c) return
      client = undefined
      c.removeAllListeners('notification')
      c.end().catch(() => {})
      options.log.warn('catalog change feed lost; reconnecting', {
        err: err instanceof Error ? err.message : String(err),
      })
      retry = setTimeout(() => void listen(), Math.min(5_000, 100 * 2 ** failures++))
      retry.unref()
    }
    client = c
    c.on('error', again)
    c.on('end', () => again(new Error('connection ended')))
    c.on('notification', (n) => {
      const m = decode(n.payload)
      if (m && m.origin !== origin) tell(m.change)
    })
    try {
      await c.connect()
      await c.query(`LISTEN ${channel}`)
      // Back after a loss: whatever changed meanwhile was not heard.
      if (failures > 0) tell('catalog')
      failures = 0
    } catch (err) {
      again(err)
    }
  }
  const ready = listen()

  return {
    ready,
    publish(change) {
      sql`select pg_notify(${channel}, ${encode(origin, change)})`.execute(options.db).catch((err: unknown) =>
        options.log.warn('catalog change not announced', {
          change,
          err: err instanceof Error ? err.message : String(err),
        }),
      )
    },
    subscribe: (handler) => void handlers.push(handler),
    async close() {
      closed = true
      clearTimeout(retry)
      await ready
      const c = client
      client = undefined
      await c?.end().catch(() => {})
    },
  }
}

/** Redis pub/sub, when REDIS_URL is set: a subscriber connection and a publisher. */
export function redisChangeFeed(options: { url: string; channel?: string; log: Log }): ChangeFeed {
  const origin = randomUUID()
  const channel = options.channel ?? 'kapra:catalog'
  const handlers: ((change: CatalogChange) => void)[] = []
  const publisher = new Redis(options.url, { maxRetriesPerRequest: 1, commandTimeout: 1_000 })
  const subscriber = new Redis(options.url)
  let lost = false
  for (const r of [publisher, subscriber]) r.on('error', () => {})
  subscriber.on('close', () => (lost = true))
  subscriber.on('ready', () => {
    // Resubscribed after a loss (ioredis does it): drop every cache, changes may have been missed.
    if (lost) handlers.forEach((h) => h('catalog'))
    lost = false
  })
  subscriber.on('message', (_channel: string, payload: string) => {
    const m = decode(payload)
    if (m && m.origin !== origin) handlers.forEach((h) => h(m.change))
  })
  const subscribed = subscriber
    .subscribe(channel)
    .catch((err: unknown) =>
      options.log.warn('catalog change feed unavailable', { err: err instanceof Error ? err.message : String(err) }),
    )
  return {
    ready: subscribed.then(() => {}),
    publish(change) {
      publisher.publish(channel, encode(origin, change)).catch((err: unknown) =>
        options.log.warn('catalog change not announced', {
          change,
          err: err instanceof Error ? err.message : String(err),
        }),
      )
    },
    subscribe: (handler) => void handlers.push(handler),
    async close() {
      await subscribed
      await Promise.all([publisher.quit().catch(() => {}), subscriber.quit().catch(() => {})])
    },
  }
}

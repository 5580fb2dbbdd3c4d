import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { sql } from 'kysely'
import pg from 'pg'
import type { Db } from '#server/db/database.ts'

/**
 * What one instance tells the others about the catalog it changed (docs/decisions/013):
 * 'catalog' (a product was added, changed, archived: every cached count and word goes)
 * or 'stock' (a size sold out or came back: the counts go, and the pages of the products
 * named, or of every product when none are). Each instance drops its own caches; the
 * next question reads the database.
 */
export type CatalogChange = 'catalog' | 'stock'

/** More products than this in one change are not named: every product's page goes (a NOTIFY carries at most 8,000 bytes). */
const MOST_NAMED = 100

export interface ChangeFeed {
  /** Resolves once the feed listens. */
  ready: Promise<void>
  publish(change: CatalogChange, products?: readonly string[]): void
  /** Another instance's change (this instance's own are not echoed back); `products` undefined means any. */
  subscribe(handler: (change: CatalogChange, products?: string[]) => void): void
  close(): Promise<void>
}

interface Log {
  warn(msg: string, fields?: Record<string, unknown>): void
}

const isChange = (v: unknown): v is CatalogChange => v === 'catalog' || v === 'stock'

function encode(origin: string, change: CatalogChange, products?: readonly string[]) {
  const named = products && products.length <= MOST_NAMED ? { products } : {}
  return JSON.stringify({ origin, change, ...named })
}

function decode(
  payload: string | undefined,
): { origin: string; change: CatalogChange; products?: string[] } | undefined {
  try {
    const m = JSON.parse(payload ?? '') as { origin?: unknown; change?: unknown; products?: unknown }
    if (typeof m.origin !== 'string' || !isChange(m.change)) return undefined
    const products =
      Array.isArray(m.products) && m.products.every((p) => typeof p === 'string') ? m.products : undefined
    return { origin: m.origin, change: m.change, ...(products ? { products } : {}) }
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
  const handlers: ((change: CatalogChange, products?: string[]) => void)[] = []
  const tell = (change: CatalogChange, products?: string[]) => handlers.forEach((h) => h(change, products))
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
      if (m && m.origin !== origin) tell(m.change, m.products)
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
    publish(change, products) {
      sql`select pg_notify(${channel}, ${encode(origin, change, products)})`.execute(options.db).catch((err: unknown) =>
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
  const handlers: ((change: CatalogChange, products?: string[]) => void)[] = []
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
    if (m && m.origin !== origin) handlers.forEach((h) => h(m.change, m.products))
  })
  const subscribed = subscriber
    .subscribe(channel)
    .catch((err: unknown) =>
      options.log.warn('catalog change feed unavailable', { err: err instanceof Error ? err.message : String(err) }),
    )
  return {
    ready: subscribed.then(() => {}),
    publish(change, products) {
      publisher.publish(channel, encode(origin, change, products)).catch((err: unknown) =>
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

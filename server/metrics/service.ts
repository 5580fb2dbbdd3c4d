import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import { orderStatuses, type OrderStatus } from '#contracts/order-status.ts'

// The store's metrics in Prometheus' text format (prom-client), read at /metrics: what this
// process served (requests by route and status, their latency, refusals by a rate limit)
// and, read from the database when scraped, what the store holds (orders by status, the
// outbox's backlog, the discounts of the last 30 days) and the database pool. Each instance answers for its own requests;
// Prometheus adds them up. One registry a store, so tests may run several in one process.

export type MetricsService = ReturnType<typeof createMetrics>

export interface MetricsSources {
  ordersByStatus: () => Promise<Record<OrderStatus, number>>
  outboxBacklog: () => Promise<{ waiting: number; oldest: number | null }>
  discountsGiven30d: () => Promise<number>
  /** The guests' kept pages (server/page-cache.ts): how many, their bytes, and how they were answered. */
  pageCache?: () => {
    pages: number
    bytes: number
    hits: number
    stale: number
    misses: number
    notModified: number
    clears: number
    drops: number
  }
  /** An import's photos kept to be encoded (server/catalog/photo-queue.ts); absent without a data directory. */
  photosPending?: () => Promise<number>
  /** PostgreSQL's pool; absent on SQLite. */
  poolStats?: (() => { total: number; idle: number; waiting: number }) | undefined
  now: () => number
}

export function createMetrics(sources: MetricsSources) {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'kapra_' })

  const requests = new Counter({
    name: 'kapra_http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  })
  const duration = new Histogram({
    name: 'kapra_http_request_duration_seconds',
    help: 'Time to answer an HTTP request (to its headers), by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  })
  const refusals = new Counter({
    name: 'kapra_rate_limit_refusals_total',
    help: 'Requests refused by a rate limit (429), by route',
    labelNames: ['route'] as const,
    registers: [registry],
  })

  const lineWaits = new Counter({
    name: 'kapra_line_waits_total',
    help: 'Requests sent to the line (docs/decisions/030): the waiting page, a 503 to an API call, a page the app reloads',
    labelNames: ['kind'] as const,
    registers: [registry],
  })

  const pageCache = sources.pageCache
  if (pageCache) {
    new Gauge({
      name: 'kapra_page_cache_bytes',
      help: 'Memory held by guests’ kept pages (docs/decisions/029)',
      registers: [registry],
      collect() {
        this.set(pageCache().bytes)
      },
    })
    new Gauge({
      name: 'kapra_page_cache_pages',
      help: 'Guests’ pages kept in memory',
      registers: [registry],
      collect() {
        this.set(pageCache().pages)
      },
    })
    new Counter({
      name: 'kapra_page_cache_answers_total',
      help: 'Guests’ page requests the cache saw, by how they were answered: hit, stale (as it was, while drawn again), miss (drawn), not_modified (304)',
      labelNames: ['answer'] as const,
      registers: [registry],
      collect() {
        const { hits, stale, misses, notModified } = pageCache()
        this.reset()
        this.inc({ answer: 'hit' }, hits)
        this.inc({ answer: 'stale' }, stale)
        this.inc({ answer: 'miss' }, misses)
        this.inc({ answer: 'not_modified' }, notModified)
      },
    })
    new Counter({
      name: 'kapra_page_cache_clears_total',
      help: 'Times every kept page was dropped for a change to the catalog, here or on another instance',
      registers: [registry],
      collect() {
        this.reset()
        this.inc(pageCache().clears)
      },
    })
    new Counter({
      name: 'kapra_page_cache_stock_drops_total',
      help: 'Times the kept pages a size selling out or coming back touches (the collection, those products) were outdated',
      registers: [registry],
      collect() {
        this.reset()
        this.inc(pageCache().drops)
      },
    })
  }

  new Gauge({
    name: 'kapra_orders',
    help: 'Orders in each status, over all time',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const counts = await sources.ordersByStatus()
      for (const status of orderStatuses) this.set({ status }, counts[status])
    },
  })
  new Gauge({
    name: 'kapra_mail_outbox_waiting',
    help: 'Emails in the outbox waiting to be sent',
    registers: [registry],
    async collect() {
      const { waiting, oldest } = await sources.outboxBacklog()
      this.set(waiting)
      oldestAge.set(oldest === null ? 0 : Math.max(0, (sources.now() - oldest) / 1000))
    },
  })
  const photosPending = sources.photosPending
  if (photosPending) {
    new Gauge({
      name: 'kapra_photos_pending',
      help: 'Photos of an import kept to be encoded, on this store’s data directory (docs/decisions/037)',
      registers: [registry],
      async collect() {
        this.set(await photosPending())
      },
    })
  }
  new Gauge({
    name: 'kapra_discounts_given_rupees_30d',
    help: 'Rupees discount codes took off the orders of the last 30 days not cancelled, as the dashboard counts them',
    registers: [registry],
    async collect() {
      this.set(await sources.discountsGiven30d())
    },
  })
  const oldestAge = new Gauge({
    name: 'kapra_mail_outbox_oldest_age_seconds',
    help: 'Age of the oldest email waiting to be sent (0 when none waits)',
    registers: [registry],
  })
  const poolStats = sources.poolStats
  if (poolStats) {
    new Gauge({
      name: 'kapra_db_pool_connections',
      help: "PostgreSQL pool's connections, by state",
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const { total, idle, waiting } = poolStats()
        this.set({ state: 'total' }, total)
        this.set({ state: 'idle' }, idle)
        this.set({ state: 'waiting_clients' }, waiting)
      },
    })
  }

  return {
    /** One answered request: `route` is the route's pattern, never the path (a bounded set). */
    observe(method: string, route: string, status: number, seconds: number): void {
      requests.inc({ method, route, status: String(status) })
      duration.observe({ method, route }, seconds)
      if (status === 429) refusals.inc({ route })
    },
    /** One request sent to the line: a page, an API call or a page the app asked for as data. */
    lineWait(kind: 'page' | 'api' | 'data'): void {
      lineWaits.inc({ kind })
    },
    contentType: registry.contentType,
    /** The text Prometheus reads; the database's figures are read now. */
    render: () => registry.metrics(),
  }
}

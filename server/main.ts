// First: the process's NODE_ENV before React or React Router is loaded (server/node-env.ts).
import { loadedReactBuild } from '#server/node-env.ts'
import http from 'node:http'
import path from 'node:path'
import { getRequestListener } from '@hono/node-server'
import { ConfigError, loadConfig } from '#server/config.ts'
import { connect, migrateToLatest } from '#server/db/database.ts'
import { createLogger, errorFields } from '#server/http/logger.ts'
import { createServices } from '#server/services.ts'
import { postgresChangeFeed, redisChangeFeed } from '#server/catalog/changes.ts'
import { seedCatalog } from '#demo/seed.ts'
import { demoCatalog } from '#demo/catalog.ts'
import { createApp } from '#server/app.ts'
import { keepConnections, listen } from '#server/http/listen.ts'
import { selfOrigin, warmUp } from '#server/http/warm-up.ts'
import { clientDir, developmentPages, ensureBuilt, productionPages, projectRoot } from '#server/pages.ts'

// Process entry: config -> database -> migrate -> seed -> listen (docs/STYLE.md).
async function main() {
  const config = loadConfig()
  const logger = createLogger(config.logLevel)
  const development = config.env === 'development'

  // Whatever escapes a request still reaches the JSON log, with its stack.
  process.on('unhandledRejection', (err) => logger.error('unhandled rejection', errorFields(err)))

  const connection = connect({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    logError: (msg, fields) => logger.error(msg, fields),
    // SQLite's checkpoints a little at a time, never a long one in a shopper's commit (server/db/checkpoints.ts).
    checkpointOften: true,
  })
  await migrateToLatest(connection)
  if (config.seedDemo) {
    const added = await seedCatalog(connection, demoCatalog)
    if (added) logger.info('seeded the demo catalog', { products: added })
  }
  // Several instances of the store tell each other of catalog changes (docs/decisions/013).
  const changes = config.redisUrl
    ? redisChangeFeed({ url: config.redisUrl, log: logger })
    : config.databaseUrl
      ? postgresChangeFeed({ db: connection.db, databaseUrl: config.databaseUrl, log: logger })
      : undefined
  const services = createServices({
    db: connection.db,
    dialect: connection.dialect,
    poolStats: connection.poolStats,
    config,
    logger,
    ...(changes ? { changes } : {}),
    productList: {
      dir: path.join(config.dataDir, 'product-list'),
      database: { databaseUrl: config.databaseUrl, dataDir: config.dataDir },
    },
  })

  const nodeListener = (app: ReturnType<typeof createApp>): http.RequestListener => {
    const handle = getRequestListener(app.fetch)
    return (req, res) => {
      handle(req, res).catch((err: unknown) => logger.error('request failed', errorFields(err)))
    }
  }
  let listener: http.RequestListener
  let closeVite = () => Promise.resolve()
  if (development) {
    const { createServer } = await import('vite')
    const vite = await createServer({ root: projectRoot, server: { middlewareMode: true }, appType: 'custom' })
    closeVite = () => vite.close()
    const hono = nodeListener(createApp({ services, pages: developmentPages(vite), development: true }))
    listener = (req, res) => vite.middlewares(req, res, () => hono(req, res))
  } else {
    ensureBuilt((msg) => logger.info(msg))
    listener = nodeListener(createApp({ services, clientDir, pages: await productionPages() }))
  }

  const server = http.createServer(listener)
  keepConnections(server)
  // Several listening sockets, so a busy event loop still takes in newcomers (server/http/listen.ts).
  const listening = await listen(server, { port: config.port, host: config.host })
  logger.info(`Kapra is serving on http://localhost:${listening.port}`, {
    database: connection.dialect,
    mode: config.env,
    react: loadedReactBuild(),
    listeningSockets: listening.sockets,
  })

  // The pages most shoppers open first, drawn once by the process itself while it is still
  // quiet, so its first shoppers do not wait for Node to compile the drawing (server/http/warm-up.ts).
  if (!development) {
    void warmUp({
      origin: selfOrigin(config.host, listening.port),
      products: config.warmUpProducts,
      log: (msg, fields) => logger.info(msg, fields),
    })
  }

  // Email leaves through the outbox; this process's worker sends what is due (docs/decisions/011).
  services.mail.startWorker()

  // Housekeeping: expired sessions, day-old Idempotency-Key answers and ended rate-limit windows go once an hour.
  const prune = setInterval(() => {
    services.auth.pruneSessions().catch((err: unknown) => logger.warn('session pruning failed', errorFields(err)))
    services.orders
      .pruneIdempotencyKeys()
      .catch((err: unknown) => logger.warn('idempotency key pruning failed', errorFields(err)))
    services.limitStore
      ?.prune(Date.now())
      .catch((err: unknown) => logger.warn('rate limit pruning failed', errorFields(err)))
  }, 60 * 60_000)
  prune.unref()

  // Orders nobody confirmed in time are cancelled by the store, once across instances
  // (the job's lease: docs/decisions/017); every instance tries every few minutes.
  const expireUnconfirmed = () => {
    services.orders
      .expireUnconfirmed()
      .catch((err: unknown) => logger.warn('cancelling unconfirmed orders failed', errorFields(err)))
  }
  const expire = setInterval(expireUnconfirmed, 5 * 60_000)
  expire.unref()
  // A store started after a pause need not wait the first 5 minutes.
  const firstExpiry = setTimeout(expireUnconfirmed, 30_000)
  firstExpiry.unref()

  // An import's photos are encoded after it commits, by every instance (docs/decisions/037).
  services.catalog.photos.pending?.start(logger)

  // Sales start and end on time: a timer for the next boundary (docs/decisions/025).
  services.catalog.sales.startSaleClock()

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info('shutting down', { signal })
    clearInterval(prune)
    clearInterval(expire)
    clearTimeout(firstExpiry)
    services.catalog.sales.stopSaleClock()
    // Stop accepting, let requests in flight finish, then close the database.
    listening.close()
    server.close(() => {
      Promise.all([closeVite(), services.mail.stopWorker(), services.catalog.photos.pending?.stop(), services.close()])
        .then(() => connection.close())
        .then(() => process.exit(0))
        .catch((err: unknown) => {
          logger.error('shutdown failed', errorFields(err))
          process.exit(1)
        })
    })
    server.closeIdleConnections()
    setTimeout(() => {
      logger.warn('forcing shutdown after 10 s')
      process.exit(1)
    }, 10_000).unref()
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message)
  else console.error(err)
  process.exit(1)
})

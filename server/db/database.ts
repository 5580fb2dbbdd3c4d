import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type SqliteDatabase,
  type SqliteDriver,
  sql,
  type DatabaseConnection,
  type Driver,
  type Transaction,
  type TransactionSettings,
} from 'kysely'
import { Migrator, type Migration } from 'kysely/migration'
import pg from 'pg'
import { checkpointOften } from '#server/db/checkpoints.ts'
import type { Database } from '#server/db/schema.ts'
import { errorCode } from '#server/db/unavailable.ts'
import * as initial from '#server/db/migrations/2026-11-22T0900-initial.ts'
import * as cartLineOrder from '#server/db/migrations/2026-11-22T1400-cart-line-order.ts'
import { catalogQueries } from '#server/db/migrations/2026-11-24T0100-catalog-queries.ts'
import * as stockAndOrderLife from '#server/db/migrations/2026-11-24T0300-stock-and-order-life.ts'
import * as storeConsole from '#server/db/migrations/2026-11-24T0500-console.ts'
import * as archivedProducts from '#server/db/migrations/2026-11-24T0600-archived-products.ts'
import * as facetIndexes from '#server/db/migrations/2026-11-24T0650-facet-indexes.ts'
import * as mail from '#server/db/migrations/2026-11-24T0700-mail.ts'
import { accountMigration } from '#server/db/migrations/2026-11-24T0710-account.ts'
import * as stockAlerts from '#server/db/migrations/2026-11-24T0720-stock-alerts.ts'
import * as idempotency from '#server/db/migrations/2026-11-24T0800-idempotency.ts'
import * as rateLimits from '#server/db/migrations/2026-11-24T0810-rate-limits.ts'
import * as listStamp from '#server/db/migrations/2026-11-24T0900-list-stamp.ts'
import { joinedNameIndex } from '#server/db/migrations/2026-11-24T1000-joined-name-index.ts'
import * as categoryPriceIndex from '#server/db/migrations/2026-11-24T1010-category-price-index.ts'
import * as adminIdle from '#server/db/migrations/2026-11-25T0100-admin-idle.ts'
import * as twoFactor from '#server/db/migrations/2026-11-25T0100-two-factor.ts'
import * as jobLeases from '#server/db/migrations/2026-11-25T0200-job-leases.ts'
import * as mailPrivacy from '#server/db/migrations/2026-11-25T0300-mail-privacy.ts'
import * as passwordProven from '#server/db/migrations/2026-11-25T0500-password-proven.ts'
import * as urduNames from '#server/db/migrations/2026-11-26T0100-urdu-names.ts'
import * as languages from '#server/db/migrations/2026-11-26T0200-languages.ts'
import { salesMigration } from '#server/db/migrations/2026-11-26T0300-sales.ts'
import * as discounts from '#server/db/migrations/2026-11-26T0400-discounts.ts'
import * as listedIndex from '#server/db/migrations/2026-11-26T0700-listed-index.ts'
import * as sizeFacetOrder from '#server/db/migrations/2026-11-26T0800-size-facet-order.ts'
import * as priceDescendingIndex from '#server/db/migrations/2026-11-26T0810-price-descending-index.ts'
import * as phoneKeys from '#server/db/migrations/2026-11-26T0900-phone-keys.ts'
import * as attention from '#server/db/migrations/2026-11-26T0910-attention.ts'
import * as reviews from '#server/db/migrations/2026-11-27T0100-reviews.ts'
import * as wishlist from '#server/db/migrations/2026-11-27T0200-wishlist.ts'
import * as wishlistEmails from '#server/db/migrations/2026-11-27T0300-wishlist-emails.ts'
import * as ratedSizeRows from '#server/db/migrations/2026-11-27T0400-rated-size-rows.ts'
import * as orderRequests from '#server/db/migrations/2026-11-27T0500-order-requests.ts'
import * as reviewAudit from '#server/db/migrations/2026-11-27T0500-review-audit.ts'
import * as saleClockOwed from '#server/db/migrations/2026-11-28T0100-sale-clock-owed.ts'

export type Db = Kysely<Database>
/** What repositories take first: the database or a transaction on it. */
export type Executor = Kysely<Database> | Transaction<Database>
export type Dialect = 'sqlite' | 'postgres'

// Listed here rather than read from the folder, so the migration set is fixed at
// build time and a stray file never runs. A migration that differs by database is a
// function of the dialect. (Exported for tests that build a store as it was before one.)
export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    '2026-11-22T0900-initial': initial,
    '2026-11-22T1400-cart-line-order': cartLineOrder,
    '2026-11-24T0100-catalog-queries': catalogQueries(dialect),
    '2026-11-24T0300-stock-and-order-life': stockAndOrderLife,
    '2026-11-24T0500-console': storeConsole,
    '2026-11-24T0600-archived-products': archivedProducts,
    '2026-11-24T0650-facet-indexes': facetIndexes,
    '2026-11-24T0700-mail': mail,
    '2026-11-24T0710-account': accountMigration(dialect),
    '2026-11-24T0720-stock-alerts': stockAlerts,
    '2026-11-24T0800-idempotency': idempotency,
    '2026-11-24T0810-rate-limits': rateLimits,
    '2026-11-24T0900-list-stamp': listStamp,
    '2026-11-24T1000-joined-name-index': joinedNameIndex(dialect),
    '2026-11-24T1010-category-price-index': categoryPriceIndex,
    '2026-11-25T0100-admin-idle': adminIdle,
    '2026-11-25T0100-two-factor': twoFactor,
    '2026-11-25T0200-job-leases': jobLeases,
    '2026-11-25T0300-mail-privacy': mailPrivacy,
    '2026-11-25T0500-password-proven': passwordProven,
    '2026-11-26T0100-urdu-names': urduNames,
    '2026-11-26T0200-languages': languages,
    '2026-11-26T0300-sales': salesMigration(dialect),
    '2026-11-26T0400-discounts': discounts,
    '2026-11-26T0700-listed-index': listedIndex,
    '2026-11-26T0800-size-facet-order': sizeFacetOrder,
    '2026-11-26T0810-price-descending-index': priceDescendingIndex,
    '2026-11-26T0900-phone-keys': phoneKeys,
    '2026-11-26T0910-attention': attention,
    '2026-11-27T0100-reviews': reviews,
    '2026-11-27T0200-wishlist': wishlist,
    '2026-11-27T0300-wishlist-emails': wishlistEmails,
    '2026-11-27T0400-rated-size-rows': ratedSizeRows,
    '2026-11-27T0500-order-requests': orderRequests,
    '2026-11-27T0500-review-audit': reviewAudit,
    '2026-11-28T0100-sale-clock-owed': saleClockOwed,
  }
}

// PostgreSQL answers int8 (bigint, count(*)) as strings; every such value here is an
// epoch-millisecond time or a count, well inside Number's exact range.
pg.types.setTypeParser(20, (v) => Number(v))

export interface DatabaseOptions {
  /** postgres://… selects PostgreSQL; otherwise SQLite in dataDir. */
  databaseUrl?: string | undefined
  dataDir: string
  /** For tests: a PostgreSQL schema to use (created if missing) instead of public. */
  pgSchema?: string
  /** Connections PostgreSQL's pool may open (10 when absent). */
  poolSize?: number
  /** For tests: an in-memory SQLite database. */
  sqliteMemory?: boolean
  /** SQLite: checkpoint the write-ahead log a little every quarter second, not in a commit (the store's process: server/db/checkpoints.ts). */
  checkpointOften?: boolean
  /** Where the pool's own errors go (the process's JSON log); stderr as JSON when absent. */
  logError?: (msg: string, fields: Record<string, unknown>) => void
}

export interface Connection {
  db: Db
  dialect: Dialect
  /** The PostgreSQL schema the tables live in, when not the default. */
  schema?: string
  /** PostgreSQL's connection pool as it stands (the store's metrics); SQLite has none. */
  poolStats?: () => { total: number; idle: number; waiting: number }
  close(): Promise<void>
}

const logToStderr = (msg: string, fields: Record<string, unknown>) =>
  void process.stderr.write(JSON.stringify({ time: new Date().toISOString(), level: 'error', msg, ...fields }) + '\n')

export function connect(options: DatabaseOptions): Connection {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // An unreachable database answers within seconds (503) instead of holding requests.
      connectionTimeoutMillis: 3_000,
      // No JIT: every query here is a store's short one, and PostgreSQL's JIT (on by default)
      // compiles any whose estimate passes its threshold, which a table without statistics
      // yet does: a sale's repricing of a store of four products took 1.6 s, all compiling.
      options: `-c jit=off${options.pgSchema ? ` -c search_path=${options.pgSchema}` : ''}`,
    })
    const logError = options.logError ?? logToStderr
    // A client losing its connection must not crash the process: idle ones are the
    // pool's (its 'error' event); one lent out to a query has no listener of its own,
    // and its query fails anyway, so the loss is logged here (docs/decisions/013).
    pool.on('error', (err) => logError('database pool error', { err: err.message, code: errorCode(err) }))
    pool.on('connect', (client) => {
      client.on('error', (err) => logError('database connection lost', { err: err.message, code: errorCode(err) }))
    })
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
    return {
      db,
      dialect: 'postgres',
      ...(options.pgSchema ? { schema: options.pgSchema } : {}),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => db.destroy(),
    }
  }
  let file = ':memory:'
  if (!options.sqliteMemory) {
    fs.mkdirSync(options.dataDir, { recursive: true })
    file = path.join(options.dataDir, 'kapra.sqlite')
  }
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('synchronous = NORMAL')
  const checkpoints =
    options.checkpointOften && !options.sqliteMemory
      ? checkpointOften(sqlite, options.logError ?? logToStderr)
      : undefined
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: keepingStatements(sqlite) }) })
  return {
    db,
    dialect: 'sqlite',
    close: async () => {
      checkpoints?.stop()
      await db.destroy()
    },
  }
}

/**
 * SQLite's transactions that may write take the write lock when they begin (BEGIN
 * IMMEDIATE), not at their first write: another process writing the same file (a script, a
 * test's fixture) then makes a transaction wait its turn for up to busy_timeout, where a
 * deferred one that had read first would fail at once with SQLITE_BUSY. This process runs one
 * transaction at a time on its one connection, so nothing here waits longer than before. A
 * transaction begun `read only` (the product list's snapshot, read for seconds at 100,000
 * products) stays deferred: it takes no lock, and writers go on beside it.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver() as SqliteDriver
    driver.beginTransaction = async (connection: DatabaseConnection, settings?: TransactionSettings) => {
      const mode = settings?.accessMode === 'read only' ? 'begin' : 'begin immediate'
      await connection.executeQuery(CompiledQuery.raw(mode))
    }
    return driver
  }
}

/** How many of the most recently used SQL statements a SQLite connection keeps prepared. */
const KEPT_STATEMENTS = 500

/**
 * The connection as Kysely sees it, keeping its prepared statements: Kysely prepares each
 * query's SQL again, and preparing was a twentieth of a signed-in shopper's page. A kept
 * statement still running (a streamed select being read) is not lent twice: that query
 * gets a statement of its own.
 */
export function keepingStatements(sqlite: SQLite.Database, keep = KEPT_STATEMENTS): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>()
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const statement = kept.get(sql)
      if (statement?.busy) return sqlite.prepare(sql)
      kept.delete(sql)
      const fresh = statement ?? sqlite.prepare(sql)
      // Most recently used last; the least recently used goes first.
      kept.set(sql, fresh)
      if (kept.size > keep) kept.delete(kept.keys().next().value!)
      return fresh
    },
  }
}

export async function migrateToLatest({ db, dialect, schema }: Pick<Connection, 'db' | 'dialect' | 'schema'>) {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrationsFor(dialect)) },
    // Kysely looks for its bookkeeping tables in every schema unless told which;
    // test databases live side by side in one PostgreSQL database.
    ...(schema ? { migrationTableSchema: schema } : {}),
  })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) {
    const reason = error instanceof Error ? error.message : (failed?.status ?? 'unknown error')
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`)
  }
}

/**
 * The database gave up a transaction that met another: PostgreSQL's deadlock or
 * serialization failure, or SQLite's busy database (another connection, such as the
 * product list's writer, holding or having moved past the snapshot a write needed).
 */
export function isTransientConflict(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code
  return code === '40P01' || code === '40001' || (typeof code === 'string' && code.startsWith('SQLITE_BUSY'))
}

/**
 * Runs a transaction again, up to `attempts` times in all, when the database ends it as a
 * conflict's loser (on PostgreSQL, two transactions taking the same rows in other orders:
 * an order's sizes and a sale boundary's repricing of the same products, docs/decisions/025;
 * on SQLite, a busy database). The loser rolled back whole, so running it again is as if
 * it had waited its turn. `work` must do nothing outside its transaction that a second run
 * would repeat.
 */
export async function retryingConflicts<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work()
    } catch (err) {
      if (attempt >= attempts || !isTransientConflict(err)) throw err
      // A short, random pause, so the two do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt))
    }
  }
}

/** True when the database answers a trivial query. */
export async function ping(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db)
    return true
  } catch {
    return false
  }
}

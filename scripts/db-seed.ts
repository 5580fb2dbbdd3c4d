// `npm run db:seed`: migrations, then the demo catalog into an empty store.
// `npm run db:seed -- --products N`: migrations, then N generated products
// (demo/large-catalog.ts) into an empty store, for measuring the store at size.
import '#server/node-env.ts'
import { parseArgs } from 'node:util'
import { sql } from 'kysely'
import { loadConfig } from '#server/config.ts'
import { connect, migrateToLatest } from '#server/db/database.ts'
import { createCatalogService } from '#server/catalog/service.ts'
import { seedCatalog } from '#demo/seed.ts'
import { demoCatalog } from '#demo/catalog.ts'
import { largeCatalog } from '#demo/large-catalog.ts'

const MAX_PRODUCTS = 1_000_000
/** Products a transaction: big enough for multi-row inserts to pay, small enough to hold in memory. */
const CHUNK = 5000

const count = productsArgument()
const config = loadConfig()
const connection = connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
try {
  await migrateToLatest(connection)
  if (count === null) {
    const added = await seedCatalog(connection, demoCatalog)
    console.log(added ? `Seeded ${added} demo products.` : 'The catalog already has products; nothing seeded.')
  } else {
    await seedGenerated(count)
  }
} finally {
  await connection.close()
}

async function seedGenerated(total: number): Promise<void> {
  const where = config.databaseUrl
    ? `PostgreSQL database ${new URL(config.databaseUrl).pathname.slice(1)}`
    : `SQLite in ${config.dataDir}`
  const catalog = createCatalogService(connection.db, connection.dialect)
  const started = performance.now()
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1)
  // Print about ten progress lines, at whole chunks.
  const every = Math.max(1, Math.round(total / 10 / CHUNK)) * CHUNK
  let added = 0
  for (const chunk of largeCatalog(total, { now: Date.now(), chunkSize: CHUNK })) {
    // Each chunk is its own transaction; the first one adds only into an empty
    // catalog, so a store that has products is never mixed with generated ones.
    const n = await catalog.add(chunk, { onlyIfEmpty: added === 0 })
    if (n === 0) {
      console.error(
        `The catalog in ${where} already has products; --products fills only an empty one. ` +
          'Use a fresh DATA_DIR (SQLite) or a new database (DATABASE_URL).',
      )
      process.exitCode = 1
      return
    }
    added += n
    if (added % every === 0 || added === total) {
      console.log(`${added.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} products (${seconds()} s)`)
    }
  }
  if (connection.dialect === 'postgres') {
    // PostgreSQL plans by table statistics, which autovacuum gathers only later (or,
    // where it is off, never): without them the collection's filtered views read every
    // matching product. Vacuum also marks the new rows visible to all, so the counts'
    // index-only scans skip the table, and autovacuum has nothing left to do under
    // the first shoppers. SQLite's planner does without; its ANALYZE picks worse plans here.
    await sql`vacuum (analyze) products, product_sizes, size_chart_rows, catalog_terms`.execute(connection.db)
  }
  console.log(`Seeded ${added.toLocaleString('en-US')} generated products into ${where} in ${seconds()} s.`)
}

/** The product count asked for with --products, null without it; a bad value ends the process. */
function productsArgument(): number | null {
  let value: string | undefined
  try {
    value = parseArgs({ options: { products: { type: 'string' } }, strict: true }).values.products
  } catch (err) {
    fail(err instanceof Error ? err.message : String(err))
  }
  if (value === undefined) return null
  const digits = value.replace(/[_,]/g, '')
  const n = /^\d+$/.test(digits) ? Number(digits) : NaN
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_PRODUCTS) {
    fail(`--products must be a whole number from 1 to ${MAX_PRODUCTS.toLocaleString('en-US')}, not '${value}'.`)
  }
  return n
}

function fail(message: string): never {
  console.error(`${message}\nUsage: npm run db:seed [-- --products N]`)
  process.exit(1)
}

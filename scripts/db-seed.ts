// `npm run db:seed`: migrations, then the demo catalog into an empty store.
// `npm run db:seed -- --products N`: migrations, then N generated products
// (demo/large-catalog.ts) into an empty store, for measuring the store at size;
// `--reviews M` adds M generated reviews of them (demo/large-reviews.ts) by generated reviewers.
import '#server/node-env.ts'
import { parseArgs } from 'node:util'
import { sql } from 'kysely'
import { loadConfig } from '#server/config.ts'
import { connect, migrateToLatest } from '#server/db/database.ts'
import { createCatalogService } from '#server/catalog/service.ts'
import { seedCatalog } from '#demo/seed.ts'
import { demoCatalog } from '#demo/catalog.ts'
import { largeCatalog } from '#demo/large-catalog.ts'
import { largeReviews, reviewersFor } from '#demo/large-reviews.ts'
import { createReviewService } from '#server/reviews/service.ts'

const MAX_PRODUCTS = 1_000_000
const MAX_REVIEWS = 10_000_000
/** Products a transaction: big enough for multi-row inserts to pay, small enough to hold in memory. */
const CHUNK = 5000

const { products: count, reviews: reviewCount } = countArguments()
const config = loadConfig()
const connection = connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
try {
  await migrateToLatest(connection)
  if (count === null) {
    const added = await seedCatalog(connection, demoCatalog)
    console.log(added ? `Seeded ${added} demo products.` : 'The catalog already has products; nothing seeded.')
  } else {
    const seeded = await seedGenerated(count)
    if (seeded && reviewCount !== null) await seedReviews(reviewCount)
  }
} finally {
  await connection.close()
}

async function seedGenerated(total: number): Promise<boolean> {
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
      return false
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
  return true
}

/**
 * Generated reviews of the generated products, by generated reviewers (accounts that
 * cannot sign in: no password, an address that takes no mail), then every product's stars.
 */
async function seedReviews(total: number): Promise<void> {
  const { db } = connection
  const catalog = createCatalogService(db, connection.dialect)
  // Orders tell who may write a review; the seed writes its reviews as generated, so none may.
  const reviews = createReviewService(db, connection.dialect, {
    catalog,
    orders: { deliveredLine: () => Promise.resolve(undefined), forStore: () => Promise.resolve(undefined) },
  })
  // SQLite: reviews land all over their seven indexes, and with the default 2 MB of pages
  // kept, a million of them were mostly reads of pages just written out (625 s).
  if (connection.dialect === 'sqlite') await sql`pragma cache_size = -524288`.execute(db)
  const started = performance.now()
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1)
  const ids = (
    await db.selectFrom('products').select('id').where('archived', '=', 0).orderBy('position').execute()
  ).map((r) => r.id)
  const now = Date.now()
  const reviewers = reviewersFor(total, ids.length)
  const names = ['Ayesha', 'Bilal', 'Sana', 'Hamza', 'Zainab', 'Usman', 'Mahnoor', 'Ali', 'Hira', 'Fahad']
  // Scripts write accounts as the seed writes products: straight into the tables, in bulk.
  for (let start = 0; start < reviewers; start += 2000) {
    const rows = []
    for (let k = start; k < Math.min(reviewers, start + 2000); k++)
      rows.push({
        id: `seed-reviewer-${k}`,
        name: `${names[k % names.length]} ${k}`,
        email: `reviewer-${k}@seed.invalid`,
        email_normalized: `reviewer-${k}@seed.invalid`,
        password_hash: null,
        google_sub: null,
        created_at: now,
        role: 'customer',
        email_verified_at: null,
        password_proven_at: null,
        language: null,
      })
    await db
      .insertInto('users')
      .values(rows)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute()
  }
  let added = 0
  for (const chunk of largeReviews(total, ids.length, { now, chunkSize: 20_000 })) {
    await reviews.addGenerated(
      chunk.map((r) => ({
        id: `seed-review-${added++}`,
        product_id: ids[r.productIndex]!,
        user_id: `seed-reviewer-${r.reviewer}`,
        order_id: 'seed',
        size: 'M',
        author: names[r.reviewer % names.length]!,
        rating: r.rating,
        title: r.title,
        body: r.text,
        fit: r.fit,
        photos: '[]',
        has_photos: 0,
        status: r.status,
        reply: null,
        helpful: r.helpful,
        created_at: r.createdAt,
        updated_at: r.createdAt,
        decided_at: r.status === 'pending' ? null : r.createdAt,
      })),
    )
    if (added % 100_000 === 0 || added === total)
      console.log(`${added.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} reviews (${seconds()} s)`)
  }
  const rated = await reviews.rerateAll()
  // Rating a product writes its size rows too (their `rated`): vacuumed, their index-only
  // scans ("4 stars and up" with a size) read no table pages (at 100,000 on PostgreSQL: 20 ms a count, not 200).
  if (connection.dialect === 'postgres') await sql`vacuum (analyze) reviews, products, product_sizes`.execute(db)
  console.log(
    `Seeded ${total.toLocaleString('en-US')} reviews; ${rated.toLocaleString('en-US')} products rated, in ${seconds()} s.`,
  )
}

/** The counts asked for with --products and --reviews, null when not given; a bad value ends the process. */
function countArguments(): { products: number | null; reviews: number | null } {
  let values: { products?: string | undefined; reviews?: string | undefined } = {}
  try {
    values = parseArgs({ options: { products: { type: 'string' }, reviews: { type: 'string' } }, strict: true }).values
  } catch (err) {
    fail(err instanceof Error ? err.message : String(err))
  }
  const products = whole('--products', values.products, 1, MAX_PRODUCTS)
  const reviews = whole('--reviews', values.reviews, 0, MAX_REVIEWS)
  if (reviews !== null && products === null) fail('--reviews goes with --products: it reviews the generated products.')
  return { products, reviews }
}

function whole(name: string, value: string | undefined, min: number, max: number): number | null {
  if (value === undefined) return null
  const digits = value.replace(/[_,]/g, '')
  const n = /^\d+$/.test(digits) ? Number(digits) : NaN
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    fail(`${name} must be a whole number from ${min} to ${max.toLocaleString('en-US')}, not '${value}'.`)
  }
  return n
}

function fail(message: string): never {
  console.error(`${message}\nUsage: npm run db:seed [-- --products N [--reviews M]]`)
  process.exit(1)
}

// `npm run catalog -- export [--out FILE]` and
// `npm run catalog -- import FILE.csv [--photos DIR|FILE.zip] [--dry-run] [--archive-missing]`:
// the catalog as a CSV file and back (README, "Catalog import and export";
// docs/decisions/033). Reads the store's settings as `npm start` does, and tells the running
// instances of the change (Redis or PostgreSQL's change feed) as the console does.
import '#server/node-env.ts'
import fs from 'node:fs'
import { parseArgs } from 'node:util'
import { finished } from 'node:stream/promises'
import sharp from 'sharp'
import type { User } from '#contracts/auth.ts'
import { loadConfig } from '#server/config.ts'
import { connect, migrateToLatest } from '#server/db/database.ts'
import { createServices } from '#server/services.ts'
import { createLogger } from '#server/http/logger.ts'
import { postgresChangeFeed, redisChangeFeed } from '#server/catalog/changes.ts'
import { folderPhotos, noPhotos, zipPhotos } from '#server/admin/photo-source.ts'
import { photoConcurrency } from '#server/admin/catalog-import-check.ts'

const USAGE = `Usage:
  npm run catalog -- export [--out products.csv]
  npm run catalog -- import products.csv [--photos DIR|photos.zip] [--dry-run] [--archive-missing]`

/** Who the audit log names for what this script writes. */
const CLI_ACTOR: User = { _id: 'cli', name: 'npm run catalog', email: '', role: 'admin', emailVerified: false }

let args: ReturnType<typeof parse>
function parse() {
  return parseArgs({
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      photos: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      'archive-missing': { type: 'boolean', default: false },
    },
  })
}
try {
  args = parse()
} catch (err) {
  console.error(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`)
  process.exit(1)
}
const [command, file] = args.positionals
if (!(command === 'export' && !file) && !(command === 'import' && file)) {
  console.error(USAGE)
  process.exit(1)
}

/** A bar on stderr: redrawn in place on a terminal, a line each tenth otherwise (a log, CI). */
function progressBar() {
  const tty = process.stderr.isTTY
  let shown = ''
  let lastStep = ''
  let lastTenth = -1
  const words = {
    file: 'Checking rows',
    photos: 'Checking photos',
    products: 'Writing products',
    encoding: 'Encoding photos',
  } as const
  return {
    update(step: keyof typeof words, done: number, total: number) {
      const ratio = total > 0 ? Math.min(1, done / total) : 1
      const label = `${words[step].padEnd(16)} ${String(done).padStart(6)}/${total}`
      if (tty) {
        const width = Math.max(10, Math.min(40, (process.stderr.columns || 80) - label.length - 10))
        const full = Math.round(ratio * width)
        const line = `${label} [${'#'.repeat(full)}${'-'.repeat(width - full)}] ${Math.round(ratio * 100)}%`
        if (line !== shown) process.stderr.write(`\r${line}`)
        shown = line
      } else {
        const tenth = Math.floor(ratio * 10)
        if (tenth !== lastTenth || step !== lastStep) console.error(`${label} (${tenth * 10}%)`)
        lastTenth = tenth
        lastStep = step
      }
    },
    end() {
      if (tty && shown) process.stderr.write('\n')
      shown = ''
    },
  }
}

// Every photo of an import is read once: libvips's cache of operations would only hold
// memory; and the import works on a photo a core (photoConcurrency), so each photo gets one
// thread, not one a core each (docs/decisions/033 on the import's memory).
sharp.cache(false)
sharp.concurrency(1)

const config = loadConfig()
const connection = connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
const logger = createLogger('silent')
const changes = config.redisUrl
  ? redisChangeFeed({ url: config.redisUrl, log: logger })
  : config.databaseUrl
    ? postgresChangeFeed({ db: connection.db, databaseUrl: config.databaseUrl, log: logger })
    : undefined
let failed = false
let services: ReturnType<typeof createServices> | undefined
try {
  await migrateToLatest(connection)
  await changes?.ready
  services = createServices({
    db: connection.db,
    dialect: connection.dialect,
    config,
    logger,
    ...(changes ? { changes } : {}),
  })
  if (command === 'export') {
    const sink = args.values.out ? fs.createWriteStream(args.values.out) : process.stdout
    for await (const chunk of services.admin.catalogCsv()) {
      if (!sink.write(chunk)) await new Promise<void>((resolve) => sink.once('drain', () => resolve()))
    }
    if (args.values.out) {
      ;(sink as fs.WriteStream).end()
      await finished(sink)
      console.error(`Wrote the catalog to ${args.values.out}`)
    }
  } else {
    const source = args.values.photos
    const maxBytes = services.catalog.photos.maxBytes
    const photos = !source
      ? noPhotos
      : source.toLowerCase().endsWith('.zip')
        ? await zipPhotos(source, maxBytes)
        : folderPhotos(source, maxBytes)
    const bar = progressBar()
    try {
      const dryRun = args.values['dry-run']
      const { plan, result } = await services.admin.importFile({
        csv: fs.createReadStream(file!),
        photos,
        archiveMissing: args.values['archive-missing'],
        dryRun,
        admin: CLI_ACTOR,
        progress: (step, done, total) => bar.update(step, done, total),
        onChecked: () => bar.end(),
      })
      bar.end()
      const c = plan.counts
      for (const p of plan.problems) console.error(`line ${p.line}${p.code ? ` (${p.code})` : ''}: ${p.message}`)
      if (plan.problems.length) {
        console.error(`${plan.problems.length} problem(s) in ${file}: nothing was written.`)
        failed = true
      } else if (!result) {
        console.error(
          `Dry run: ${c.rows} rows, ${c.new} new, ${c.changed} changed, ${c.unchanged} unchanged, ` +
            `${c.archived} to archive, ${c.photos} photos. Nothing was written.`,
        )
      } else {
        console.error(
          `Imported ${c.rows} rows: ${result.new} new, ${result.changed} changed, ${result.unchanged} unchanged, ` +
            `${result.archived} archived.`,
        )
        // The store shows the photos from now on, encoding each for its first viewer; the
        // rest are encoded here, by every core (docs/decisions/037). Stopped, the running
        // store finishes them.
        const pending = services.catalog.photos.pending!
        const waiting = (await pending.pending()).length
        if (waiting > 0) {
          console.error(`Encoding ${waiting} photos (stopped, the running store encodes the rest):`)
          await pending.drain(photoConcurrency(), (done, total) => bar.update('encoding', done, total))
          bar.end()
          console.error('Every photo is encoded.')
        }
      }
    } catch (err) {
      bar.end()
      console.error(`${err instanceof Error ? err.message : String(err)}\nNothing was written.`)
      failed = true
    } finally {
      await photos.close()
    }
  }
} finally {
  // The services close the change feed with them.
  await (services ? services.close() : changes?.close())
  await connection.close()
}
process.exit(failed ? 1 : 0)

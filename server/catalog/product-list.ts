import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { once } from 'node:events'
import { finished, pipeline } from 'node:stream/promises'
import { fork } from 'node:child_process'
import { pathToFileURL } from 'node:url'
import { createGzip } from 'node:zlib'
import type { DatabaseOptions, Db, Dialect, Executor } from '#server/db/database.ts'
import * as repo from '#server/catalog/repository.ts'
import { allProducts } from '#server/catalog/products.ts'

/**
 * GET /api/product/list (docs/spec/store-spec.md §8) as files: the whole catalog's JSON,
 * and its gzip, written once per catalog change and then served from disk, so a request
 * for 100,000 products costs the server a file read (docs/decisions/009, "The product list").
 */
export interface ProductListFile {
  /** The catalog stamp the file was read at: its ETag. */
  stamp: string
  json: string
  jsonBytes: number
  gzip: string
  gzipBytes: number
}

/** Products per JSON.stringify: about 25 KB, short-lived strings the young generation collects. */
const PIECE = 25

/**
 * Writes the list of every product on sale into `dir` as list-<stamp>.json and .json.gz,
 * from one snapshot of the catalog (the stamp and the products agree), unless the
 * files of that stamp are already there. Older lists in `dir` are removed.
 */
export async function writeProductList(db: Db, dialect: Dialect, dir: string): Promise<ProductListFile> {
  fs.mkdirSync(dir, { recursive: true })
  // A snapshot that writes nothing: on SQLite a deferred transaction, which holds no lock while
  // it reads (server/db/database.ts), so orders go on while a large list is written.
  const begin = db.transaction().setAccessMode('read only')
  const snapshot = dialect === 'postgres' ? begin.setIsolationLevel('repeatable read') : begin
  return snapshot.execute(async (trx) => {
    const stamp = await repo.catalogStamp(trx)
    const done = existing(dir, stamp)
    if (done) return done
    const name = path.join(dir, `list-${stamp}`)
    const part = `${name}.${process.pid}.${Math.random().toString(36).slice(2)}.part`
    try {
      await writeBoth(listJson(trx), `${part}.json`, `${part}.json.gz`)
      // The gzip first: a list is ready once its .json is there.
      fs.renameSync(`${part}.json.gz`, `${name}.json.gz`)
      fs.renameSync(`${part}.json`, `${name}.json`)
    } finally {
      fs.rmSync(`${part}.json`, { force: true })
      fs.rmSync(`${part}.json.gz`, { force: true })
    }
    removeOlder(dir, stamp)
    return existing(dir, stamp)!
  })
}

/** Lists of other stamps go, and files another writer left half-written over an hour ago. */
function removeOlder(dir: string, stamp: string): void {
  for (const other of fs.readdirSync(dir)) {
    if (!other.startsWith('list-') || other.startsWith(`list-${stamp}.`)) continue
    const file = path.join(dir, other)
    if (
      other.includes('.part.') &&
      Date.now() - (fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0) < 3_600_000
    )
      continue
    fs.rmSync(file, { force: true })
  }
}

/** Writes the text to a file and, gzipped, to another, in one pass, waiting whenever either is behind. */
async function writeBoth(text: AsyncIterable<string>, jsonPath: string, gzipPath: string): Promise<void> {
  const json = fs.createWriteStream(jsonPath)
  const gzip = createGzip()
  const written = Promise.all([finished(json), pipeline(gzip, fs.createWriteStream(gzipPath))])
  written.catch(() => {})
  try {
    for await (const piece of text) {
      const behind = [json.write(piece) || once(json, 'drain'), gzip.write(piece) || once(gzip, 'drain')]
      await Promise.all(behind.filter((w) => w !== true))
    }
    json.end()
    gzip.end()
    await written
  } catch (err) {
    json.destroy()
    gzip.destroy()
    throw err
  }
}

/** The list's JSON text, a piece at a time (a Readable source for pipeline, with its backpressure). */
async function* listJson(db: Executor): AsyncGenerator<string> {
  let first = true
  yield '['
  for await (const batch of allProducts(db)) {
    for (let i = 0; i < batch.length; i += PIECE) {
      yield (first ? '' : ',') + JSON.stringify(batch.slice(i, i + PIECE)).slice(1, -1)
      first = false
    }
  }
  yield ']'
}

/** The files of this stamp, when both are there. */
function existing(dir: string, stamp: string): ProductListFile | undefined {
  const name = path.join(dir, `list-${stamp}`)
  try {
    const json = fs.statSync(`${name}.json`)
    const gzip = fs.statSync(`${name}.json.gz`)
    return { stamp, json: `${name}.json`, jsonBytes: json.size, gzip: `${name}.json.gz`, gzipBytes: gzip.size }
  } catch {
    return undefined
  }
}

export interface ProductListOptions {
  /** Where the files live; a new temporary folder when absent. */
  dir?: string
  /** How the writing process opens the same database (a file SQLite or PostgreSQL). */
  database?: Omit<DatabaseOptions, 'logError' | 'sqliteMemory'>
}

/**
 * The writing process's heap: a small young generation (the pg driver's allocations
 * otherwise grow it to about 150 MiB while 100,000 products pass through).
 */
const WRITER_FLAGS = ['--max-semi-space-size=4', '--max-old-space-size=256']
/**
 * The writer's module: beside this file when the server runs from its TypeScript, and beside
 * the built server's files when it runs built (scripts/build.ts builds both; a built module
 * keeps its source's `import.meta.url`, but its `import.meta.filename` is the built file's).
 * Built, the writer peaked at 107 MiB against 131 at 100,000 products on SQLite.
 */
const writerModule = import.meta.filename.endsWith('.ts')
  ? new URL('./product-list-writer.ts', import.meta.url)
  : new URL('product-list-writer.js', pathToFileURL(import.meta.filename))
/** Far beyond the minute 100,000 products take. */
const WRITER_TIMEOUT_MS = 10 * 60_000

/**
 * The product list of one store: `ready(stamp)` answers the files for the catalog at
 * that stamp (or newer), writing them once however many requests ask at the same time.
 * With `database`, a short-lived process of its own (its own connection and heap,
 * all returned when it exits) writes them, so the server neither holds the catalog,
 * nor keeps the memory that passing it through took, nor pauses for it; without (an
 * in-memory SQLite, as the tests use), this process writes them through `db`.
 */
export function createProductLists(options: { db: Db; dialect: Dialect } & ProductListOptions) {
  let dir = options.dir
  let writing: { stamp: string; file: Promise<ProductListFile> } | undefined
  let latest: ProductListFile | undefined

  function folder(): string {
    dir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'kapra-product-list-'))
    return dir
  }

  function write(): Promise<ProductListFile> {
    if (!options.database) return writeProductList(options.db, options.dialect, folder())
    const writer = fork(writerModule, {
      execArgv: WRITER_FLAGS,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    })
    writer.send({ database: options.database, dialect: options.dialect, dir: folder() })
    // A writer stuck on its database is ended: the requests waiting for it get an error, the next one a new writer.
    const stuck = setTimeout(() => writer.kill('SIGKILL'), WRITER_TIMEOUT_MS)
    return new Promise<ProductListFile>((resolve, reject) => {
      writer.once('message', (file) => resolve(file as ProductListFile))
      writer.once('error', reject)
      writer.once('exit', (code, signal) => {
        clearTimeout(stuck)
        reject(new Error(`the product list's writer exited with ${signal ?? code}`))
      })
    })
  }

  return {
    /** The list at `stamp` or a later one; written now if no request has asked for it yet. */
    async ready(stamp: string): Promise<ProductListFile> {
      if (latest?.stamp === stamp && fs.existsSync(latest.json)) return latest
      const found = existing(folder(), stamp)
      if (found) return (latest = found)
      if (writing?.stamp === stamp) return writing.file
      const entry = { stamp, file: write() }
      writing = entry
      entry.file.then(
        (f) => {
          latest = f
          if (writing === entry) writing = undefined
        },
        () => {
          if (writing === entry) writing = undefined
        },
      )
      return entry.file
    },
    /** The last list written or found, whatever the catalog is now (answered while the database is down). */
    last(): ProductListFile | undefined {
      return latest && fs.existsSync(latest.json) ? latest : undefined
    },
  }
}

export type ProductLists = ReturnType<typeof createProductLists>

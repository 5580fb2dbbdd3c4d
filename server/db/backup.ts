import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import SQLite from 'better-sqlite3'
import pg from 'pg'

// A consistent copy of the store while it runs, and its return into an empty store
// (docs/decisions/028): the database (SQLite's VACUUM INTO; pg_dump's snapshot on
// PostgreSQL), the owner's uploaded photos, and a manifest with every file's SHA-256.

const run = promisify(execFile)
export const MANIFEST = 'manifest.json'
const FORMAT = 'kapra-backup-1'

/** Where a store keeps what a backup copies. */
export interface StoreLocation {
  /** postgres://… for PostgreSQL; else SQLite's file in dataDir. */
  databaseUrl: string | undefined
  dataDir: string
  /** The owner's uploaded photos (server/catalog/photos.ts, uploadedImageDir). */
  photosDir: string
  /** A PostgreSQL schema other than public (the tests' stores). */
  pgSchema?: string
}

export interface Manifest {
  format: typeof FORMAT
  createdAt: string
  database: 'sqlite' | 'postgres'
  pgSchema?: string
  files: { path: string; bytes: number; sha256: string }[]
}

export const sqliteFile = (dataDir: string) => path.join(dataDir, 'kapra.sqlite')

/**
 * Writes a backup of the store into a new folder `out/kapra-backup-<time>` and answers its
 * path. Orders placed while it runs are in it or not as a whole; every order committed
 * before it began is in it.
 */
export async function backupStore(store: StoreLocation, out: string, now = new Date()): Promise<string> {
  const folder = path.join(out, `kapra-backup-${now.toISOString().replace(/[:.]/g, '-')}`)
  fs.mkdirSync(path.join(folder, 'photos'), { recursive: true })
  if (store.databaseUrl) {
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      ...(store.pgSchema ? [`--schema=${store.pgSchema}`] : []),
      `--file=${path.join(folder, 'database.pgdump')}`,
      store.databaseUrl,
    ])
  } else {
    // VACUUM INTO copies the database as one read transaction sees it: the store's writers
    // go on meanwhile (WAL), and, unlike the page-by-page backup API, a write during the copy
    // never makes it start again.
    const source = new SQLite(sqliteFile(store.dataDir), { readonly: true, fileMustExist: true })
    try {
      source.prepare('vacuum into ?').run(path.join(folder, 'database.sqlite'))
    } finally {
      source.close()
    }
  }
  // The photos, and an import's photos still to be encoded (docs/decisions/037).
  for (const sub of ['', 'pending']) {
    const dir = path.join(store.photosDir, sub)
    if (!fs.existsSync(dir)) continue
    fs.mkdirSync(path.join(folder, 'photos', sub), { recursive: true })
    for (const name of fs.readdirSync(dir)) {
      const from = path.join(dir, name)
      if (fs.statSync(from).isFile()) fs.copyFileSync(from, path.join(folder, 'photos', sub, name))
    }
  }
  const manifest: Manifest = {
    format: FORMAT,
    createdAt: now.toISOString(),
    database: store.databaseUrl ? 'postgres' : 'sqlite',
    ...(store.pgSchema ? { pgSchema: store.pgSchema } : {}),
    files: await Promise.all(
      filesOf(folder).map(async (file) => ({ path: file, ...(await fingerprint(path.join(folder, file))) })),
    ),
  }
  fs.writeFileSync(path.join(folder, MANIFEST), JSON.stringify(manifest, null, 2) + '\n')
  return folder
}

/** The backup's manifest, once every file it names is there with its size and checksum; else an Error saying which is not. */
export async function checkBackup(from: string): Promise<{ folder: string; manifest: Manifest }> {
  const folder = path.basename(from) === MANIFEST ? path.dirname(from) : from
  const manifestPath = path.join(folder, MANIFEST)
  if (!fs.existsSync(manifestPath)) throw new Error(`No ${MANIFEST} in ${folder}: not a Kapra backup`)
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest
  if (manifest.format !== FORMAT)
    throw new Error(`${manifestPath} is not a Kapra backup manifest of a format this store reads`)
  for (const file of manifest.files) {
    const at = path.join(folder, file.path)
    if (!fs.existsSync(at)) throw new Error(`The backup is missing ${file.path}`)
    const { bytes, sha256 } = await fingerprint(at)
    if (bytes !== file.bytes || sha256 !== file.sha256) throw new Error(`${file.path} is not as it was backed up`)
  }
  return { folder, manifest }
}

/**
 * Restores a backup into an empty store: no database file (SQLite) or no table in the
 * schema (PostgreSQL), and no uploaded photo. Refuses anything else, changing nothing.
 */
export async function restoreStore(from: string, store: StoreLocation): Promise<Manifest> {
  const { folder, manifest } = await checkBackup(from)
  const target = store.databaseUrl ? 'postgres' : 'sqlite'
  if (manifest.database !== target)
    throw new Error(`This backup is of a ${manifest.database} store; the store to restore into is ${target}`)
  if (fs.existsSync(store.photosDir) && fs.readdirSync(store.photosDir).length > 0)
    throw new Error(`${store.photosDir} already holds photos: restore into an empty store`)
  if (store.databaseUrl) {
    const schema = manifest.pgSchema ?? 'public'
    if ((store.pgSchema ?? 'public') !== schema)
      throw new Error(
        `This backup is of schema ${schema}; the store to restore into uses ${store.pgSchema ?? 'public'}`,
      )
    if ((await tablesIn(store.databaseUrl, schema)) > 0)
      throw new Error(`The database already has tables in schema ${schema}: restore into an empty database`)
    // The name search's indexes need pg_trgm (migration 2026-11-24T0100), which a dump of one
    // schema does not carry; a dump of a whole database does, and then finds it there.
    await query(store.databaseUrl, 'create extension if not exists pg_trgm with schema public')
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${store.databaseUrl}`,
      path.join(folder, 'database.pgdump'),
    ])
  } else {
    const file = sqliteFile(store.dataDir)
    if (fs.existsSync(file)) throw new Error(`${file} exists: restore into an empty data folder`)
    fs.mkdirSync(store.dataDir, { recursive: true })
    fs.copyFileSync(path.join(folder, 'database.sqlite'), file)
  }
  fs.mkdirSync(store.photosDir, { recursive: true })
  fs.cpSync(path.join(folder, 'photos'), store.photosDir, { recursive: true })
  return manifest
}

/** Every file under the folder, as paths relative to it with '/' between parts. */
function filesOf(folder: string): string[] {
  return (fs.readdirSync(folder, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(folder, f)).isFile())
    .map((f) => f.split(path.sep).join('/'))
    .toSorted()
}

/** A file's size and SHA-256, read as a stream: a database of gigabytes is never held whole. */
async function fingerprint(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256')
  let bytes = 0
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    bytes += chunk.length
    hash.update(chunk)
  }
  return { bytes, sha256: hash.digest('hex') }
}

async function query<R extends pg.QueryResultRow>(databaseUrl: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return (await client.query<R>(text, values)).rows
  } finally {
    await client.end()
  }
}

async function tablesIn(databaseUrl: string, schema: string): Promise<number> {
  const rows = await query<{ n: string }>(
    databaseUrl,
    "select count(*) as n from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE'",
    [schema],
  )
  return Number(rows[0]!.n)
}

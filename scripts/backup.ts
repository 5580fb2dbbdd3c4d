// `npm run backup -- --out DIR`: a consistent copy of the store while it runs, into a new
// folder in DIR (docs/decisions/028). `npm run restore -- FOLDER` puts one back into an
// empty store. Both read the store's settings (DATA_DIR, DATABASE_URL) as `npm start` does.
import '#server/node-env.ts'
import path from 'node:path'
import { loadConfig } from '#server/config.ts'
import { connect, migrateToLatest } from '#server/db/database.ts'
import { backupStore, restoreStore, type StoreLocation } from '#server/db/backup.ts'
import { uploadedImageDir } from '#server/catalog/photos.ts'

class UsageError extends Error {}

const USAGE =
  'Usage: npm run backup -- --out DIR\n       npm run restore -- FOLDER (a backup folder, or its manifest.json)'

const [command, ...args] = process.argv.slice(2)
const config = loadConfig()
const store: StoreLocation = {
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  photosDir: uploadedImageDir(config.dataDir),
}

try {
  if (command === 'backup') {
    const at = args.indexOf('--out')
    const out = at === -1 ? undefined : args[at + 1]
    if (!out) throw new UsageError()
    const folder = await backupStore(store, path.resolve(out))
    console.log(`Backed up the store to ${folder}`)
  } else if (command === 'restore') {
    const from = args[0]
    if (!from || args.length > 1) throw new UsageError()
    const manifest = await restoreStore(path.resolve(from), store)
    // A backup of an older store is brought up to this version's tables.
    const connection = connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
    try {
      await migrateToLatest(connection)
    } finally {
      await connection.close()
    }
    console.log(`Restored the backup of ${manifest.createdAt} (${manifest.files.length} files, checked)`)
  } else throw new UsageError()
} catch (err) {
  console.error(err instanceof UsageError ? USAGE : `Stopped: ${err instanceof Error ? err.message : String(err)}`)
  process.exitCode = 1
}

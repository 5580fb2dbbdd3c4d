import { parentPort, workerData } from 'node:worker_threads'
import SQLite from 'better-sqlite3'

// The checkpointer's thread (server/db/checkpoints.ts): its own connection to the store's
// SQLite file, copying the write-ahead log into the database every `everyMs`. PASSIVE
// never waits for, nor holds up, the store's readers and writer.

const { file, everyMs } = workerData as { file: string; everyMs: number }
const db = new SQLite(file)
db.pragma('busy_timeout = 5000')

const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)')
  } catch (err) {
    parentPort?.postMessage({ failed: err instanceof Error ? err.message : String(err) })
  }
}, everyMs)

parentPort?.on('message', (message: unknown) => {
  if (message !== 'stop') return
  clearInterval(timer)
  db.close()
  parentPort?.close()
})

import { Worker } from 'node:worker_threads'
import type SQLite from 'better-sqlite3'

// SQLite copies its write-ahead log into the database (a checkpoint) in whichever commit
// finds the log past 1,000 pages: that commit then writes and syncs megabytes, 70–240 ms
// here during a sale, and on the store's one thread every request waits for it (and no
// new connection is taken in meanwhile). The store's process checkpoints on a thread of
// its own instead, every second; its commits only append to the log. Should the thread
// stop, the connection checkpoints as SQLite does by default again.

/** How often the log is copied into the database (ms). */
const EVERY_MS = 1_000

export interface Checkpoints {
  stop(): Promise<void>
}

export function checkpointInBackground(
  sqlite: SQLite.Database,
  file: string,
  log: (msg: string, fields: Record<string, unknown>) => void,
  everyMs = EVERY_MS,
): Checkpoints {
  const worker = new Worker(new URL('./checkpoint-worker.ts', import.meta.url), {
    workerData: { file, everyMs },
    // It holds one connection and a timer: a small heap is plenty.
    resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
  })
  sqlite.pragma('wal_autocheckpoint = 0')
  let stopping = false
  const fallBack = (why: string) => {
    if (!sqlite.open) return
    sqlite.pragma('wal_autocheckpoint = 1000')
    if (!stopping) log('checkpoints back on the store’s thread', { why })
  }
  worker.on('message', (m: { failed?: string }) => {
    if (m.failed) log('checkpoint failed', { err: m.failed })
  })
  worker.on('error', (err: Error) => fallBack(err.message))
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', (code) => {
      fallBack(`the checkpoint thread exited (${code})`)
      resolve()
    }),
  )
  // The thread never keeps the process alive.
  worker.unref()
  return {
    async stop() {
      stopping = true
      worker.postMessage('stop')
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2_000).unref())])
      await worker.terminate()
    },
  }
}

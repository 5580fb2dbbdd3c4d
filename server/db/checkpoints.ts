import type SQLite from 'better-sqlite3'

// SQLite copies its write-ahead log into the database (a checkpoint) in whichever commit
// finds the log past 1,000 pages: that commit then writes and syncs megabytes, 70–240 ms
// here during a sale, and on the store's one thread every request waits for it (and no
// new connection is taken in meanwhile). The store's process checkpoints every quarter
// of a second instead, a few dozen pages each time: about half a millisecond while orders
// come in, a hundredth of one when nothing was written (docs/decisions/032). A thread of
// its own would hold the loop for none of it, but costs 23 MB.

/** How often the log is copied into the database (ms). */
const EVERY_MS = 250

export interface Checkpoints {
  /** Back to SQLite's own checkpoints (the store closing). */
  stop(): void
}

export function checkpointOften(
  sqlite: SQLite.Database,
  log: (msg: string, fields: Record<string, unknown>) => void,
  everyMs = EVERY_MS,
): Checkpoints {
  sqlite.pragma('wal_autocheckpoint = 0')
  const timer = setInterval(() => {
    try {
      // PASSIVE: never waits for the store's readers or its writer, copies what it can.
      sqlite.pragma('wal_checkpoint(PASSIVE)')
    } catch (err) {
      log('checkpoint failed', { err: err instanceof Error ? err.message : String(err) })
    }
  }, everyMs)
  timer.unref()
  return {
    stop() {
      clearInterval(timer)
      if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000')
    },
  }
}

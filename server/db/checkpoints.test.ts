import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { checkpointOften } from '#server/db/checkpoints.ts'

// The store's process copies SQLite's write-ahead log into the database a little at a time:
// its commits never do it, and the log is still copied.

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true })
})

function store() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kapra-checkpoints-'))
  dirs.push(dir)
  const file = path.join(dir, 'kapra.sqlite')
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.exec('create table t (id integer primary key, body text)')
  return { sqlite, file }
}

describe('checkpoints a little at a time', () => {
  it('leave the commits alone and copy the log within moments', async () => {
    const { sqlite, file } = store()
    const logs: string[] = []
    const checkpoints = checkpointOften(sqlite, (msg) => logs.push(msg), 50)
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0)
    const insert = sqlite.prepare('insert into t (body) values (?)')
    // Far past the 1,000 pages at which a commit would have checkpointed.
    for (let i = 0; i < 3000; i++) insert.run('x'.repeat(4000))
    // The rows are in the log; the database file grows only when a checkpoint copies them.
    const written = 3000 * 4000
    expect(fs.statSync(file).size).toBeLessThan(written)
    const deadline = Date.now() + 5_000
    while (Date.now() < deadline && fs.statSync(file).size < written) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(fs.statSync(file).size).toBeGreaterThanOrEqual(written)
    checkpoints.stop()
    const reader = new SQLite(file, { readonly: true })
    expect(reader.prepare('select count(*) as n from t').get()).toEqual({ n: 3000 })
    reader.close()
    expect(logs).toEqual([])
    sqlite.close()
  })

  it('hand checkpoints back to the connection when stopped', () => {
    const { sqlite } = store()
    const logs: string[] = []
    const checkpoints = checkpointOften(sqlite, (msg) => logs.push(msg), 50)
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0)
    checkpoints.stop()
    // The store closing: the connection checkpoints by itself again, nothing logged.
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(1000)
    expect(logs).toEqual([])
    sqlite.close()
  })
})

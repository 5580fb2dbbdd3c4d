import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { connect, retryingConflicts } from '#server/db/database.ts'

const require = createRequire(import.meta.url)

const conflict = (code: string) => Object.assign(new Error('could not serialize'), { code })

describe('retryingConflicts', () => {
  it('runs a transaction again after a deadlock, a serialization failure or a busy SQLite, and answers its result', async () => {
    for (const code of ['40P01', '40001', 'SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT']) {
      let runs = 0
      const answer = await retryingConflicts(() => {
        runs++
        return runs < 3 ? Promise.reject(conflict(code)) : Promise.resolve('placed')
      })
      expect({ code, answer, runs }).toEqual({ code, answer: 'placed', runs: 3 })
    }
  })

  it('gives up after the last attempt with the error, and never retries any other error', async () => {
    let runs = 0
    await expect(
      retryingConflicts(() => {
        runs++
        return Promise.reject(conflict('40P01'))
      }),
    ).rejects.toMatchObject({ code: '40P01' })
    expect(runs).toBe(3)

    runs = 0
    await expect(
      retryingConflicts(() => {
        runs++
        return Promise.reject(Object.assign(new Error('out of stock'), { status: 409 }))
      }),
    ).rejects.toThrow('out of stock')
    expect(runs).toBe(1)
  })
})

describe('SQLite transactions beside another process', () => {
  it('wait for the other writer at their start, instead of failing after reading what it then changed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kapra-immediate-'))
    const connection = connect({ dataDir: dir })
    try {
      await sql`create table shelf (id integer primary key, pieces integer not null)`.execute(connection.db)
      await sql`insert into shelf (id, pieces) values (1, 5)`.execute(connection.db)
      // Another process (a script, here a thread of its own) holds the write lock, and takes a
      // piece before it lets go.
      const other = new Worker(
        `const SQLite = require(${JSON.stringify(require.resolve('better-sqlite3'))})
        const db = new SQLite(${JSON.stringify(path.join(dir, 'kapra.sqlite'))})
        db.exec('begin immediate')
        db.prepare('update shelf set pieces = pieces - 1 where id = 1').run()
        require('node:worker_threads').parentPort.postMessage('holding')
        setTimeout(() => { db.exec('commit'); db.close() }, 150)`,
        { eval: true },
      )
      await new Promise((resolve) => other.once('message', resolve))
      // This store reads the shelf, then takes a piece: it must see the other's and not fail.
      const left = await connection.db.transaction().execute(async (trx) => {
        const { pieces } = await trx
          .selectFrom('shelf' as never)
          .select(sql<number>`pieces`.as('pieces'))
          .executeTakeFirstOrThrow()
        await sql`update shelf set pieces = ${pieces - 1} where id = 1`.execute(trx)
        return pieces - 1
      })
      expect(left).toBe(3)
      await other.terminate()
    } finally {
      await connection.close()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
  it('leave a read-only transaction deferred: another process writes while it reads', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kapra-deferred-'))
    const connection = connect({ dataDir: dir })
    try {
      await sql`create table shelf (id integer primary key, pieces integer not null)`.execute(connection.db)
      await sql`insert into shelf (id, pieces) values (1, 5)`.execute(connection.db)
      const seen = await connection.db
        .transaction()
        .setAccessMode('read only')
        .execute(async (trx) => {
          const before = await sql<{ pieces: number }>`select pieces from shelf where id = 1`.execute(trx)
          // Another process takes a piece, without waiting at all for a lock.
          const other = new Worker(
            `const SQLite = require(${JSON.stringify(require.resolve('better-sqlite3'))})
            const db = new SQLite(${JSON.stringify(path.join(dir, 'kapra.sqlite'))})
            db.pragma('busy_timeout = 0')
            let answer
            try { db.prepare('update shelf set pieces = pieces - 1 where id = 1').run(); answer = 'written' }
            catch (err) { answer = err.code }
            db.close()
            require('node:worker_threads').parentPort.postMessage(answer)`,
            { eval: true },
          )
          const answer = await new Promise((resolve) => other.once('message', resolve))
          await other.terminate()
          // This transaction's snapshot is unchanged by it.
          const after = await sql<{ pieces: number }>`select pieces from shelf where id = 1`.execute(trx)
          return { answer, before: before.rows[0]!.pieces, after: after.rows[0]!.pieces }
        })
      expect(seen).toEqual({ answer: 'written', before: 5, after: 5 })
    } finally {
      await connection.close()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

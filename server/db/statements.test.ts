import SQLite from 'better-sqlite3'
import { describe, expect, test } from 'vitest'
import { keepingStatements } from '#server/db/database.ts'

describe('kept SQLite statements', () => {
  function open(keep?: number) {
    const sqlite = new SQLite(':memory:')
    sqlite.exec('create table t (n integer)')
    sqlite.exec('insert into t values (1), (2), (3)')
    return { sqlite, db: keepingStatements(sqlite, keep) }
  }

  test('the same SQL is prepared once, and answers as a fresh statement would', () => {
    const { db } = open()
    const first = db.prepare('select n from t order by n')
    expect(db.prepare('select n from t order by n')).toBe(first)
    expect(first.all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }])
    expect(db.prepare('select n from t where n > ?').all([1])).toEqual([{ n: 2 }, { n: 3 }])
  })

  test('a statement still being read is not lent again', () => {
    const { db } = open()
    const reading = db.prepare('select n from t order by n').iterate([])
    expect(reading.next().value).toEqual({ n: 1 })
    const other = db.prepare('select n from t order by n')
    expect(other.all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }])
    expect([...reading]).toEqual([{ n: 2 }, { n: 3 }])
  })

  test('keeps the most recently used, up to its bound', () => {
    const { db } = open(2)
    const a = db.prepare('select 1 as a')
    const b = db.prepare('select 2 as b')
    expect(db.prepare('select 1 as a')).toBe(a)
    db.prepare('select 3 as c')
    // b was the least recently used of three: it went.
    expect(db.prepare('select 1 as a')).toBe(a)
    expect(db.prepare('select 2 as b')).not.toBe(b)
  })

  test('a kept statement sees a table changed after it was prepared', () => {
    const { sqlite, db } = open()
    expect(db.prepare('select * from t where n = 1').all([])).toEqual([{ n: 1 }])
    sqlite.exec("alter table t add column name text default 'x'")
    expect(db.prepare('select * from t where n = 1').all([])).toEqual([{ n: 1, name: 'x' }])
  })
})

import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { migrateToLatest, type Connection } from '#server/db/database.ts'
import { compiledOnce } from '#server/db/compiled.ts'
import { databases, freshDatabase } from '#tests/api/harness.ts'

describe.each(databases)('queries compiled once (%s)', (kind) => {
  let connection: Connection
  let drop: () => Promise<void>

  beforeAll(async () => {
    ;({ connection, drop } = await freshDatabase(kind))
    await migrateToLatest(connection)
    const at = Date.UTC(2026, 10, 28)
    await connection.db
      .insertInto('users')
      .values(
        ['ayesha', 'bilal', 'chand', 'dua'].map((name, i) => ({
          id: name,
          name,
          email: `${name}@example.com`,
          email_normalized: `${name}@example.com`,
          password_hash: null,
          google_sub: null,
          role: name === 'dua' ? 'admin' : 'customer',
          created_at: at + i,
          email_verified_at: null,
          password_proven_at: null,
          language: null,
        })),
      )
      .execute()
  })
  afterAll(async () => {
    await connection?.close()
    await drop?.()
  })

  test('each call gets its own arguments, the constants stay, and the SQL is built once', async () => {
    const build = vi.fn((db: Connection['db'], args: { role: string; limit: number }) =>
      db
        .selectFrom('users')
        .select('name')
        .where('role', '=', args.role)
        .where('name', '!=', 'bilal')
        .orderBy('created_at', 'desc')
        .limit(args.limit),
    )
    const kept = compiledOnce(build)
    const { db } = connection
    expect(await kept(db, { role: 'customer', limit: 5 })).toEqual([{ name: 'chand' }, { name: 'ayesha' }])
    expect(await kept(db, { role: 'customer', limit: 1 })).toEqual([{ name: 'chand' }])
    expect(await kept(db, { role: 'admin', limit: 5 })).toEqual([{ name: 'dua' }])
    expect(await kept(db, { role: 'nobody', limit: 5 })).toEqual([])
    // The same as Kysely built for each call.
    expect(await kept(db, { role: 'customer', limit: 3 })).toEqual(
      await build(db, { role: 'customer', limit: 3 }).execute(),
    )
    expect(build).toHaveBeenCalledTimes(2)
  })

  test('inside a transaction too, and its SQL is built for it', async () => {
    const kept = compiledOnce((db, args: { userId: string }) =>
      db.selectFrom('users').select('name').where('id', '=', args.userId),
    )
    const names = await connection.db
      .transaction()
      .execute(async (trx) => [await kept(trx, { userId: 'ayesha' }), await kept(trx, { userId: 'bilal' })])
    expect(names).toEqual([[{ name: 'ayesha' }], [{ name: 'bilal' }]])
  })

  test('an argument that never reaches the SQL is refused', async () => {
    const kept = compiledOnce((db, _args: { userId: string }) => db.selectFrom('users').select('name'))
    await expect(kept(connection.db, { userId: 'ayesha' })).rejects.toThrow('userId never reached the SQL')
  })
})

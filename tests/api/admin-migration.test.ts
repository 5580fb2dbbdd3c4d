import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import { describe, expect, it } from 'vitest'
import type { Connection } from '#server/db/database.ts'
import * as initial from '#server/db/migrations/2026-11-22T0900-initial.ts'
import * as cartLineOrder from '#server/db/migrations/2026-11-22T1400-cart-line-order.ts'
import { catalogQueries } from '#server/db/migrations/2026-11-24T0100-catalog-queries.ts'
import * as stockAndOrderLife from '#server/db/migrations/2026-11-24T0300-stock-and-order-life.ts'
import { databases, databaseBefore, migrate } from '#tests/api/harness.ts'

// Migrating a store to the console (docs/spec/rulings.md #25): the roles of its accounts,
// on each database.

describe.each(databases)('migrating a store to the console (%s)', (kind) => {
  const before = (dialect: Connection['dialect']): Record<string, Migration> => ({
    '2026-11-22T0900-initial': initial,
    '2026-11-22T1400-cart-line-order': cartLineOrder,
    '2026-11-24T0100-catalog-queries': catalogQueries(dialect),
    '2026-11-24T0300-stock-and-order-life': stockAndOrderLife,
  })

  it('makes every existing account a customer, and the database refuses any other role', async () => {
    const { connection, drop } = await databaseBefore(kind, before)
    try {
      const { db } = connection
      await sql`insert into users (id, name, email, email_normalized, password_hash, google_sub, created_at)
        values ('old-user', 'Ayesha Khan', 'ayesha@example.com', 'ayesha@example.com', null, null, 1)`.execute(db)

      await migrate(connection)

      expect(await db.selectFrom('users').select(['id', 'role']).execute()).toEqual([
        { id: 'old-user', role: 'customer' },
      ])
      expect(await db.selectFrom('audit_log').selectAll().execute()).toEqual([])
      await expect(
        db.updateTable('users').set({ role: 'owner' }).where('id', '=', 'old-user').execute(),
      ).rejects.toThrow()
      await expect(
        db
          .insertInto('audit_log')
          .values({
            id: 'a',
            at: 1,
            actor_id: 'x',
            actor_name: 'X',
            entity: 'user',
            entity_id: 'y',
            action: 'z',
            before: null,
            after: null,
          })
          .execute(),
      ).rejects.toThrow()
    } finally {
      await connection.close()
      await drop()
    }
  })
})

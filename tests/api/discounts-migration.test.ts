import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { migrationsFor } from '#server/db/database.ts'
import { databaseBefore, databases, migrate } from '#tests/api/harness.ts'

// The migration of discount codes (docs/decisions/026) on a store with history: the audit
// log is remade with 'discount' among its entities and keeps every entry; subscribers have
// no code of their own until their next confirmation email. (Earlier orders, with no code:
// tests/api/account.test.ts, which migrates a store with orders.)

const MIGRATION = '2026-11-26T0400-discounts'

describe.each(databases)('migrating a store to discount codes (%s)', (kind) => {
  const before = (dialect: 'sqlite' | 'postgres') =>
    Object.fromEntries(Object.entries(migrationsFor(dialect)).filter(([name]) => name < MIGRATION))

  it('keeps the audit log and lets it take a discount entry; subscribers have no code yet', async () => {
    const { connection, drop } = await databaseBefore(kind, before)
    try {
      const { db } = connection
      await sql`insert into audit_log (id, at, actor_id, actor_name, entity, entity_id, action, before, after)
        values ('a1', 1000, 'admin-1', 'Hina', 'product', 'old-shirt', 'archive', null, '{"archived":true}')`.execute(
        db,
      )
      await sql`insert into newsletter_subscribers (email_normalized, email, created_at, confirmed_at, confirmation_sent_at)
        values ('old@example.com', 'Old@example.com', 1000, 2000, 1000)`.execute(db)
      await expect(
        sql`insert into audit_log (id, at, actor_id, actor_name, entity, entity_id, action)
          values ('a0', 1, 'x', 'x', 'discount', 'd', 'create')`.execute(db),
      ).rejects.toThrow()

      await migrate(connection)

      expect(await db.selectFrom('audit_log').selectAll().execute()).toEqual([
        {
          id: 'a1',
          at: 1000,
          actor_id: 'admin-1',
          actor_name: 'Hina',
          entity: 'product',
          entity_id: 'old-shirt',
          action: 'archive',
          before: null,
          after: '{"archived":true}',
        },
      ])
      await db
        .insertInto('audit_log')
        .values({
          id: 'a2',
          at: 2000,
          actor_id: 'admin-1',
          actor_name: 'Hina',
          entity: 'discount',
          entity_id: 'd1',
          action: 'create',
          before: null,
          after: null,
        })
        .execute()
      await expect(
        db
          .insertInto('audit_log')
          .values({
            id: 'a3',
            at: 3000,
            actor_id: 'x',
            actor_name: 'x',
            entity: 'coupon',
            entity_id: 'c',
            action: 'create',
            before: null,
            after: null,
          })
          .execute(),
      ).rejects.toThrow()
      expect(await db.selectFrom('newsletter_subscribers').select('discount_code').execute()).toEqual([
        { discount_code: null },
      ])
      expect(await db.selectFrom('discount_codes').selectAll().execute()).toEqual([])
    } finally {
      await connection.close()
      await drop()
    }
  })
})

import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { migrationsFor } from '#server/db/database.ts'
import { databaseBefore, databases, migrate } from '#tests/api/harness.ts'

// The orders stored under the hand-written phone rule are keyed again by libphonenumber-js
// (contracts/phone.ts): the JSON number a client following the spec sent, kept as it was,
// becomes the customer's international key, and so does its discount code's use.

const MIGRATION = '2026-11-26T0900-phone-keys'

describe.each(databases)('migrating orders to the one phone rule (%s)', (kind) => {
  const before = (dialect: 'sqlite' | 'postgres') =>
    Object.fromEntries(Object.entries(migrationsFor(dialect)).filter(([name]) => name < MIGRATION))

  it('keys every order again, and the discount uses with them', async () => {
    const { connection, drop } = await databaseBefore(kind, before)
    try {
      const { db } = connection
      const orders = [
        ['spec-client', '3001234567', '3001234567'],
        ['written', '0300-1234567', '923001234567'],
        ['abroad', '+44 20 7946 0958', '442079460958'],
      ]
      for (const [id, phone, key] of orders)
        await sql`insert into orders (id, user_id, subtotal, delivery_fee, amount, status, payment, payment_method,
          first_name, last_name, email, street, city, state, pin_code, country, phone, created_at, phone_key)
          values (${id}, null, 1000, 50, 1050, 'Delivered', 1, 'COD', 'A', 'B', 'a@example.com', 'S', 'Karachi',
          'Sindh', '75600', 'Pakistan', ${phone}, 1000, ${key})`.execute(db)
      await sql`insert into discount_codes (id, code, kind, origin, created_at, updated_at) values ('d1', 'EID', 'percent', 'owner', 1, 1)`.execute(
        db,
      )
      await sql`insert into discount_redemptions (order_id, discount_id, user_id, phone_key, created_at)
        values ('spec-client', 'd1', null, '3001234567', 1000)`.execute(db)

      await migrate(connection)

      const keys = await sql<{ id: string; phone_key: string }>`select id, phone_key from orders order by id`.execute(
        db,
      )
      expect(keys.rows).toEqual([
        { id: 'abroad', phone_key: '442079460958' },
        { id: 'spec-client', phone_key: '923001234567' },
        { id: 'written', phone_key: '923001234567' },
      ])
      const uses = await sql<{ phone_key: string }>`select phone_key from discount_redemptions`.execute(db)
      expect(uses.rows).toEqual([{ phone_key: '923001234567' }])
    } finally {
      await connection.close()
      await drop()
    }
  })
})

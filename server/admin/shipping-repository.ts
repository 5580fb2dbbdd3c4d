import { sql } from 'kysely'
import type { Executor } from '#server/db/database.ts'

// The SQL of bulk shipping (server/admin/shipping.ts).

/** Packing orders whose number (the id's first 8 hex digits) is one of these: a bulk shipping's list. */
export function packingByNumbers(db: Executor, numbers: string[]) {
  if (numbers.length === 0) return Promise.resolve([])
  return db
    .selectFrom('orders')
    .select(['id', sql<string>`substr(id, 1, 8)`.as('number')])
    .where('status', '=', 'Packing')
    .where(sql<string>`substr(id, 1, 8)`, 'in', numbers)
    .execute()
}

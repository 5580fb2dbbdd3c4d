import { sql } from 'kysely'
import type { Executor } from '#server/db/database.ts'

// The dashboard's returns (README, "Orders that need attention"): the last 30 days' parcels
// delivered and returned, day by day, and why the returned ones came back.

/**
 * Orders that reached Delivered and Returned on each Karachi day since `month`: the day
 * as whole days since the epoch, Karachi time (UTC+5), by the events' to_status and at index.
 * Only moves count: a shopper's exchange or return of a delivered parcel leaves it delivered
 * (docs/spec/rulings.md #15 as amended by docs/decisions/036).
 */
export function settledByDay(db: Executor, month: number) {
  return (
    db
      .selectFrom('order_events')
      .select([
        sql<number>`(at + ${sql.lit(5 * 60 * 60_000)}) / ${sql.lit(86_400_000)}`.as('day'),
        sql<number>`sum(case when to_status = 'Delivered' then 1 else 0 end)`.as('delivered'),
        sql<number>`sum(case when to_status = 'Returned' then 1 else 0 end)`.as('returned'),
      ])
      .where('to_status', 'in', ['Delivered', 'Returned'])
      // A request's steps on a Delivered order are no delivery (docs/decisions/036).
      .where('request_step', 'is', null)
      .where('at', '>=', month)
      .groupBy(sql`(at + ${sql.lit(5 * 60 * 60_000)}) / ${sql.lit(86_400_000)}`)
      .execute()
  )
}

/** The notes of the Returned moves since `month`, by how often, most first. */
export function returnReasons(db: Executor, month: number, limit: number) {
  return db
    .selectFrom('order_events')
    .select([sql<string>`coalesce(note, '')`.as('reason'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('to_status', '=', 'Returned')
    .where('at', '>=', month)
    .groupBy(sql`coalesce(note, '')`)
    .orderBy('n', 'desc')
    .orderBy('reason')
    .limit(limit)
    .execute()
}

import type { Executor } from '#server/db/database.ts'

// The SQL of the console's review decisions (server/admin/reviews.ts): its own audit log only.

/**
 * The latest audit entry of each of these reviews (a page of the queue): one statement,
 * each review's newest id (ids sort by time: server/admin/context.ts) through the log's index.
 */
export function latestReviewEntries(db: Executor, reviewIds: string[]) {
  if (reviewIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('audit_log as a')
    .select(['a.entity_id', 'a.action', 'a.actor_name', 'a.at'])
    .where('a.entity', '=', 'review')
    .where('a.entity_id', 'in', reviewIds)
    .where((eb) =>
      eb(
        'a.id',
        '=',
        eb
          .selectFrom('audit_log as b')
          .select((b) => b.fn.max('b.id').as('id'))
          .where('b.entity', '=', 'review')
          .whereRef('b.entity_id', '=', 'a.entity_id'),
      ),
    )
    .execute()
}

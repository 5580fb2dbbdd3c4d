import { sql } from 'kysely'
import type { Executor } from '#server/db/database.ts'

export interface Window {
  count: number
  resetAt: number
}

/**
 * Adds `points` to the key's window in one statement (concurrent instances cannot
 * both read the old count); an expired window starts afresh at `now`.
 */
export async function addToWindow(
  db: Executor,
  key: string,
  points: number,
  windowMs: number,
  now: number,
): Promise<Window> {
  const row = await db
    .insertInto('rate_limits')
    .values({ key, count: Math.max(points, 0), reset_at: now + windowMs })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.reset_at <= ${now} then excluded.count
          else rate_limits.count + ${points} end`,
        reset_at: sql<number>`case when rate_limits.reset_at <= ${now} then excluded.reset_at
          else rate_limits.reset_at end`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow()
  return { count: Number(row.count), resetAt: Number(row.reset_at) }
}

/** The key's live window, if any. */
export async function windowOf(db: Executor, key: string, now: number): Promise<Window | undefined> {
  const row = await db
    .selectFrom('rate_limits')
    .select(['count', 'reset_at'])
    .where('key', '=', key)
    .where('reset_at', '>', now)
    .executeTakeFirst()
  return row && { count: Number(row.count), resetAt: Number(row.reset_at) }
}

/** Gives one point back to a live window. */
export async function takeFromWindow(db: Executor, key: string, now: number): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ count: sql<number>`count - 1` })
    .where('key', '=', key)
    .where('reset_at', '>', now)
    .where('count', '>', 0)
    .execute()
}

export async function deleteWindow(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute()
}

/** Removes windows that ended before `now`, through the reset_at index. */
export async function deleteExpiredWindows(db: Executor, now: number): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('reset_at', '<=', now).executeTakeFirst()
  return Number(result.numDeletedRows)
}

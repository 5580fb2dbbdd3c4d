import { sql } from 'kysely'
import type { Executor } from '#server/db/database.ts'
import type { MailOutboxTable } from '#server/mail/tables.ts'

export type OutboxRow = MailOutboxTable

export async function insertMessages(db: Executor, rows: OutboxRow[]): Promise<void> {
  if (rows.length) await db.insertInto('mail_outbox').values(rows).execute()
}

/**
 * Takes up to `limit` due messages for one worker until `leaseUntil`, in one statement:
 * pending, due, and not held by a live lease (a worker that died mid-send leaves an
 * expired one). PostgreSQL skips rows another worker is claiming at this moment
 * (FOR UPDATE SKIP LOCKED); SQLite has one writer, so the statement runs alone.
 */
export async function claimDue(
  db: Executor,
  options: { now: number; leaseUntil: number; owner: string; limit: number; skipLocked: boolean },
): Promise<OutboxRow[]> {
  return db
    .updateTable('mail_outbox')
    .set((eb) => ({
      lease_until: options.leaseUntil,
      lease_owner: options.owner,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', 'in', (eb) => {
      let due = eb
        .selectFrom('mail_outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', options.now)
        .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<=', options.now)]))
        .orderBy('next_attempt_at')
        .limit(options.limit)
      if (options.skipLocked) due = due.forUpdate().skipLocked()
      return due
    })
    .where('status', '=', 'pending')
    .returningAll()
    .execute()
}

/**
 * Marks a message sent, if this worker still holds it, and in the same statement clears
 * what it said (text, HTML and headers: reset, verification and unsubscribe links), so
 * the outbox never keeps a live link of a message that left (docs/decisions/018). Only
 * the development mailbox keeps bodies (`keepBody`), to show them at /dev/mail.
 */
export async function markSent(
  db: Executor,
  id: string,
  owner: string,
  change: { sentAt: number; deliveredBy: string; keepBody: boolean },
): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({
      status: 'sent',
      sent_at: change.sentAt,
      delivered_by: change.deliveredBy,
      lease_until: null,
      last_error: null,
      ...(change.keepBody ? {} : { text_body: '', html_body: '', headers: null }),
    })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** A failed attempt: try again at `retryAt`, or give up (`retryAt` null). */
export async function markFailed(
  db: Executor,
  id: string,
  owner: string,
  change: { error: string; retryAt: number | null },
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      status: change.retryAt === null ? 'failed' : 'pending',
      ...(change.retryAt === null ? {} : { next_attempt_at: change.retryAt }),
      lease_until: null,
      last_error: change.error.slice(0, 500),
    })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'pending')
    .execute()
}

/** The newest messages first, for the development mailbox. */
export function latestMessages(db: Executor, limit: number) {
  return db
    .selectFrom('mail_outbox')
    .select([
      'id',
      'kind',
      'to_address',
      'subject',
      'status',
      'attempts',
      'created_at',
      'sent_at',
      'delivered_by',
      'last_error',
    ])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}

export function messageById(db: Executor, id: string) {
  return db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst()
}

/**
 * The outbox forgets what it is done with: messages sent before `before`, and messages
 * that failed for good and were written before it (a failed one keeps its body, links
 * included; it fails within a few hours of being written, so its age is its creation's).
 */
export async function deleteSettledBefore(db: Executor, before: number): Promise<number> {
  const result = await db
    .deleteFrom('mail_outbox')
    .where((w) =>
      w.or([
        w.and([w('status', '=', 'sent'), w('sent_at', '<', before)]),
        w.and([w('status', '=', 'failed'), w('created_at', '<', before)]),
      ]),
    )
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/**
 * Every message of an account (`user_id`), and every message to its address, whatever
 * caused it (a newsletter confirmation, messages written before the outbox named
 * accounts); the address is compared without regard to case, as accounts' are.
 */
export async function deleteMessagesOf(db: Executor, of: { userId: string; email: string }): Promise<number> {
  const byAccount = await db.deleteFrom('mail_outbox').where('user_id', '=', of.userId).executeTakeFirst()
  const byAddress = await db
    .deleteFrom('mail_outbox')
    .where(sql<string>`lower(trim(to_address))`, '=', of.email.trim().toLowerCase())
    .executeTakeFirst()
  return Number(byAccount.numDeletedRows) + Number(byAddress.numDeletedRows)
}

export async function linkSecret(db: Executor): Promise<string | undefined> {
  const row = await db.selectFrom('store_secrets').select('value').where('name', '=', 'mail_links').executeTakeFirst()
  return row?.value
}

/** Spends a single-use link: false when it was spent before (the insert met its own id). */
export async function spendLink(db: Executor, id: string, at: number): Promise<boolean> {
  const result = await sql<{ id: string }>`insert into used_links (id, used_at) values (${id}, ${at})
    on conflict (id) do nothing returning id`.execute(db)
  return result.rows.length === 1
}

export async function isLinkSpent(db: Executor, id: string): Promise<boolean> {
  return (await db.selectFrom('used_links').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
}

/** Messages waiting to be sent, and when the oldest of them was written (the store's metrics). */
export async function backlog(db: Executor): Promise<{ waiting: number; oldest: number | null }> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min<number>('created_at').as('oldest')])
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow()
  return { waiting: Number(row.n), oldest: row.oldest === null ? null : Number(row.oldest) }
}

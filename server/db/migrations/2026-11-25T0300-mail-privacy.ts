import { sql, type Kysely } from 'kysely'

// Links in the outbox (docs/decisions/018): a message can name the account it is for,
// so deleting the account takes its messages with it; and the bodies of messages that
// already left the store (with their reset and verification links) are cleared here,
// as the worker now clears each one when it sends it. Messages kept for the development
// mailbox (/dev/mail, delivered by "kept") keep theirs.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('user_id', 'text').execute()
  await db.schema.createIndex('mail_outbox_user_idx').on('mail_outbox').column('user_id').execute()
  await sql`update mail_outbox set text_body = '', html_body = '', headers = null
    where status = 'sent' and (delivered_by is null or delivered_by <> 'kept')`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_user_idx').execute()
  await db.schema.alterTable('mail_outbox').dropColumn('user_id').execute()
}

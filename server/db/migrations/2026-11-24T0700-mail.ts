import { randomBytes } from 'node:crypto'
import { sql, type Kysely } from 'kysely'

// Email (docs/spec/rulings.md #26, docs/decisions/011): an outbox written in the
// transaction of the event that causes a message, password-reset tokens (stored
// hashed), the links of an email that may be used once, the key that signs links,
// when an account's address was verified, and the newsletter's double opt-in.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    // Extra headers as JSON (List-Unsubscribe on marketing email), or null.
    .addColumn('headers', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    // A worker holds a claimed message until this time; after it, another may take it.
    .addColumn('lease_until', 'bigint')
    .addColumn('lease_owner', 'text')
    .addColumn('sent_at', 'bigint')
    // smtp, log or kept (no mail server configured).
    .addColumn('delivered_by', 'text')
    .addColumn('last_error', 'text')
    .execute()
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['status', 'next_attempt_at']).execute()
  await db.schema.createIndex('mail_outbox_created_idx').on('mail_outbox').column('created_at').execute()

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute()
  await db.schema.createIndex('password_resets_user_idx').on('password_resets').column('user_id').execute()
  await db.schema.createIndex('password_resets_expires_idx').on('password_resets').column('expires_at').execute()

  // A signed link that may be used once (an order's confirm and cancel links) is
  // spent by writing its id here in the transaction of what it does.
  await db.schema
    .createTable('used_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('used_at', 'bigint', (c) => c.notNull())
    .execute()

  // The key that signs the links in emails: one per store, shared by every process.
  await db.schema
    .createTable('store_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute()
  await sql`insert into store_secrets (name, value) values ('mail_links', ${randomBytes(32).toString('base64url')})`.execute(
    db,
  )

  await db.schema.alterTable('users').addColumn('email_verified_at', 'bigint').execute()
  // Google vouches for the addresses of the accounts it signs in.
  await sql`update users set email_verified_at = created_at where google_sub is not null`.execute(db)

  // Double opt-in: an address is on the list once its owner confirms from the email.
  // Addresses stored before never confirmed; subscribing again sends them the email.
  await db.schema.alterTable('newsletter_subscribers').addColumn('confirmed_at', 'bigint').execute()
  await db.schema.alterTable('newsletter_subscribers').addColumn('confirmation_sent_at', 'bigint').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('newsletter_subscribers').dropColumn('confirmation_sent_at').execute()
  await db.schema.alterTable('newsletter_subscribers').dropColumn('confirmed_at').execute()
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute()
  await db.schema.dropTable('store_secrets').execute()
  await db.schema.dropTable('used_links').execute()
  await db.schema.dropTable('password_resets').execute()
  await db.schema.dropTable('mail_outbox').execute()
}

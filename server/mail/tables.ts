// The tables the mail domain owns: the outbox, the single-use links spent, the stored link key.
// Only this domain's code reads and writes them, but for the exceptions docs/ARCHITECTURE.md lists
// (Boundaries). server/db/schema.ts joins every domain's tables into Kysely's Database.

/** A message waiting to be sent, or sent (docs/decisions/011). */
export interface MailOutboxTable {
  id: string
  /** What the message is about: order-placed, order-shipped, password-reset… */
  kind: string
  to_address: string
  subject: string
  /** Empty once sent (docs/decisions/018): the links in it leave with the message. */
  text_body: string
  html_body: string
  /** Extra headers as JSON (List-Unsubscribe), or null; null once sent. */
  headers: string | null
  /** pending, sent or failed (no attempts left). */
  status: string
  attempts: number
  created_at: number
  next_attempt_at: number
  lease_until: number | null
  lease_owner: string | null
  sent_at: number | null
  /** smtp, log or kept. */
  delivered_by: string | null
  last_error: string | null
  /** The account the message is for, when its cause has one: deleting the account deletes it. */
  user_id: string | null
}

/** The ids of single-use links already used. */
export interface UsedLinksTable {
  id: string
  used_at: number
}

export interface StoreSecretsTable {
  name: string
  value: string
}

export interface MailTables {
  mail_outbox: MailOutboxTable
  used_links: UsedLinksTable
  store_secrets: StoreSecretsTable
}

// The tables the newsletter domain owns: the newsletter's subscribers. Only this domain's code
// reads and writes them, but for the exceptions docs/ARCHITECTURE.md lists (Boundaries).
// server/db/schema.ts joins every domain's tables into Kysely's Database.

export interface NewsletterSubscribersTable {
  email_normalized: string
  email: string
  created_at: number
  /** Double opt-in: when the owner confirmed from the email; null until then. */
  confirmed_at: number | null
  /** When the confirmation email was last written, so a form cannot flood an inbox. */
  confirmation_sent_at: number | null
  /** The subscriber's own 20%-off code, minted with the confirmation email; a code once confirmed (docs/decisions/026). */
  discount_code: string | null
}

export interface NewsletterTables {
  newsletter_subscribers: NewsletterSubscribersTable
}

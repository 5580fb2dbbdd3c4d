import type { Db, Executor } from '#server/db/database.ts'
import { normalizeEmail } from '#contracts/fields.ts'
import * as repo from '#server/newsletter/repository.ts'

export type NewsletterService = ReturnType<typeof createNewsletterService>

export function createNewsletterService(db: Db, now: () => number = Date.now) {
  return {
    /** Idempotent: subscribing twice is not an error (docs/spec/rulings.md #21). */
    subscribe: (email: string) =>
      repo.insertSubscriber(db, { email_normalized: normalizeEmail(email), email, created_at: now() }),

    /** An account being deleted takes its address off the list, in the caller's transaction. */
    forget: (trx: Executor, email: string) => repo.deleteSubscriber(trx, normalizeEmail(email)),
  }
}

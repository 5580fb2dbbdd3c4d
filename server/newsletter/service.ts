import type { Db, Executor } from '#server/db/database.ts'
import { normalizeEmail } from '#contracts/fields.ts'
import { AppError } from '#server/http/errors.ts'
import { RateLimiter } from '#server/limits/rate-limit.ts'
import type { LimitStore } from '#server/limits/stores.ts'
import type { MailService } from '#server/mail/service.ts'
import { newsletterConfirmEmail } from '#server/mail/templates.ts'
import type { Lang } from '#contracts/languages.ts'
import * as repo from '#server/newsletter/repository.ts'
import type { DiscountService } from '#server/discounts/service.ts'

export type NewsletterService = ReturnType<typeof createNewsletterService>

const DAY = 24 * 60 * 60_000
/** The confirmation link works a week; the unsubscribe link a year. */
const CONFIRM_LINK_MS = 7 * DAY
const UNSUBSCRIBE_LINK_MS = 365 * DAY
/** One confirmation email per address per 10 minutes, however often the form is sent. */
const RESEND_AFTER_MS = 10 * 60_000
/** Subscriptions per client address an hour: the form cannot be used to mail strangers in bulk. */
const PER_CLIENT_HOUR = 50

const LINK_INVALID = 'This link is not valid. You can subscribe again from the home page.'
const LINK_EXPIRED = 'This link has expired. Please subscribe again from the home page.'

export const confirmPath = (token: string) => `/newsletter/confirm?token=${encodeURIComponent(token)}`
export const unsubscribePath = (token: string) => `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`

export function createNewsletterService(
  db: Db,
  now: () => number = Date.now,
  mail?: MailService,
  limitStore?: LimitStore,
  /** Each subscriber's own code (docs/decisions/026): minted with the email, working once confirmed. */
  codes?: { discounts: DiscountService; prefix: string },
) {
  // Shared by every instance when the store runs several (docs/decisions/013).
  const byClient = new RateLimiter(
    PER_CLIENT_HOUR,
    60 * 60_000,
    now,
    limitStore && { name: 'newsletter-address', store: limitStore },
  )

  async function check(token: string, purpose: 'newsletter-confirm' | 'newsletter-unsubscribe'): Promise<string> {
    if (!mail) throw new AppError(400, LINK_INVALID)
    const result = await mail.checkLink(token, [purpose])
    if (!result.ok) throw new AppError(400, result.reason === 'expired' ? LINK_EXPIRED : LINK_INVALID)
    return result.claims.subject
  }

  return {
    /**
     * Idempotent: subscribing twice is not an error (docs/spec/rulings.md #21). An
     * address not yet confirmed is sent the double opt-in email (with the 20% code and
     * a one-click unsubscribe), at most once every 10 minutes, in `language`: the store's
     * language the form was sent from (a subscriber has no account to have chosen one).
     */
    async subscribe(email: string, clientAddress = 'local', language: Lang = 'en'): Promise<void> {
      const wait = await byClient.consume(clientAddress)
      if (wait > 0)
        throw new AppError(429, 'Too many subscriptions from your network. Please try again later.', {
          headers: { 'Retry-After': String(wait) },
        })
      const key = normalizeEmail(email)
      await db.transaction().execute(async (trx) => {
        await repo.insertSubscriber(trx, { email_normalized: key, email, created_at: now() })
        if (!mail || !(await repo.claimConfirmation(trx, key, now(), now() - RESEND_AFTER_MS))) return
        const row = await repo.findSubscriber(trx, key)
        if (!row) return
        // The subscriber's code: the same one in every confirmation email sent them.
        let code = row.discount_code ?? mail.code
        if (codes && row.discount_code === null) {
          code = codes.discounts.newsletterCode(codes.prefix)
          await repo.setDiscountCode(trx, key, code)
        }
        const confirm = await mail.signLink(trx, 'newsletter-confirm', key, CONFIRM_LINK_MS)
        const unsubscribe = await mail.signLink(trx, 'newsletter-unsubscribe', key, UNSUBSCRIBE_LINK_MS)
        await mail.enqueue(
          trx,
          'newsletter-confirm',
          row.email,
          await newsletterConfirmEmail(
            mail.store,
            language,
            { confirm: mail.url(confirmPath(confirm)), unsubscribe: mail.url(unsubscribePath(unsubscribe)) },
            code,
          ),
        )
      })
    },

    /**
     * The double opt-in link: the address is on the list (again is fine), and its own code
     * (single use, a first order only, 20% off) works from now on (docs/decisions/026).
     */
    async confirm(token: string): Promise<{ email: string; code: string }> {
      const key = await check(token, 'newsletter-confirm')
      return db.transaction().execute(async (trx) => {
        if (!(await repo.confirmSubscriber(trx, key, now())))
          throw new AppError(400, 'This address is no longer subscribed. You can subscribe again from the home page.')
        const row = await repo.findSubscriber(trx, key)
        const code = row?.discount_code ?? null
        if (code === null || !codes) return { email: key, code: mail!.code }
        await codes.discounts.activateNewsletterCode(trx, code)
        return { email: key, code }
      })
    },

    /** One click, no questions: the address leaves the list (already gone is fine). */
    async unsubscribe(token: string): Promise<{ email: string }> {
      const key = await check(token, 'newsletter-unsubscribe')
      await repo.deleteSubscriber(db, key)
      return { email: key }
    },

    /** An account being deleted takes its address off the list, in the caller's transaction. */
    forget: (trx: Executor, email: string) => repo.deleteSubscriber(trx, normalizeEmail(email)),
  }
}

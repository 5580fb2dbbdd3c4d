import { NEWSLETTER_THANKS } from '#contracts/newsletter-texts.ts'

/** What the newsletter action answers (docs/spec/rulings.md #21). */
export interface SubscribeResult {
  ok: boolean
  message: string
}

export const SUBSCRIBE_THANKS = NEWSLETTER_THANKS
export const SUBSCRIBE_INVALID = 'Enter a valid email address'
export const SUBSCRIBE_REQUIRED = 'Email is required'
export const SUBSCRIBE_FAILED = 'We could not subscribe you just now. Please try again.'

/**
 * Without JavaScript the form posts as a page and the action redirects home with a
 * short code (never the message itself, so nobody can put their own words on our page).
 */
const notices = {
  subscribed: { ok: true, message: SUBSCRIBE_THANKS },
  invalid: { ok: false, message: SUBSCRIBE_INVALID },
  required: { ok: false, message: SUBSCRIBE_REQUIRED },
  failed: { ok: false, message: SUBSCRIBE_FAILED },
} satisfies Record<string, SubscribeResult>

export type NewsletterCode = keyof typeof notices

export function newsletterCode(result: SubscribeResult): NewsletterCode {
  if (result.ok) return 'subscribed'
  if (result.message === SUBSCRIBE_REQUIRED) return 'required'
  if (result.message === SUBSCRIBE_FAILED) return 'failed'
  return 'invalid'
}

export function newsletterNotice(code: string | null): SubscribeResult | null {
  return code && Object.hasOwn(notices, code) ? notices[code as NewsletterCode] : null
}

import { z } from '#contracts/zod.ts'
import { emailField, text } from '#contracts/fields.ts'

export const subscribeSchema = z.object({ email: emailField })

/** The answer to every subscription (docs/spec/rulings.md #21): the email asks to confirm (double opt-in). */
export const NEWSLETTER_THANKS = 'Thank you for subscribing! Please confirm from the email we have sent you.'

/** The confirm and unsubscribe links of the newsletter's email. */
export const newsletterLinkSchema = z.object({
  token: text('token', { error: 'token is required' }).min(1, 'token is required').max(600, 'token is too long'),
})

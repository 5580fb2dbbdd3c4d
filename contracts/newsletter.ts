import { z } from '#contracts/zod.ts'
import { emailField, text } from '#contracts/fields.ts'

export const subscribeSchema = z.object({ email: emailField })

export { NEWSLETTER_THANKS } from '#contracts/newsletter-texts.ts'

/** The confirm and unsubscribe links of the newsletter's email. */
export const newsletterLinkSchema = z.object({
  token: text('token', { error: 'token is required' }).min(1, 'token is required').max(600, 'token is too long'),
})

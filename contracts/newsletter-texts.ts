// The newsletter's answer, apart from its schemas (contracts/newsletter.ts), so the home
// page reads it without zod (docs/decisions/038).

/** The answer to every subscription (docs/spec/rulings.md #21): the email asks to confirm (double opt-in). */
export const NEWSLETTER_THANKS = 'Thank you for subscribing! Please confirm from the email we have sent you.'

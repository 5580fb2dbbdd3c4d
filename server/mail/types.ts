// What a signed link in an email says (server/mail/links.ts signs and checks them): the
// types other domains name when they hand a link back to the mail service
// (`checkLink`, `isLinkSpent`, `spendLink`) without reaching into how links are signed.

export type LinkPurpose =
  'order-confirm' | 'order-cancel' | 'verify-email' | 'newsletter-confirm' | 'newsletter-unsubscribe' | 'review'

export interface LinkClaims {
  purpose: LinkPurpose
  /** The order's id, or the user's; a review link's names the order and the product (contracts/reviews.ts). */
  subject: string
  /** For verify-email: the address the link verifies (a changed address kills the link). */
  email?: string
  /** Epoch milliseconds. */
  expiresAt: number
  /** Random; a single-use link is spent by recording it. */
  id: string
}

export type LinkCheck = { ok: true; claims: LinkClaims } | { ok: false; reason: 'invalid' | 'expired' }

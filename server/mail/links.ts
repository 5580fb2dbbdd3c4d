import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

// Links in emails that act without a sign-in (confirm or cancel an order, verify an
// address) carry a signed token: what it is for, whom it is about, until when, and
// an id that lets a single-use link be spent once (docs/decisions/011).

export type LinkPurpose =
  'order-confirm' | 'order-cancel' | 'verify-email' | 'newsletter-confirm' | 'newsletter-unsubscribe'

export interface LinkClaims {
  purpose: LinkPurpose
  /** The order's id, or the user's. */
  subject: string
  /** For verify-email: the address the link verifies (a changed address kills the link). */
  email?: string
  /** Epoch milliseconds. */
  expiresAt: number
  /** Random; a single-use link is spent by recording it. */
  id: string
}

export type LinkCheck = { ok: true; claims: LinkClaims } | { ok: false; reason: 'invalid' | 'expired' }

const MAX_TOKEN_LENGTH = 600

export function signLink(secret: string, claims: Omit<LinkClaims, 'id'>): string {
  const full: LinkClaims = { ...claims, id: randomBytes(12).toString('base64url') }
  const body = Buffer.from(
    JSON.stringify([full.purpose, full.subject, full.expiresAt, full.id, full.email ?? null]),
  ).toString('base64url')
  return `${body}.${mac(secret, body)}`
}

/** Checks the signature first, then the purpose, then the time. */
export function verifyLink(secret: string, token: string, purposes: LinkPurpose[], now: number): LinkCheck {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'invalid' }
  const [body, signature, extra] = token.split('.')
  if (!body || !signature || extra !== undefined) return { ok: false, reason: 'invalid' }
  const expected = Buffer.from(mac(secret, body))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' }
  let parts: unknown
  try {
    parts = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
  } catch {
    return { ok: false, reason: 'invalid' }
  }
  if (!Array.isArray(parts) || parts.length !== 5) return { ok: false, reason: 'invalid' }
  const [purpose, subject, expiresAt, id, email] = parts as unknown[]
  if (
    !purposes.includes(purpose as LinkPurpose) ||
    typeof subject !== 'string' ||
    typeof expiresAt !== 'number' ||
    typeof id !== 'string' ||
    (email !== null && typeof email !== 'string')
  )
    return { ok: false, reason: 'invalid' }
  if (expiresAt <= now) return { ok: false, reason: 'expired' }
  return {
    ok: true,
    claims: { purpose: purpose as LinkPurpose, subject, expiresAt, id, ...(email ? { email } : {}) },
  }
}

function mac(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('base64url')
}

import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { LinkCheck, LinkClaims, LinkPurpose } from '#server/mail/types.ts'

// Links in emails that act without a sign-in (confirm or cancel an order, verify an
// address, confirm or leave the newsletter) carry a signed token: what it is for, whom
// it is about, until when, and an id that lets a single-use link be spent once
// (docs/decisions/011). The token names the key that signed it (docs/decisions/018),
// so after a rotation the previous keys still verify the links they signed:
//   <key id>.<claims, base64url JSON>.<HMAC-SHA256 of "<key id>.<claims>">
// Tokens of the first format, `<claims>.<HMAC of claims>`, have no key id: the key the
// first migration stored in the database signed them, and only it verifies them.

export interface LinkKey {
  /** keyId(secret): names the key in a token without revealing it. */
  id: string
  secret: string
}

/** The keys of a store: the one that signs, every one that verifies, and the key of tokens without a key id. */
export interface LinkKeyring {
  signing: LinkKey
  /** By key id; the signing key is one of them. */
  verifying: ReadonlyMap<string, string>
  /** The stored key, while it is trusted; undefined refuses every token without a key id. */
  legacy: string | undefined
}

const MAX_TOKEN_LENGTH = 600
const KEY_ID = /^[0-9a-f]{8}$/

/** The first 8 hex characters of the key's SHA-256: nobody has to name keys, and a token can say which one signed it. */
export function keyId(secret: string): string {
  return createHash('sha256').update(secret).digest('hex').slice(0, 8)
}

export function linkKey(secret: string): LinkKey {
  return { id: keyId(secret), secret }
}

/** A keyring from the signing key and the keys that still verify (repeats and the signing key itself are fine). */
export function linkKeyring(signing: string, previous: string[], legacy: string | undefined): LinkKeyring {
  const verifying = new Map<string, string>()
  for (const secret of [signing, ...previous]) if (!verifying.has(keyId(secret))) verifying.set(keyId(secret), secret)
  return { signing: linkKey(signing), verifying, legacy }
}

export function signLink(key: LinkKey, claims: Omit<LinkClaims, 'id'>): string {
  const full: LinkClaims = { ...claims, id: randomBytes(12).toString('base64url') }
  const body = Buffer.from(
    JSON.stringify([full.purpose, full.subject, full.expiresAt, full.id, full.email ?? null]),
  ).toString('base64url')
  const signed = `${key.id}.${body}`
  return `${signed}.${mac(key.secret, signed)}`
}

/** Checks the key and the signature first, then the purpose, then the time. */
export function verifyLink(keys: LinkKeyring, token: string, purposes: LinkPurpose[], now: number): LinkCheck {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'invalid' }
  const parts = token.split('.')
  let secret: string | undefined
  let body: string | undefined
  let signed: string
  let signature: string | undefined
  if (parts.length === 3) {
    const [id, claims, sig] = parts as [string, string, string]
    // An unknown key (removed after a rotation, or made up) is just an invalid link.
    secret = KEY_ID.test(id) ? keys.verifying.get(id) : undefined
    body = claims
    signed = `${id}.${claims}`
    signature = sig
  } else if (parts.length === 2) {
    ;[body, signature] = parts as [string, string]
    secret = keys.legacy
    signed = body
  } else return { ok: false, reason: 'invalid' }
  if (!secret || !body || !signature) return { ok: false, reason: 'invalid' }
  const expected = Buffer.from(mac(secret, signed))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' }
  let fields: unknown
  try {
    fields = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
  } catch {
    return { ok: false, reason: 'invalid' }
  }
  if (!Array.isArray(fields) || fields.length !== 5) return { ok: false, reason: 'invalid' }
  const [purpose, subject, expiresAt, id, email] = fields as unknown[]
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

/** A key for another use (the line's cookie: server/http/admission.ts), so a token of one is never valid as the other. */
export function derivedKey(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`kapra derived key: ${purpose}`).digest()
}

function mac(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url')
}

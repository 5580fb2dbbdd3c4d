import { createHmac, timingSafeEqual } from 'node:crypto'

// The line's cookie (docs/decisions/030): a place in line, or a pass once admitted, signed
// with a key derived from the store's link key, so every instance reads what any other
// wrote without asking anything but its memory:
//   w.<arrival, ms since the epoch>.<HMAC-SHA256 of "w.<arrival>">   waiting since then
//   a.<expiry, ms since the epoch>.<HMAC-SHA256 of "a.<expiry>">     admitted until then

export const LINE_COOKIE = 'kapra_line'

/** A place in line is kept this long: a ticket of an earlier line may not jump a later one. */
export const TICKET_MS = 2 * 60 * 60_000
/** An admitted visitor passes this long after their last page while the line is up. */
export const PASS_MS = 30 * 60_000
/** Instances' clocks may differ by this much (NTP keeps them far closer). */
const SKEW_MS = 60_000

export type LineCookie = { kind: 'waiting'; arrivedAt: number } | { kind: 'admitted'; expiresAt: number }

const FORMAT = /^([wa])\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/

export function writeLineCookie(key: Buffer, cookie: LineCookie): string {
  const body = cookie.kind === 'waiting' ? `w.${cookie.arrivedAt}` : `a.${cookie.expiresAt}`
  return `${body}.${mac(key, body)}`
}

/** A forged, garbled or expired cookie is no cookie (undefined). */
export function readLineCookie(key: Buffer, value: string | undefined, now: number): LineCookie | undefined {
  const m = value === undefined ? null : FORMAT.exec(value)
  if (!m) return undefined
  const [, kind, time, signature] = m as unknown as [string, 'w' | 'a', string, string]
  const expected = Buffer.from(mac(key, `${kind}.${time}`))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined
  const at = Number(time)
  if (kind === 'w') {
    if (at > now + SKEW_MS || now - at >= TICKET_MS) return undefined
    return { kind: 'waiting', arrivedAt: at }
  }
  if (at <= now || at > now + PASS_MS + SKEW_MS) return undefined
  return { kind: 'admitted', expiresAt: at }
}

function mac(key: Buffer, data: string): string {
  return createHmac('sha256', key).update(data).digest('base64url')
}

import { createHash, randomInt } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'

// Time-based one-time codes, RFC 6238, as every authenticator app reads them: SHA-1,
// six digits, 30-second steps (docs/decisions/015).

const PERIOD = 30
const DIGITS = 6

/** A new secret of 160 bits (RFC 4226 §4 recommends it), in base32 as the apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

function totp(secret: string, issuer: string, label: string): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  })
}

/** The otpauth:// address an app scans, and that address drawn as an SVG QR code (no outside service). */
export async function totpSetup(secret: string, issuer: string, label: string) {
  const uri = totp(secret, issuer, label).toString()
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
  return { uri, qrSvg }
}

/** The time step a moment falls in. */
export const totpStep = (at: number) => Math.floor(at / 1000 / PERIOD)

/**
 * The time step whose code `code` is, within one step either side of `at` (a phone's
 * clock a little off, a code typed as it turned), or null when it is none of them.
 */
export function totpCodeStep(secret: string, code: string, at: number): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
    timestamp: at,
    window: 1,
  })
  return delta === null ? null : totpStep(at) + delta
}

/** A code as typed: spaces and dashes dropped, lower case. */
export const normalizeCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase()

// Recovery codes: 12 characters of an alphabet of 31 without look-alikes (no 0/o, 1/l/i): about 59 bits.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
export const RECOVERY_CODES = 10

/** A recovery code as shown once: xxxx-xxxx-xxxx. */
export function newRecoveryCode(): string {
  let code = ''
  for (let i = 0; i < 12; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`
}

export const isRecoveryCodeShape = (normalized: string) => /^[a-z0-9]{12}$/.test(normalized)

export const hashRecoveryCode = (code: string) => createHash('sha256').update(normalizeCode(code)).digest('hex')

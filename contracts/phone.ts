import { parsePhoneNumberFromString } from 'libphonenumber-js/min'

/** Where a number written without its country code is taken to be. */
const DEFAULT_REGION = 'PK'

/**
 * A phone number as digits in international form, without '+', by libphonenumber-js with
 * Pakistan as the default region: '03001234567', '+92 300 1234567', '0300-1234567',
 * '00923001234567' and 3001234567 (the JSON number a client following the spec sends,
 * its leading 0 lost: docs/spec/store-spec.md §3) all become '923001234567'. A number
 * the library cannot make sense of keeps its digits. The one rule for matching a
 * customer's orders, the blocklist, /track and WhatsApp links (wa.me/<this>).
 */
export function phoneKey(phone: string | number): string {
  const written = String(phone)
  const parsed = parsePhoneNumberFromString(written, DEFAULT_REGION)
  if (parsed?.isPossible()) return parsed.number.slice(1)
  return written.replace(/\D/g, '')
}

/**
 * A phone as a Pakistani courier's booking form asks for it: '03001234567' for a Pakistani
 * number, in whatever form it was written; a number from elsewhere as '+' and its digits.
 */
export function nationalPhone(phone: string | number): string {
  const key = phoneKey(phone)
  return key.startsWith('92') && key.length === 12 ? `0${key.slice(2)}` : `+${key}`
}

import { locale, type Lang } from '#contracts/languages.ts'

// The month names are the store's own: ICU's en-GB writes September as 'Sept', and
// browsers and Node differ in which ICU they carry.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/**
 * Each formatter is made when a date is first written, not when a page loads this module: a
 * page's first `Intl.DateTimeFormat` loads the browser's calendar and time zone data, tens of
 * milliseconds of its boot, and most pages that import this (a product page without reviews)
 * write no date (docs/decisions/041).
 */
function once<T>(make: () => T): () => T {
  let made: T | undefined
  return () => (made ??= make())
}

const dayMonthYear = once(
  () =>
    new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'numeric', year: 'numeric', timeZone: 'Asia/Karachi' }),
)

// Urdu month names come from ur-PK (Latin digits: docs/decisions/022). The parts are put
// together here, as in English, so every ICU gives '22 نومبر 2026' whatever it puts between them.
const urduDayMonthYear = once(
  () =>
    new Intl.DateTimeFormat(locale('ur'), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Karachi' }),
)

/** What a missing date reads as, by language. */
const NOT_AVAILABLE: Record<Lang, string> = { en: 'N/A', ur: 'دستیاب نہیں' }

/**
 * '22 Nov 2026' ('22 نومبر 2026' in Urdu), or 'N/A' when the date is missing or invalid
 * (spec: My Orders).
 */
export function formatOrderDate(value: unknown, lang: Lang = 'en'): string {
  if (value === null || value === undefined || value === '') return NOT_AVAILABLE[lang]
  const date = new Date(typeof value === 'number' || typeof value === 'string' ? value : NaN)
  if (Number.isNaN(date.getTime())) return NOT_AVAILABLE[lang]
  if (lang === 'ur') {
    const parts = urduDayMonthYear().formatToParts(date)
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
    return `${part('day')} ${part('month')} ${part('year')}`
  }
  const parts = dayMonthYear().formatToParts(date)
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value)
  return `${part('day')} ${MONTHS[part('month') - 1]} ${part('year')}`
}

const clock: Record<Lang, () => Intl.DateTimeFormat> = {
  en: once(() => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Karachi' })),
  // ur-PK alone writes '02:05 PM'; the 24-hour clock reads the same in both languages.
  ur: once(
    () =>
      new Intl.DateTimeFormat(locale('ur'), {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: 'Asia/Karachi',
      }),
  ),
}

/** '14:05' in Karachi: when an order reached a step. */
export function formatOrderTime(at: number, lang: Lang = 'en'): string {
  return clock[lang]().format(at)
}

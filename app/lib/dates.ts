// The month names are the store's own: ICU's en-GB writes September as 'Sept', and
// browsers and Node differ in which ICU they carry.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

const dayMonthYear = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  timeZone: 'Asia/Karachi',
})

/** '22 Nov 2026', or 'N/A' when the date is missing or invalid (spec: My Orders). */
export function formatOrderDate(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'N/A'
  const date = new Date(typeof value === 'number' || typeof value === 'string' ? value : NaN)
  if (Number.isNaN(date.getTime())) return 'N/A'
  const parts = dayMonthYear.formatToParts(date)
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value)
  return `${part('day')} ${MONTHS[part('month') - 1]} ${part('year')}`
}

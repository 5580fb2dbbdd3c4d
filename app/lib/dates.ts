const format = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Karachi',
})

/** '22 Nov 2026', or 'N/A' when the date is missing or invalid (spec: My Orders). */
export function formatOrderDate(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'N/A'
  const date = new Date(typeof value === 'number' || typeof value === 'string' ? value : NaN)
  return Number.isNaN(date.getTime()) ? 'N/A' : format.format(date)
}

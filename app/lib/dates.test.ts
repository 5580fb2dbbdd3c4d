import { describe, expect, it } from 'vitest'
import { formatOrderDate, formatOrderTime } from '#app/lib/dates.ts'

describe('formatOrderDate', () => {
  it('writes day, short month and year', () => {
    expect(formatOrderDate(Date.UTC(2026, 10, 22, 9, 30))).toBe('22 Nov 2026')
    expect(formatOrderDate('2026-01-05T10:00:00Z')).toBe('5 Jan 2026')
  })

  it('writes every month in three letters (en-GB alone says Sept)', () => {
    const months = Array.from({ length: 12 }, (_, m) => formatOrderDate(Date.UTC(2026, m, 15, 9)))
    expect(months).toEqual(
      ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].map((m) => `15 ${m} 2026`),
    )
  })

  it('uses the store’s time zone (Karachi) for the day', () => {
    // 22:00 UTC on 21 Nov is 03:00 on 22 Nov in Karachi.
    expect(formatOrderDate(Date.UTC(2026, 10, 21, 22, 0))).toBe('22 Nov 2026')
  })

  it("says 'N/A' when the date is missing or invalid", () => {
    for (const v of [undefined, null, '', 'not a date', NaN, {}]) expect(formatOrderDate(v)).toBe('N/A')
  })
})

describe('formatOrderDate in Urdu', () => {
  it('writes day, Urdu month and year with Latin digits', () => {
    expect(formatOrderDate(Date.UTC(2026, 10, 22, 9, 30), 'ur')).toBe('22 نومبر 2026')
    expect(formatOrderDate('2026-01-05T10:00:00Z', 'ur')).toBe('5 جنوری 2026')
  })

  it('uses the store’s time zone (Karachi) for the day', () => {
    expect(formatOrderDate(Date.UTC(2026, 10, 21, 22, 0), 'ur')).toBe('22 نومبر 2026')
  })

  it('says so in Urdu when the date is missing or invalid', () => {
    for (const v of [undefined, null, '', 'not a date']) expect(formatOrderDate(v, 'ur')).toBe('دستیاب نہیں')
  })
})

describe('formatOrderTime', () => {
  it('writes the Karachi time on a 24-hour clock in both languages', () => {
    const at = Date.UTC(2026, 10, 22, 9, 5)
    expect(formatOrderTime(at)).toBe('14:05')
    expect(formatOrderTime(at, 'ur')).toBe('14:05')
  })
})

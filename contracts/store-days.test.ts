import { describe, expect, it } from 'vitest'
import { DAY_MS, karachiDate, karachiDayStart, karachiDayStartOf } from '#contracts/store-days.ts'

describe('Karachi days', () => {
  it('starts a date at midnight in Karachi, 19:00 UTC the day before', () => {
    expect(karachiDayStart('2026-11-24')).toBe(Date.UTC(2026, 10, 23, 19))
    expect(karachiDayStart('2026-01-01')).toBe(Date.UTC(2025, 11, 31, 19))
  })

  it('dates an instant by Karachi time', () => {
    expect(karachiDate(Date.UTC(2026, 10, 23, 18, 59))).toBe('2026-11-23')
    expect(karachiDate(Date.UTC(2026, 10, 23, 19, 0))).toBe('2026-11-24')
    expect(karachiDayStartOf(Date.UTC(2026, 10, 24, 12))).toBe(Date.UTC(2026, 10, 23, 19))
    expect(karachiDayStartOf(Date.UTC(2026, 10, 23, 18, 59))).toBe(Date.UTC(2026, 10, 23, 19) - DAY_MS)
  })

  it('refuses what is not a real date', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '26-11-24', '2026-11-24T00:00', 'today', '', '2026-1-5'])
      expect(karachiDayStart(bad)).toBeUndefined()
    expect(karachiDayStart('2028-02-29')).toBe(Date.UTC(2028, 1, 28, 19))
  })
})

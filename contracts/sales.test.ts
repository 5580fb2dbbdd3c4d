import { describe, expect, it } from 'vitest'
import { karachiInstant, karachiLocal, percentOff, saleInputSchema, saleStatus } from '#contracts/sales.ts'

describe('sale windows in Pakistan time (docs/decisions/025)', () => {
  it('reads a console field as Pakistan time (UTC+5 all year) and shows an instant the same way', () => {
    expect(karachiInstant('2026-12-01T00:00')).toBe(Date.parse('2026-11-30T19:00:00Z'))
    expect(karachiInstant('2026-06-15T13:30')).toBe(Date.parse('2026-06-15T08:30:00Z'))
    expect(karachiLocal(Date.parse('2026-11-30T19:00:00Z'))).toBe('2026-12-01T00:00')
    for (const bad of ['2026-02-30T10:00', '2026-12-01', '2026-12-01T24:00', '01/12/2026 10:00', ''])
      expect(karachiInstant(bad)).toBeUndefined()
  })

  it('says whether a sale is scheduled, running or ended: its start is in it, its end is not', () => {
    const window = { startsAt: 1_000, endsAt: 2_000 }
    expect([999, 1_000, 1_999, 2_000].map((t) => saleStatus(window, t))).toEqual([
      'scheduled',
      'running',
      'running',
      'ended',
    ])
  })

  it('takes ISO 8601 times with their offset, and an end after the start', () => {
    const base = {
      name: 'Eid',
      percentOff: 20,
      startsAt: '2026-12-01T00:00:00+05:00',
      endsAt: '2026-12-08T00:00:00+05:00',
    }
    expect(saleInputSchema.parse(base)).toMatchObject({
      startsAt: Date.parse('2026-11-30T19:00:00Z'),
      endsAt: Date.parse('2026-12-07T19:00:00Z'),
    })
    expect(saleInputSchema.safeParse({ ...base, startsAt: '2026-12-01T00:00:00' }).success).toBe(false)
    expect(saleInputSchema.safeParse({ ...base, endsAt: base.startsAt }).success).toBe(false)
  })

  it('rounds the percentage off a card shows', () => {
    expect(percentOff(1874, 2499)).toBe(25)
    expect(percentOff(1999, 2499)).toBe(20)
  })
})

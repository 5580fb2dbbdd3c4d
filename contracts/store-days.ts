// The store counts days as Karachi does (docs/spec/rulings.md #1: the store is in
// Karachi): the console's "today", its date filters and its 7- and 30-day figures.
// Pakistan Standard Time is UTC+5 all year; Pakistan has kept no daylight saving
// since 2009, so a fixed offset is Asia/Karachi.

export const DAY_MS = 24 * 60 * 60 * 1000
const KARACHI_OFFSET_MS = 5 * 60 * 60 * 1000

/** The Karachi date of an instant, as YYYY-MM-DD. */
export function karachiDate(at: number): string {
  return new Date(at + KARACHI_OFFSET_MS).toISOString().slice(0, 10)
}

/** The first millisecond of the Karachi day an instant falls in. */
export function karachiDayStartOf(at: number): number {
  return Math.floor((at + KARACHI_OFFSET_MS) / DAY_MS) * DAY_MS - KARACHI_OFFSET_MS
}

/** The first millisecond of a Karachi date (YYYY-MM-DD); undefined for anything else, 2026-02-30 included. */
export function karachiDayStart(date: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!m) return undefined
  const utc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
  if (Number.isNaN(utc) || new Date(utc).toISOString().slice(0, 10) !== date) return undefined
  return utc - KARACHI_OFFSET_MS
}

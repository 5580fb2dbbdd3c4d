/**
 * '1,234,567': a whole number of at least 0 with a comma every three digits, as `Intl.NumberFormat`
 * writes it in English and in Urdu (both `en`/`en-PK` and `ur`/`ur-PK` use Latin digits and
 * groups of three: docs/decisions/022). Null for anything else, which is Intl's to write.
 *
 * Written out because a page's first `Intl.NumberFormat` loads the browser's number data:
 * 20–60 ms of the main thread on this machine, several times that on a phone, in the task
 * that draws the page's first price or count (docs/decisions/041).
 */
export function groupedDigits(n: number): string | null {
  // Intl writes −0 as '-0'.
  if (!Number.isSafeInteger(n) || n < 0 || Object.is(n, -0)) return null
  const digits = String(n)
  let grouped = digits.slice(0, digits.length % 3 || 3)
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`
  return grouped
}

import { z } from '#contracts/zod.ts'

/** Required trimmed text; the messages name the field, as the API's 400s must. */
export function requiredText(label: string, max = 200) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
}

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email({ error: 'Enter a valid email address' }))

/** Lower-cased for uniqueness: addresses are unique case-insensitively (docs/spec/rulings.md #4). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

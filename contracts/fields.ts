import { z } from '#contracts/zod.ts'
import { isPlainText } from '#contracts/plain-text.ts'

// Every text a request carries is plain text (contracts/plain-text.ts): the helpers below are
// where the contracts read strings, so the API answers 400 naming the field.

/** The message a field with a control character gets. */
export const controlCharacterMessage = (label: string) => `${label} must not contain control characters`

/**
 * Any text of a request: a string (`error` otherwise) without control characters (tab, CR and LF
 * allowed when `multiline`). Every string a contract reads starts here.
 */
export function text(label: string, options: { error?: string; multiline?: boolean } = {}) {
  return z
    .string({ error: options.error ?? `${label} must be text` })
    .refine((v) => isPlainText(v, options.multiline), { message: controlCharacterMessage(label), abort: true })
}

/** Required trimmed text; the messages name the field, as the API's 400s must. */
export function requiredText(label: string, max = 200, options: { multiline?: boolean } = {}) {
  return text(label, { error: `${label} is required`, ...options })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
}

export const emailField = text('Email', { error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email({ error: 'Enter a valid email address' }))

/** Lower-cased for uniqueness: addresses are unique case-insensitively (docs/spec/rulings.md #4). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

import { z } from '#contracts/zod.ts'

// What every text read from a request must be (issue 20, item 7): no control character (C0,
// DEL, C1; tab, CR and LF only in a text of several lines) and no half of a UTF-16 pair. A NUL
// ends SQLite's text early and PostgreSQL refuses it outright; a newline in a one-line field
// breaks headers, logs and emails. The check lives here, where input is read, so the API
// answers 400 naming the field and a page treats such a value as absent, before any query.

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/
// eslint-disable-next-line no-control-regex -- the same, with tab, LF and CR allowed
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/
/** With the u flag a class of surrogates matches only one without its other half. */
const LONE_SURROGATE = /[\ud800-\udfff]/u

/** True for text a request may carry: no control character, no lone surrogate. */
export function isPlainText(value: string, multiline = false): boolean {
  return !(multiline ? CONTROL_BUT_LINES : CONTROL).test(value) && !LONE_SURROGATE.test(value)
}

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

/** A URL query parameter a page reads: its value, or null when absent or not plain text (never an error). */
export function queryParam(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)
  return value !== null && isPlainText(value) ? value : null
}

/** Lower-cased for uniqueness: addresses are unique case-insensitively (docs/spec/rulings.md #4). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

import type { z } from 'zod'

export type FieldErrors = Partial<Record<string, string>>

/** Values checked with a contract: the data, or what to tell the person. */
export type ParsedForm<T> = { success: true; data: T } | { success: false; message: string; fieldErrors: FieldErrors }

/**
 * Checks values with a contract and says what is wrong the one way the store does, on
 * a page (app/lib/forms.ts) and in the API (parseWith, server/http/errors.ts): the first
 * message per field, keyed by its path ('city'; 'address.city' in a nested payload), the
 * first message of all as `message`. So a page and the API say the same about the same input.
 */
export function parseForm<T>(schema: z.ZodType<T>, input: unknown): ParsedForm<T> {
  const result = schema.safeParse(input)
  if (result.success) return { success: true, data: result.data }
  const fieldErrors: FieldErrors = {}
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_'
    fieldErrors[key] ??= issue.message
  }
  const first = result.error.issues[0]
  return { success: false, message: first ? first.message : 'Invalid request', fieldErrors }
}

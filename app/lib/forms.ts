import type { z } from 'zod'

export type FieldErrors = Partial<Record<string, string>>

/** A form's values checked with a contract: the data, or what to tell the person. */
export type ParsedForm<T> = { success: true; data: T } | { success: false; message: string; fieldErrors: FieldErrors }

/**
 * Checks a form with the schema the API enforces, and answers a failure the way the API's
 * `parseWith` (server/http/errors.ts) does: the first message per field, keyed by its path
 * ('city'; 'address.city' in a nested payload), the first message of all as `message`.
 * So a page and the API say the same thing about the same input.
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

/** A form's text fields as strings (files and repeated names are not used by the store's forms). */
export function formValues(form: FormData, names: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {}
  for (const name of names) {
    const value = form.get(name)
    values[name] = typeof value === 'string' ? value : ''
  }
  return values
}

/** Moves focus to the first field, in form order, that has a message. */
export function focusFirstError(
  form: HTMLFormElement | null,
  names: readonly string[],
  errors: FieldErrors | null | undefined,
): void {
  const first = names.find((name) => errors?.[name])
  if (first) form?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus()
}

/**
 * The browser's half of a form's validation, with the schema the server enforces too:
 * on a failure it stops the submission, focuses the first bad field and returns the
 * messages; null when the form may go.
 */
export function validateBeforeSubmit(
  event: { currentTarget: HTMLFormElement; preventDefault(): void },
  schema: z.ZodType,
  names: readonly string[],
): FieldErrors | null {
  const parsed = parseForm(schema, formValues(new FormData(event.currentTarget), names))
  if (parsed.success) return null
  event.preventDefault()
  focusFirstError(event.currentTarget, names, parsed.fieldErrors)
  return parsed.fieldErrors
}

import type { z } from 'zod'
import { parseForm, type FieldErrors } from '#contracts/parse.ts'

// One check for pages and the API (contracts/parse.ts).
export { parseForm, type FieldErrors, type ParsedForm } from '#contracts/parse.ts'

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

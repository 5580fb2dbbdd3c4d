// What every text read from a request must be (docs/decisions/016): no control character (C0,
// DEL, C1; tab, CR and LF only in a text of several lines) and no half of a UTF-16 pair. A NUL
// ends SQLite's text early and PostgreSQL refuses it outright; a newline in a one-line field
// breaks headers, logs and emails. The check lives here, where input is read, so the API
// answers 400 naming the field (contracts/fields.ts) and a page treats such a value as absent
// (queryParam), before any query. No zod here: the collection's URL reader boots without it.

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

/** A URL query parameter a page reads: its value, or null when absent or not plain text (never an error). */
export function queryParam(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)
  return value !== null && isPlainText(value) ? value : null
}

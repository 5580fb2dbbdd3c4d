import type { ZodType } from 'zod'
import { parseForm } from '#contracts/parse.ts'

// The storefront's server build carries its own copy of this module, so `instanceof`
// cannot tell the process's AppError from the build's; this registered symbol can.
const APP_ERROR = Symbol.for('kapra.AppError')

/** An expected failure: answered as { message } with this status (docs/spec/rulings.md #10). */
export class AppError extends Error {
  readonly [APP_ERROR] = true
  readonly status: number
  readonly headers: Record<string, string>
  readonly fields: Record<string, string> | undefined

  constructor(
    status: number,
    message: string,
    options: { headers?: Record<string, string>; fields?: Record<string, string> } = {},
  ) {
    super(message)
    this.name = 'AppError'
    this.status = status
    this.headers = options.headers ?? {}
    this.fields = options.fields
  }
}

/** True for an AppError from any copy of this module. */
export function isAppError(err: unknown): err is AppError {
  return typeof err === 'object' && err !== null && (err as { [APP_ERROR]?: unknown })[APP_ERROR] === true
}

/** Parses a payload with its contract; a 400 names the first failing field. */
export function parseWith<T>(schema: ZodType<T>, input: unknown): T {
  const parsed = parseForm(schema, input)
  if (parsed.success) return parsed.data
  throw new AppError(400, parsed.message, { fields: parsed.fieldErrors as Record<string, string> })
}

/** Seconds a client is asked to wait while the database is out of reach. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5

/** The answer while the database cannot be reached: 503, try again shortly (docs/decisions/013). */
export function databaseUnavailable(): AppError {
  return new AppError(503, 'The store is briefly unavailable. Please try again in a few seconds.', {
    headers: { 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) },
  })
}

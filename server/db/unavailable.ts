// Whether an error means the database cannot be reached: imported by the page
// renderer too, so it stays free of drivers.

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
])
const UNAVAILABLE_MESSAGES =
  /connection terminated|timeout exceeded when trying to connect|connection timeout|server closed the connection|database system is (starting up|shutting down|in recovery mode)/i

export function errorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

/**
 * True for a failure to reach the database (refused, reset, timed out, shut down),
 * as against a query's own error: the store answers these 503 and retries later.
 * PostgreSQL's classes 08 (connection) and 57P (operator intervention) count.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const code = errorCode(e)
    if (code && (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || code.startsWith('57P'))) return true
    if (e instanceof Error && UNAVAILABLE_MESSAGES.test(e.message)) return true
    const inner = e as { cause?: unknown; errors?: unknown[] }
    // Node's connect to a name that resolves twice throws an AggregateError of both.
    if (Array.isArray(inner.errors) && inner.errors.some((x) => isDatabaseUnavailable(x))) return true
    e = inner.cause
  }
  return false
}

import { data, type RouterContextProvider } from 'react-router'
import { isAppError } from '#server/http/errors.ts'
import { errorFields } from '#server/http/logger.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import type { FieldErrors } from '#app/lib/forms.ts'

/** A service's refusal as a page shows it: the server's message and its field messages. */
export interface Refusal {
  ok: false
  status: number
  message: string
  fieldErrors: FieldErrors | undefined
  headers: Record<string, string>
}

export type Attempt<T> = { ok: true; value: T } | Refusal

type Context = Readonly<RouterContextProvider>

/**
 * The one way a loader or action calls a service that may refuse (docs/STYLE.md, Errors).
 * An expected failure (the service's AppError) comes back as a `Refusal` for the page
 * to show. Anything else is a fault: it is logged with the request id and thrown to
 * the route's error boundary, or, given `fallback`, answered with that message so a
 * form stays on screen with what the shopper typed.
 */
export async function attempt<T>(
  context: Context,
  run: () => Promise<T>,
  options: { fallback?: string; what?: string } = {},
): Promise<Attempt<T>> {
  try {
    return { ok: true, value: await run() }
  } catch (err) {
    if (isAppError(err)) {
      return { ok: false, status: err.status, message: err.message, fieldErrors: err.fields, headers: err.headers }
    }
    if (options.fallback === undefined) throw err
    logFault(context, `${options.what ?? 'request'} failed`, err)
    return { ok: false, status: 500, message: options.fallback, fieldErrors: undefined, headers: {} }
  }
}

/**
 * The page's answer for what is not there: the route's error boundary shows its
 * "not found" (`body` tells it which, such as a product the store archived).
 */
export function notFound(body: unknown = null): never {
  throw data(body, { status: 404 })
}

/**
 * A loader's record from `attempt`, or the refusal as the page's error: a service's
 * 404 is the route's "not found", any other refusal keeps its own status.
 */
export function orNotFound<T>(result: Attempt<T>): T {
  if (result.ok) return result.value
  throw data(null, { status: result.status })
}

/** A fault the page survives (an extra that failed to load), in the server's JSON log. */
export function logFault(context: Context, msg: string, err: unknown): void {
  const { services, requestId } = context.get(appContext)
  services.logger.error(msg, { requestId, ...errorFields(err) })
}

import type { RouterContextProvider } from 'react-router'
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

/** A fault the page survives (an extra that failed to load), in the server's JSON log. */
export function logFault(context: Context, msg: string, err: unknown): void {
  const { services, requestId } = context.get(appContext)
  services.logger.error(msg, { requestId, ...errorFields(err) })
}

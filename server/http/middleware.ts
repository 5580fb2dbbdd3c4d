import type { Context, MiddlewareHandler } from 'hono'
import { isPlainText } from '#contracts/plain-text.ts'
import { AppError } from '#server/http/errors.ts'
import type { AppEnv } from '#server/http/env.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses cross-site writes. Browsers send Sec-Fetch-Site (and Origin) on every
 * write, so a form or script on another site is caught by either; clients that send
 * neither (curl, server-to-server) are not browsers carrying a victim's cookie.
 */
export function sameOriginWrites(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const site = c.req.header('sec-fetch-site')
      if (site && site !== 'same-origin' && site !== 'none') {
        throw new AppError(403, 'Cross-site requests are not allowed')
      }
      const origin = c.req.header('origin')
      if (origin && !ownOrigins(c).includes(origin)) {
        throw new AppError(403, 'Cross-site requests are not allowed')
      }
    }
    await next()
  }
}

/**
 * No address of the store holds a control character: a path with one (`/api/product/ab%00`,
 * `/productdetail/%0A`) is answered 404 before any route reads its parameters, which would
 * otherwise reach the database (PostgreSQL refuses a NUL with an error; docs/decisions/016).
 * Query parameters and bodies are checked by their contracts (contracts/fields.ts).
 */
export function plainPaths(): MiddlewareHandler {
  return async (c, next) => {
    let path: string
    try {
      path = decodeURIComponent(new URL(c.req.url).pathname)
    } catch {
      // Not UTF-8 once decoded (`%ED%A0%80`, half a surrogate): no page or product has that name.
      throw new AppError(404, 'Not found')
    }
    if (!isPlainText(path)) throw new AppError(404, 'Not found')
    await next()
  }
}

/**
 * The origins the store answers as. Behind a TLS-terminating proxy the request reaches
 * us as http while the browser's Origin says https: the trusted X-Forwarded-Proto (the
 * same the session cookie's Secure flag follows) and PUBLIC_URL name the real one.
 */
function ownOrigins(c: Context<AppEnv>): string[] {
  const url = new URL(c.req.url)
  const origins = [url.origin]
  const { publicUrl } = c.get('services').config
  origins.push(`${c.get('clientProtocol')}://${url.host}`)
  if (publicUrl) origins.push(new URL(publicUrl).origin)
  return origins
}

/**
 * Writes carry JSON or nothing at all; forms and text are refused before any work.
 * The requests `uploads` picks (the console's product saves with their photos, the
 * catalog import's CSV and zip) carry multipart/form-data instead, and only that; those
 * `either` picks (a review, with or without its photos) carry one or the other.
 */
export function jsonBodiesOnly(
  uploads: (c: Context) => boolean = () => false,
  either: (c: Context) => boolean = () => false,
): MiddlewareHandler {
  return async (c, next) => {
    if (
      !SAFE_METHODS.has(c.req.method) &&
      either(c) &&
      /^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')
    ) {
      // Multipart, read by its route.
    } else if (!SAFE_METHODS.has(c.req.method) && uploads(c)) {
      if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) {
        throw new AppError(415, 'Send the files as multipart/form-data')
      }
    } else if (!SAFE_METHODS.has(c.req.method)) {
      const type = c.req.header('content-type')
      const length = c.req.header('content-length')
      const hasBody = (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined
      if (type ? !/^application\/json\b/i.test(type) : hasBody) {
        throw new AppError(415, 'Send the request body as application/json')
      }
    }
    await next()
  }
}

/** Reads the JSON body: an empty body is {}, a malformed one a 400. */
export async function readJson(req: { text(): Promise<string> }): Promise<unknown> {
  const text = await req.text()
  if (text.trim() === '') return {}
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new AppError(400, 'The request body is not valid JSON')
  }
}

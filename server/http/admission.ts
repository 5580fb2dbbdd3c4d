import type { Context, MiddlewareHandler } from 'hono'
import { generateCookie, getCookie } from 'hono/cookie'
import { CART_COOKIE } from '#contracts/cart-lines.ts'
import { langOfPath } from '#contracts/languages.ts'
import type { Config } from '#server/config.ts'
import { servesHttps } from '#server/http/csp.ts'
import type { AppEnv } from '#server/http/env.ts'
import { measuredLoad, type Load, type LoadSignal } from '#server/http/load-signal.ts'
import {
  LINE_COOKIE,
  PASS_MS,
  TICKET_MS,
  readLineCookie,
  writeLineCookie,
  type LineCookie,
} from '#server/http/line-ticket.ts'
import { API_MESSAGE, NO_REFRESH, lineText, urduFontUrl, waitingPage } from '#server/http/waiting-page.ts'

// The line on a sale night (docs/decisions/030). Past what this instance can serve
// (ADMIT_MAX_IN_FLIGHT requests in flight, or ADMIT_MAX_LAG_MS of event-loop delay), a
// newcomer's page gets a small waiting page and an API call a 503, each with a ticket:
// a signed cookie holding the moment they arrived. The instance keeps one number, its
// watermark: tickets that arrived before it pass. It stops where the load went over and
// moves forward only while the load allows, faster the longer it does, so those who came
// first go in first, here and on every other instance, which read the same tickets by the
// same clock and keep their own watermark. Whoever passes holds a pass (the same cookie),
// and shoppers already in the store never wait: signed in, something in the cart, the
// cart, checkout, orders, the console, and the files pages are made of.

/** What tests hand the line instead of the real load and clock. */
export interface AdmissionHooks {
  /** The load; default: this instance's requests in flight and its event loop's delay. */
  signal?: LoadSignal
  now?: () => number
  /** 0 to 1, for the seconds added to Retry-After so a crowd does not refresh in step. */
  random?: () => number
}

export interface AdmissionOptions extends AdmissionHooks {
  config: Pick<Config, 'env' | 'admission' | 'publicUrl' | 'cookieSecure' | 'store'>
  /** The line's signing key (derived from the link key), read once. */
  key: () => Promise<Buffer>
  /** A visitor with this cookie is signed in (or says so) and always passes. */
  sessionCookie: string
  /** The built storefront, for the Urdu face's file. */
  clientDir?: string | undefined
  /** Each request sent to the line, by kind (the metrics). */
  onWait?: (kind: WaitKind) => void
  log?: (message: string, fields: Record<string, unknown>) => void
}

export type WaitKind = 'page' | 'api' | 'data'

/**
 * Paths that always pass: cart, checkout and orders (pages, their Urdu twins and `.data`
 * forms, and the API), the console, health and metrics, and the files pages are made of.
 */
const ALWAYS_OPEN = [
  /^\/(?:ur\/)?(?:cart|placeorder|order)(?:$|[./-])/,
  /^\/api\/(?:cart|order|admin)(?:$|\/)/,
  /^\/admin(?:$|[./])/,
  /^\/(?:assets|hero|images|sitemaps)\//,
  /^\/(?:healthz|metrics|robots\.txt|sitemap\.xml|favicon\.svg|favicon\.ico)$/,
]

export const isAlwaysOpen = (path: string): boolean => ALWAYS_OPEN.some((re) => re.test(path))

/** The browser tests' way in (ADMIT_TEST_HEADER): this request alone is answered as if the store were full. */
export const TEST_HEADER = 'x-kapra-line'

export function admission(options: AdmissionOptions): MiddlewareHandler<AppEnv> {
  const { config } = options
  const settings = config.admission
  // Off with ADMIT_MAX_IN_FLIGHT=0; in tests, on only with a load the test hands it, never the machine's.
  if (settings.maxInFlight === 0 || (config.env === 'test' && !options.signal)) return (_c, next) => next()
  let inFlight = 0
  const signal = options.signal ?? measuredLoad(() => inFlight)
  const now = options.now ?? Date.now
  const random = options.random ?? Math.random
  const line = createLine()
  const key = lineKey(options)
  const urduFont = urduFontUrl(options.clientDir)

  return async (c, next) => {
    inFlight++
    try {
      const at = now()
      line.tick(at, isOver(signal(), settings))
      const path = c.req.path
      if (isAlwaysOpen(path)) return await next()
      const cookies = getCookie(c)
      if (cookies[options.sessionCookie] || cookies[CART_COOKIE] === '1') return await next()
      const forced = settings.testHeader && c.req.header(TEST_HEADER) === 'full'
      const sent = cookies[LINE_COOKIE]
      // No line here and no ticket to turn into a pass: the common case costs nothing more.
      if (!line.open && !forced && sent === undefined) return await next()

      const secret = await key()
      const held = secret ? readLineCookie(secret, sent, at) : undefined
      const cookie = (value: LineCookie) => lineCookie(c, config, secret!, value)
      if (held?.kind === 'admitted') {
        await next()
        // Renewed while the line is up and the pass is half spent; otherwise left alone.
        if (line.open && held.expiresAt - at < PASS_MS / 2) {
          c.header('Set-Cookie', cookie({ kind: 'admitted', expiresAt: at + PASS_MS }), { append: true })
        }
        return
      }
      // A ticket the watermark has passed, or anyone while this instance has no line.
      if (!forced && (held ? line.admits(held.arrivedAt) : !line.open)) {
        await next()
        if (held) c.header('Set-Cookie', cookie({ kind: 'admitted', expiresAt: at + PASS_MS }), { append: true })
        return
      }

      // To the line: the ticket they hold, or one from now.
      const arrivedAt = held?.arrivedAt ?? at
      const seconds = Math.min(30, line.retryAfter(arrivedAt) + Math.floor(random() * 3))
      const kind: WaitKind = path.startsWith('/api/') ? 'api' : path.endsWith('.data') ? 'data' : 'page'
      options.onWait?.(kind)
      const headers = new Headers({ 'Cache-Control': 'no-store', 'Retry-After': String(seconds) })
      if (secret && !held) headers.append('Set-Cookie', cookie({ kind: 'waiting', arrivedAt }))
      return answer(c, kind, seconds, headers, config.store.name, urduFont)
    } finally {
      inFlight--
    }
  }
}

function isOver(load: Load, settings: Config['admission']): boolean {
  return load.inFlight > settings.maxInFlight || (settings.maxLagMs > 0 && load.lagMs > settings.maxLagMs)
}

function answer(
  c: Context<AppEnv>,
  kind: WaitKind,
  seconds: number,
  headers: Headers,
  storeName: string,
  urduFont: string | undefined,
): Response {
  const url = new URL(c.req.url)
  if (kind === 'api') {
    headers.set('Content-Type', 'application/json')
    return new Response(JSON.stringify({ message: lineText('en', API_MESSAGE), retryAfter: seconds }), {
      status: 503,
      headers,
    })
  }
  if (kind === 'data') {
    // A page asked for by the app in the browser: React Router loads it as a whole
    // document instead, which is answered with the waiting page.
    headers.set('X-Remix-Redirect', pageOfData(url))
    headers.set('X-Remix-Status', '302')
    headers.set('X-Remix-Reload-Document', 'true')
    return new Response(null, { status: 204, headers })
  }
  headers.set('Content-Type', 'text/html; charset=utf-8')
  const refresh = url.searchParams.get(NO_REFRESH.name) !== NO_REFRESH.value
  url.searchParams.delete(NO_REFRESH.name)
  const page = waitingPage({
    lang: langOfPath(url.pathname),
    seconds: refresh ? seconds : null,
    retryUrl: url.pathname + url.search,
    storeName,
    urduFont,
  })
  return new Response(page, { status: 503, headers })
}

/** The page a `.data` request is for: `/collection.data?_routes=…` is `/collection`, `/_.data` is `/`. */
export function pageOfData(url: URL): string {
  const path = url.pathname.replace(/\/_\.data$/, '/').replace(/\.data$/, '')
  const query = new URLSearchParams(url.search)
  query.delete('_routes')
  const rest = query.toString()
  return rest ? `${path}?${rest}` : path
}

function lineCookie(c: Context<AppEnv>, config: AdmissionOptions['config'], secret: Buffer, value: LineCookie): string {
  // As the session cookie's (server/auth/cookies.ts): Secure whenever the store is on https.
  const secure =
    servesHttps(config) ||
    config.cookieSecure === 'always' ||
    (config.cookieSecure === 'auto' && c.get('clientProtocol') === 'https')
  const maxAge = Math.round((value.kind === 'waiting' ? TICKET_MS : PASS_MS) / 1000)
  return generateCookie(LINE_COOKIE, writeLineCookie(secret, value), {
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    path: '/',
    maxAge,
  })
}

/**
 * The key, read once: its first read starts when the app is made, so the line never waits
 * on the database when it is needed. Should that read fail (no database at start), the line
 * still answers, without tickets, and the key is asked for again at most every 10 seconds.
 */
function lineKey(options: AdmissionOptions): () => Promise<Buffer | undefined> {
  let key: Buffer | undefined
  let pending: Promise<Buffer | undefined> | undefined
  let failedAt = -Infinity
  const load = () => {
    pending = options.key().then(
      (k) => (key = k),
      (err: unknown) => {
        failedAt = Date.now()
        pending = undefined
        options.log?.('the line has no key yet', { error: err instanceof Error ? err.message : String(err) })
        return undefined
      },
    )
    return pending
  }
  void load()
  return () => {
    if (key) return Promise.resolve(key)
    if (pending) return pending
    return Date.now() - failedAt >= 10_000 ? load() : Promise.resolve(undefined)
  }
}

// ---- The watermark -------------------------------------------------------------

/** How fast the watermark moves when the line opens: half as fast as the crowd arrived. */
const START_PACE = 0.5
const MIN_PACE = 0.05
/** At most this many times as fast as the crowd arrived: a line of ten minutes drains in half a minute. */
const MAX_PACE = 20
/** Each second under the limits the pace grows by half; each second over them it halves. */
const GROWTH = 1.5
const DECAY = 0.5
/** Seconds a visitor in line waits before the page asks again. */
const MIN_WAIT_S = 5
export const MAX_WAIT_S = 30

export type Line = ReturnType<typeof createLine>

/**
 * One instance's line: closed (null watermark: everyone passes) until the load goes over
 * the limits; then the watermark stands at that moment. While the load is under the limits
 * it moves forward by `pace` milliseconds of arrivals each millisecond, the pace growing
 * while the load allows and falling while it does not; once it reaches now, the line closes.
 */
export function createLine() {
  let watermark: number | null = null
  let pace = START_PACE
  let last: number | undefined
  return {
    get open() {
      return watermark !== null
    },
    get watermark() {
      return watermark
    },
    /** Time passes: called with each request, so a quiet instance catches up when asked next. */
    tick(now: number, over: boolean): void {
      const elapsed = Math.max(0, now - (last ?? now))
      last = now
      if (watermark === null) {
        if (over) {
          watermark = now
          pace = START_PACE
        }
        return
      }
      if (over) {
        pace = Math.max(MIN_PACE, pace * DECAY ** (elapsed / 1000))
        return
      }
      // In steps of at most a second, so the pace grows as it would have; a minute under
      // the limits with nobody asking is a line long gone.
      if (elapsed >= 60_000) watermark = now
      for (let left = elapsed; left > 0 && watermark < now; left -= 1000) {
        const step = Math.min(left, 1000)
        watermark += pace * step
        pace = Math.min(MAX_PACE, pace * GROWTH ** (step / 1000))
      }
      if (watermark >= now) watermark = null
    },
    /** A ticket passes once the watermark has gone past the moment it arrived (or there is no line). */
    admits: (arrivedAt: number): boolean => watermark === null || arrivedAt < watermark,
    /** About how long until a ticket is reached at today's pace, in whole seconds, within bounds. */
    retryAfter(arrivedAt: number): number {
      if (watermark === null) return MIN_WAIT_S
      const seconds = Math.ceil((arrivedAt - watermark) / pace / 1000)
      return Math.min(MAX_WAIT_S, Math.max(MIN_WAIT_S, seconds))
    },
  }
}

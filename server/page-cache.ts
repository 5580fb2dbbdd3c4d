import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import type { Context, MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import { LANGUAGE_COOKIE, langOfPath, preferredLang } from '#contracts/languages.ts'
import { SESSION_COOKIE } from '#server/auth/cookies.ts'
import { pagePath } from '#server/http/caching.ts'
import { hashedPolicy } from '#server/http/csp.ts'
import type { AppEnv } from '#server/http/env.ts'

// Guests' pages, rendered once and answered to every guest who asks until the catalog
// changes (docs/decisions/029). Only the public pages a visitor without a session sees,
// keyed by all that draws them; a request carrying a session cookie never reaches the cache.
// A kept page carries no nonce: its inline scripts are allowed by their hashes.

/** What a guest's kept page tells a shared cache in front (nginx, a CDN): a minute, then a revalidation. */
export const GUEST_PAGE_CACHING = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300'

/** The longest a page is kept here without a change: what is drawn from the clock (best sellers, "only 2 left") catches up. */
const MAX_AGE_MS = 60_000

/**
 * How long after a size sold out or came back the pages it touched may still be answered
 * while one guest waits for them to be drawn again: the "within a second". On a
 * sale night each sell-out otherwise held every guest of the collection and of that product
 * until the page was drawn again (`npm run bench:sale`: the collection's p95 70-100 ms in
 * the seconds after one). A price, a product or a sale (`clear`) is never answered as it
 * was, and neither is a page past its MAX_AGE_MS for longer than this.
 */
export const STALE_MS = 1_000

/** The pages kept for guests, as React Router matches them: either language, documents and `.data`. */
const GUEST_PAGES = [/^\/$/, /^\/collection$/, /^\/productdetail\/[^/]+$/, /^\/about$/, /^\/contact$/]

interface KeptPage {
  /** The page it draws, as pagePath names it (no language, no `.data`), for the changes that touch only some pages. */
  page: string
  headers: [string, string][]
  body: Uint8Array<ArrayBuffer>
  /** Made when a client that takes gzip first asks (a fuzzer's one-off queries never need it). */
  gzip?: Uint8Array<ArrayBuffer>
  /** The strong validator of the page (the gzip form's is this with `-gz` before the closing quote). */
  etag: string
  at: number
  /** When a change touched it (it stays to be answered while it is drawn again, for STALE_MS). */
  staleAt?: number
  bytes: number
}

/**
 * The cache key of a request the cache may answer, or undefined: not a GET or HEAD, a
 * session cookie sent, or not a guest page. The key holds everything that changes the
 * page: scheme, host, path and query (which hold the language), and on the English home
 * page the language cookie and the browser's preferred language (the offer of Urdu).
 */
export function guestPageKey(c: Context<AppEnv>): string | undefined {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return undefined
  if (getCookie(c, SESSION_COOKIE) !== undefined) return undefined
  const url = new URL(c.req.url)
  const page = pagePath(url.pathname)
  if (!GUEST_PAGES.some((re) => re.test(page))) return undefined
  let key = `${c.get('clientProtocol')} ${url.host}${url.pathname}${url.search}`
  if (page === '/' && langOfPath(url.pathname) === 'en') {
    key += ` lang=${getCookie(c, LANGUAGE_COOKIE) ?? ''} prefers=${preferredLang(c.req.header('accept-language') ?? null) ?? ''}`
  }
  return key
}

/** The sources of a page's inline scripts, for their hashes (a script's text is hashed as it stands in the HTML). */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi

function scriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes = '', text = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc=/i.test(attributes)) continue
    hashes.add(createHash('sha256').update(text, 'utf8').digest('base64'))
  }
  return [...hashes]
}

/** Whether the client takes gzip (a q of 0 refuses it). */
function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    return (coding === 'gzip' || coding === '*') && (q === undefined || Number(q.slice(2)) > 0)
  })
}

/** Whether If-None-Match names this page (either form of it, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const gz = `${etag.slice(0, -1)}-gz"`
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim().replace(/^W\//, '')
    return t === '*' || t === etag || t === gz
  })
}

const DROPPED_HEADERS = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'cache-control',
  'etag',
  'content-security-policy',
])

/** Which pages a change touches, by pagePath. */
export type Touches = (page: string) => boolean

/**
 * The pages a size selling out or coming back touches: the collection (its counts of sizes
 * in stock) and those products' own pages (their size buttons). Cards, the home page, About
 * and Contact show no sizes.
 */
export function touchedByStock(productIds: readonly string[]): Touches {
  const products = new Set(productIds.map((id) => `/productdetail/${encodeURIComponent(id)}`.toLowerCase()))
  return (page) => page === '/collection' || products.has(page)
}

/** Changes remembered for the pages being drawn while they happen; a drawing older than these is not kept. */
const CHANGES_REMEMBERED = 64

export type PageCache = ReturnType<typeof createPageCache>

export function createPageCache(options: { maxBytes: number; now?: () => number; maxAgeMs?: number }) {
  const now = options.now ?? Date.now
  const maxAgeMs = options.maxAgeMs ?? MAX_AGE_MS
  const { maxBytes } = options
  const pages = new Map<string, KeptPage>()
  const rendering = new Map<string, Promise<KeptPage | Response>>()
  let bytes = 0
  /** Moves on at every change: a page whose rendering began before a change that touches it is not kept. */
  let generation = 0
  /** The latest changes, oldest first: the generation each began and the pages it touched. */
  const changes: { generation: number; touches: Touches; all: boolean }[] = []
  const counts = { hits: 0, stale: 0, misses: 0, notModified: 0, clears: 0, drops: 0 }

  /** Whether a change since `started` is one `test` names (or it is too long ago to tell). */
  const since = (started: number, test: (change: (typeof changes)[number]) => boolean) => {
    if (started === generation) return false
    const oldest = changes[0]
    if (!oldest || oldest.generation > started + 1) return true
    return changes.some((change) => change.generation > started && test(change))
  }

  const remember = (touches: Touches, all = false) => {
    generation++
    changes.push({ generation, touches, all })
    if (changes.length > CHANGES_REMEMBERED) changes.shift()
  }

  const drop = (key: string) => {
    const page = pages.get(key)
    if (!page) return
    pages.delete(key)
    bytes -= page.bytes
  }

  /** Since when a page is out of date: a change that touched it, or its age. */
  const staleSince = (page: KeptPage) => Math.min(page.staleAt ?? Infinity, page.at + maxAgeMs)

  const lookup = (key: string): KeptPage | undefined => {
    const page = pages.get(key)
    if (!page) return undefined
    if (now() - staleSince(page) > STALE_MS) {
      drop(key)
      return undefined
    }
    // Most recently used last: the oldest go first when the cache is full.
    pages.delete(key)
    pages.set(key, page)
    return page
  }

  /** Marks a page out of date: answered no more, except while it is drawn again, for STALE_MS. */
  const outdate = (page: KeptPage, at: number) => {
    page.staleAt = Math.min(page.staleAt ?? Infinity, at)
  }

  /** The least recently used go until the pages fit. */
  const evict = () => {
    for (const oldest of pages.keys()) {
      if (bytes <= maxBytes) break
      drop(oldest)
    }
  }

  const keep = (key: string, page: KeptPage) => {
    // One page never takes more than an eighth of the cache.
    if (page.bytes > maxBytes / 8) return
    drop(key)
    pages.set(key, page)
    bytes += page.bytes
    evict()
  }

  /** Whether a rendered answer may be kept for every guest: a whole page, for nobody in particular. */
  const keepable = (res: Response) =>
    res.status === 200 &&
    res.body !== null &&
    !res.headers.has('set-cookie') &&
    !/no-store|private/.test(res.headers.get('cache-control') ?? '')

  /** The policy of a page drawn for every guest: its own inline scripts, by hash. */
  const policyOf = (res: Response, body: Uint8Array) =>
    hashedPolicy(
      (res.headers.get('content-type') ?? '').startsWith('text/html')
        ? scriptHashes(Buffer.from(body).toString('utf8'))
        : [],
    )

  /**
   * A page drawn for every guest that is not kept (a 404, an error): it carries no nonce, so
   * it is answered with the hashes of its scripts, or the browser would refuse to run them.
   */
  async function unkept(res: Response): Promise<Response> {
    if (res.body === null) return res
    const body = new Uint8Array(await res.arrayBuffer())
    const headers = new Headers(res.headers)
    headers.set('Content-Security-Policy', policyOf(res, body))
    return new Response(body, { status: res.status, statusText: res.statusText, headers })
  }

  /** A rendered answer as kept: the whole body, its gzip form, its hashes, its validator, the guests' headers. */
  async function pageOf(res: Response, page: string): Promise<KeptPage> {
    const body = new Uint8Array(await res.arrayBuffer())
    const vary = new Set(['Cookie', 'Accept-Encoding'])
    for (const v of (res.headers.get('vary') ?? '').split(',')) if (v.trim()) vary.add(v.trim())
    const headers = [...res.headers].filter(
      ([name]) => !DROPPED_HEADERS.has(name.toLowerCase()) && name.toLowerCase() !== 'vary',
    )
    headers.push(
      ['Vary', [...vary].join(', ')],
      ['Cache-Control', GUEST_PAGE_CACHING],
      ['Content-Security-Policy', policyOf(res, body)],
    )
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`
    return { page, headers, body, etag, at: now(), bytes: body.byteLength + 1024 }
  }

  function answer(c: Context<AppEnv>, key: string, page: KeptPage): Response {
    const headers = new Headers(page.headers)
    const gz = acceptsGzip(c.req.header('accept-encoding'))
    const etag = gz ? `${page.etag.slice(0, -1)}-gz"` : page.etag
    headers.set('ETag', etag)
    if (matches(c.req.header('if-none-match'), page.etag)) {
      counts.notModified++
      return new Response(null, { status: 304, headers })
    }
    if (gz && !page.gzip) {
      page.gzip = new Uint8Array(gzipSync(page.body))
      page.bytes += page.gzip.byteLength
      if (pages.get(key) === page) {
        bytes += page.gzip.byteLength
        evict()
      }
    }
    const body = gz ? page.gzip! : page.body
    if (gz) headers.set('Content-Encoding', 'gzip')
    headers.set('Content-Length', String(body.byteLength))
    return new Response(c.req.method === 'HEAD' ? null : body, { status: 200, headers })
  }

  return {
    /**
     * Answers a guest's page from the cache, or renders it once (as many guests as ask at
     * once wait for one rendering) and keeps it; every other request goes on to `next`.
     * `render` draws the page for every guest: no nonce, the whole page at once.
     */
    middleware(render: (c: Context<AppEnv>) => Promise<Response>): MiddlewareHandler<AppEnv> {
      return async (c, next) => {
        const key = maxBytes > 0 ? guestPageKey(c) : undefined
        if (key === undefined) return next()
        const drawn = pagePath(new URL(c.req.url).pathname)
        const kept = lookup(key)
        if (kept && staleSince(kept) > now()) {
          counts.hits++
          return answer(c, key, kept)
        }
        const pending = rendering.get(key)
        // Out of date, and being drawn again for another guest: this one has the page as it
        // was (at most STALE_MS after the change), rather than wait.
        if (kept && pending) {
          counts.stale++
          return answer(c, key, kept)
        }
        if (c.req.method === 'HEAD') return next()
        counts.misses++
        if (pending) {
          const page = await pending
          // Not a page to keep (a 404, an error): this request is drawn on its own.
          return page instanceof Response ? next() : answer(c, key, page)
        }
        const started = generation
        const startedAt = now()
        const result = (async () => {
          c.set('forEveryGuest', true)
          const res = await render(c)
          if (!keepable(res)) return unkept(res)
          const page = await pageOf(res, drawn)
          // Every page dropped while it was drawn: not kept. A size that sold out or came
          // back while it was drawn: kept as out of date from the start (newer than the
          // page it replaces), so the next guest draws it again.
          if (since(started, (change) => change.all)) return page
          if (since(started, (change) => change.touches(drawn))) outdate(page, startedAt)
          keep(key, page)
          return page
        })()
        rendering.set(key, result)
        try {
          const page = await result
          return page instanceof Response ? page : answer(c, key, page)
        } finally {
          rendering.delete(key)
        }
      }
    },

    /**
     * Drops every kept page (a change to the catalog, here or on another instance): a price,
     * a product or a sale is never answered as it was.
     */
    clear(): void {
      counts.clears++
      remember(() => true, true)
      pages.clear()
      bytes = 0
    },

    /** Outdates the kept pages a change touches (a size sold out or came back, here or on another instance). */
    drop(touches: Touches): void {
      counts.drops++
      remember(touches)
      const at = now()
      for (const page of pages.values()) if (touches(page.page)) outdate(page, at)
    },

    stats() {
      return { pages: pages.size, bytes, ...counts }
    },
  }
}

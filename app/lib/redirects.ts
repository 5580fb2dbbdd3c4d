import { isPlainText } from '#contracts/plain-text.ts'
import { langOfPath, localePath, withoutLang } from '#contracts/languages.ts'

/**
 * A return address may hold no control character (C0 with tab, CR and LF, DEL, C1), no lone
 * surrogate and no backslash, anywhere in the raw value: browsers drop tabs and newlines from a
 * URL and read a backslash as a slash, so `/\t/evil.example` and `/\evil.example` both lead to
 * another site, and a newline cannot go into a Location header at all.
 */
function isPlain(value: string): boolean {
  return isPlainText(value) && !value.includes('\\')
}

/** URL.parse, for browsers that predate it (the Google button runs this in the browser). */
function parse(value: string, base: string): URL | null {
  try {
    return new URL(value, base)
  } catch {
    return null
  }
}

/** Percent-escapes of ASCII decoded; a UTF-8 sequence (a search in Urdu) is no trick and stays as it is. */
function decodeAscii(value: string): string {
  return value.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

/** The pages a visitor is never sent back to after signing in: they would loop. */
function isAuthPage(pathname: string): boolean {
  const p = withoutLang(pathname.toLowerCase())
  return p.startsWith('/login') || p.startsWith('/signup')
}

/**
 * Where to send a visitor after login or registration (no open redirects, docs/decisions/016): the
 * return address is resolved as a URL against the store's own origin, and only the path, query
 * and hash of a same-origin result come back. Anything else, or an address holding a control
 * character or a backslash, or one leading back to login or registration, is `fallback`. Every
 * path that takes a return address uses this one function: the login and registration pages
 * (GET and POST) and Google sign-in in the browser.
 */
export function safeRedirect(
  to: unknown,
  origin: string,
  fallback = '/',
  { authPages = false }: { authPages?: boolean } = {},
): string {
  if (typeof to !== 'string' || to === '' || !isPlain(to)) return fallback
  // Percent-encoded, the same tricks (`%2F%2Fevil.example`, `/%09/evil.example`) are refused too,
  // in case anything on the way decodes the address once more.
  const decoded = decodeAscii(to)
  if (!isPlain(decoded)) return fallback
  const own = new URL(origin).origin
  const url = parse(to, own)
  const again = parse(decoded, own)
  if (url?.origin !== own || again?.origin !== own || again.pathname.startsWith('//')) return fallback
  // `/.//evil.example` resolves to the path `//evil.example`, which a browser reads as another host.
  if (url.pathname.startsWith('//') || (!authPages && isAuthPage(decodeAscii(url.pathname)))) return fallback
  return url.pathname + url.search + url.hash
}

export function loginPath(from: URL | string): string {
  const url = typeof from === 'string' ? new URL(from, 'http://x') : from
  return `${localePath(langOfPath(url.pathname), '/login')}?redirectTo=${encodeURIComponent(url.pathname + url.search)}`
}

/**
 * Where a signed-in visitor opening login or registration goes (docs/spec/store-spec.md §2): the
 * redirectTo they carry, else the page of this site they came from, else home.
 */
export function backFromAuthPage(url: URL, referer: string | null): string {
  const to = url.searchParams.get('redirectTo')
  const home = localePath(langOfPath(url.pathname), '/')
  if (to !== null) return safeRedirect(to, url.origin, home)
  return safeRedirect(sameHostReferer(url, referer), url.origin, home)
}

/**
 * The path and query of the page a request came from, when the Referer names this host
 * (the host alone: behind a TLS proxy the page's own URL may say http); else undefined.
 * Same-host pages send it whole under the store's policy (strict-origin-when-cross-origin).
 */
export function sameHostReferer(url: URL, referer: string | null): string | undefined {
  if (!referer || !URL.canParse(referer)) return undefined
  const from = new URL(referer)
  return from.host === url.host ? from.pathname + from.search : undefined
}

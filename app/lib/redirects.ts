/** Only same-site paths may be returned to after login (no open redirects). */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback
  if (to.startsWith('/login') || to.startsWith('/signup')) return fallback
  return to
}

export function loginPath(from: URL | string): string {
  const url = typeof from === 'string' ? new URL(from, 'http://x') : from
  return `/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`
}

/**
 * Where a signed-in visitor opening login or registration goes (docs/spec/store-spec.md §2): the
 * redirectTo they carry, else the page of this site they came from, else home.
 */
export function backFromAuthPage(url: URL, referer: string | null): string {
  const to = url.searchParams.get('redirectTo')
  if (to !== null) return safeRedirect(to)
  if (!referer || !URL.canParse(referer)) return '/'
  const from = new URL(referer)
  // The host alone: behind a TLS proxy the page's own URL may say http.
  return from.host === url.host ? safeRedirect(from.pathname + from.search) : '/'
}

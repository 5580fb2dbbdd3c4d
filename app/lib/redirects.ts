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

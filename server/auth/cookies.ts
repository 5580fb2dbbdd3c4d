import type { Context } from 'hono'
import { generateCookie, getCookie } from 'hono/cookie'
import type { AppEnv } from '#server/http/env.ts'

export const SESSION_COOKIE = 'kapra_session'

export interface SessionCookies {
  /** The Set-Cookie value that stores a new session token. */
  set(token: string, expiresAt: number): string
  /** The Set-Cookie value that removes the session cookie. */
  clear(): string
}

/** docs/spec/rulings.md #5: HttpOnly, SameSite=Lax, Secure when served over https. */
export function sessionCookies(c: Context<AppEnv>): SessionCookies {
  const { cookieSecure, trustProxy } = c.var.services.config
  let secure = cookieSecure === 'always'
  if (cookieSecure === 'auto') {
    const proto = trustProxy ? c.req.header('x-forwarded-proto') : undefined
    secure = (proto ?? new URL(c.req.url).protocol.replace(':', '')) === 'https'
  }
  const base = { httpOnly: true, sameSite: 'Lax', secure, path: '/' } as const
  return {
    set: (token, expiresAt) => generateCookie(SESSION_COOKIE, token, { ...base, expires: new Date(expiresAt) }),
    clear: () => generateCookie(SESSION_COOKIE, '', { ...base, maxAge: 0, expires: new Date(0) }),
  }
}

export function readSessionCookie(c: Context<AppEnv>): string | undefined {
  return getCookie(c, SESSION_COOKIE)
}

export function writeSessionCookie(c: Context<AppEnv>, token: string, expiresAt: number): void {
  c.header('Set-Cookie', sessionCookies(c).set(token, expiresAt), { append: true })
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  c.header('Set-Cookie', sessionCookies(c).clear(), { append: true })
}

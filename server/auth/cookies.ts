import type { Context } from 'hono'
import { generateCookie, getCookie } from 'hono/cookie'
import type { AppEnv } from '#server/http/env.ts'
import { servesHttps } from '#server/http/csp.ts'
import { LANGUAGE_COOKIE, type Lang } from '#contracts/languages.ts'

export const SESSION_COOKIE = 'kapra_session'
/** The discount code the shopper applied in the cart, kept for the checkout (docs/decisions/026). */
export const DISCOUNT_COOKIE = 'kapra_discount'

export interface SessionCookies {
  /** The Set-Cookie value that stores a new session token. */
  set(token: string, expiresAt: number): string
  /** The Set-Cookie value that removes the session cookie. */
  clear(): string
  /** The Set-Cookie value that keeps a chosen language for a year; scripts may read it. */
  language(lang: Lang): string
  /** The Set-Cookie value that keeps an applied discount code for a week, or (null) removes it. */
  discount(code: string | null): string
}

/**
 * docs/spec/rulings.md #5: HttpOnly, SameSite=Lax, Secure when served over https. A store whose
 * PUBLIC_URL is https always sets Secure (docs/decisions/016), whatever COOKIE_SECURE says; else
 * `auto` follows the protocol the client used (the trusted proxies' X-Forwarded-Proto).
 */
export function sessionCookies(c: Context<AppEnv>): SessionCookies {
  const { cookieSecure } = c.get('services').config
  const secure =
    servesHttps(c.get('services').config) ||
    cookieSecure === 'always' ||
    (cookieSecure === 'auto' && c.get('clientProtocol') === 'https')
  const base = { httpOnly: true, sameSite: 'Lax', secure, path: '/' } as const
  return {
    set: (token, expiresAt) => generateCookie(SESSION_COOKIE, token, { ...base, expires: new Date(expiresAt) }),
    clear: () => generateCookie(SESSION_COOKIE, '', { ...base, maxAge: 0, expires: new Date(0) }),
    language: (lang) => generateCookie(LANGUAGE_COOKIE, lang, { ...base, httpOnly: false, maxAge: 365 * 24 * 3600 }),
    discount: (code) =>
      code === null
        ? generateCookie(DISCOUNT_COOKIE, '', { ...base, maxAge: 0, expires: new Date(0) })
        : generateCookie(DISCOUNT_COOKIE, code, { ...base, maxAge: 7 * 24 * 3600 }),
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

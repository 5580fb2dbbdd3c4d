import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { AppEnv } from '#server/http/env.ts'

export const SESSION_COOKIE = 'kapra_session'

function secure(c: Context<AppEnv>): boolean {
  const mode = c.var.services.config.cookieSecure
  if (mode !== 'auto') return mode === 'always'
  const proto = c.var.services.config.trustProxy ? c.req.header('x-forwarded-proto') : undefined
  return (proto ?? new URL(c.req.url).protocol.replace(':', '')) === 'https'
}

export function readSessionCookie(c: Context<AppEnv>): string | undefined {
  return getCookie(c, SESSION_COOKIE)
}

export function writeSessionCookie(c: Context<AppEnv>, token: string, expiresAt: number): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: secure(c),
    path: '/',
    expires: new Date(expiresAt),
  })
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'Lax', secure: secure(c) })
}

import { describe, expect, it } from 'vitest'
import { loginPath, safeRedirect } from '#app/lib/redirects.ts'

describe('safeRedirect', () => {
  it('keeps same-site paths', () => {
    expect(safeRedirect('/cart')).toBe('/cart')
    expect(safeRedirect('/collection?category=Men')).toBe('/collection?category=Men')
  })

  it('refuses other sites and login loops', () => {
    for (const to of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'cart',
      '/login',
      '/signup?x=1',
      null,
      undefined,
    ]) {
      expect(safeRedirect(to)).toBe('/')
    }
  })
})

describe('loginPath', () => {
  it('remembers where the visitor came from', () => {
    expect(loginPath(new URL('http://store.test/cart?x=1'))).toBe('/login?redirectTo=%2Fcart%3Fx%3D1')
  })
})

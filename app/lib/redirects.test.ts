import { describe, expect, it } from 'vitest'
import { backFromAuthPage, loginPath, safeRedirect } from '#app/lib/redirects.ts'

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

describe('backFromAuthPage', () => {
  const login = (query = '') => new URL(`http://store.test/login${query}`)

  it('follows redirectTo first', () => {
    expect(backFromAuthPage(login('?redirectTo=%2Fcart'), 'http://store.test/contact')).toBe('/cart')
    expect(backFromAuthPage(login('?redirectTo=https%3A%2F%2Fevil.example'), 'http://store.test/contact')).toBe('/')
  })

  it('otherwise goes back to the page of this site the visitor came from', () => {
    expect(backFromAuthPage(login(), 'http://store.test/contact')).toBe('/contact')
    expect(backFromAuthPage(login(), 'https://store.test/collection?category=Men')).toBe('/collection?category=Men')
  })

  it('otherwise goes home: no referrer, another site, or an auth page', () => {
    for (const referer of [null, '', 'not a url', 'https://evil.example/cart', 'http://store.test/signup']) {
      expect(backFromAuthPage(login(), referer)).toBe('/')
    }
  })
})

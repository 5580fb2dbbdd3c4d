import { describe, expect, it } from 'vitest'
import { backFromAuthPage, loginPath, safeRedirect } from '#app/lib/redirects.ts'
import { REDIRECT_TRICKS } from '#tests/support/redirect-tricks.ts'

const ORIGIN = 'http://store.test'

describe('safeRedirect', () => {
  it('keeps same-site paths, with their query and hash', () => {
    expect(safeRedirect('/cart', ORIGIN)).toBe('/cart')
    expect(safeRedirect('/collection?category=Men', ORIGIN)).toBe('/collection?category=Men')
    expect(safeRedirect('/order/abc#timeline', ORIGIN)).toBe('/order/abc#timeline')
    expect(safeRedirect('/collection?q=50%25%20off', ORIGIN)).toBe('/collection?q=50%25%20off')
    expect(safeRedirect('/collection?q=100%', ORIGIN)).toBe('/collection?q=100%')
    expect(safeRedirect('/collection?q=%D8%A2%D9%84', ORIGIN)).toBe('/collection?q=%D8%A2%D9%84')
    // The store's own absolute address is its path.
    expect(safeRedirect('http://store.test/cart?x=1', ORIGIN)).toBe('/cart?x=1')
    expect(safeRedirect('/a/../cart', ORIGIN)).toBe('/cart')
  })

  it.each(REDIRECT_TRICKS.map((to) => [JSON.stringify(to), to]))('refuses %s', (_, to) => {
    expect(safeRedirect(to, ORIGIN)).toBe('/')
    expect(safeRedirect(to, ORIGIN, '')).toBe('')
  })

  it('refuses what is not text', () => {
    for (const to of [null, undefined, 42, {}]) expect(safeRedirect(to, ORIGIN)).toBe('/')
  })

  it('returns nothing a browser could read as another host', () => {
    for (const to of REDIRECT_TRICKS) {
      const out = safeRedirect(to, ORIGIN, '/fallback')
      expect(out.startsWith('/')).toBe(true)
      expect(out.startsWith('//')).toBe(false)
      const codes = [...out].map((ch) => ch.codePointAt(0)!)
      expect(codes.every((c) => c > 0x1f && (c < 0x7f || c > 0x9f) && c !== 0x5c)).toBe(true)
      expect(new URL(out, ORIGIN).origin).toBe(ORIGIN)
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
    expect(backFromAuthPage(login('?redirectTo=%2F%09%2Fevil.example'), 'http://store.test/contact')).toBe('/')
    expect(backFromAuthPage(login('?redirectTo=%2Fcart%0Aenv'), 'http://store.test/contact')).toBe('/')
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

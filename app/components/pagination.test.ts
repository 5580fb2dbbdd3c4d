import { describe, expect, it } from 'vitest'
import english from '#locales/en/index.ts'
import urdu from '#locales/ur/index.ts'
import { setUpLanguage } from '#app/lib/i18n/i18n.ts'
import { pageWindow, showingLabel as showingIn } from '#app/components/pagination.tsx'

const en = setUpLanguage('en', english).getFixedT('en', 'catalog')
const ur = setUpLanguage('ur', urdu).getFixedT('ur', 'catalog')
const showingLabel = (counts: Parameters<typeof showingIn>[0]) => showingIn(counts, en)

describe('showingLabel', () => {
  it('counts the products when one page holds them all', () => {
    expect(showingLabel({ total: 18, page: 1, pageSize: 24 })).toBe('18 products')
    expect(showingLabel({ total: 1, page: 1, pageSize: 24 })).toBe('1 product')
    expect(showingLabel({ total: 0, page: 1, pageSize: 24 })).toBe('0 products')
  })

  it('says which products of how many a page shows', () => {
    expect(showingLabel({ total: 1234, page: 2, pageSize: 24 })).toBe('Showing 25–48 of 1,234 products')
    expect(showingLabel({ total: 54, page: 3, pageSize: 24 })).toBe('Showing 49–54 of 54 products')
  })

  it('says when a page is past the last one', () => {
    expect(showingLabel({ total: 54, page: 4, pageSize: 24 })).toBe('Page 4 of 3: no products here')
    expect(showingLabel({ total: 0, page: 2, pageSize: 24 })).toBe('Page 2 of 1: no products here')
  })
})

describe('showingLabel in Urdu', () => {
  it('counts in Urdu words with Latin digits, one and many', () => {
    expect(showingIn({ total: 18, page: 1, pageSize: 24 }, ur)).toBe('18 پروڈکٹس')
    expect(showingIn({ total: 1, page: 1, pageSize: 24 }, ur)).toBe('1 پروڈکٹ')
    expect(showingIn({ total: 0, page: 1, pageSize: 24 }, ur)).toBe('0 پروڈکٹس')
  })

  it('says which products of how many a page shows', () => {
    expect(showingIn({ total: 200, page: 1, pageSize: 24 }, ur)).toBe('200 پروڈکٹس میں سے 1 تا 24')
    expect(showingIn({ total: 1234, page: 2, pageSize: 24 }, ur)).toBe('1,234 پروڈکٹس میں سے 25 تا 48')
  })

  it('says when a page is past the last one', () => {
    expect(showingIn({ total: 54, page: 4, pageSize: 24 }, ur)).toBe('صفحہ 4 از 3: یہاں کوئی پروڈکٹ نہیں')
  })
})

describe('pageWindow', () => {
  it('offers the first, the last and two either side of the current page', () => {
    expect(pageWindow(1, 1)).toEqual([1])
    expect(pageWindow(1, 3)).toEqual([1, 2, 3])
    expect(pageWindow(10, 40)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 40])
    // A gap of one page shows that page instead.
    expect(pageWindow(4, 40)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 40])
    expect(pageWindow(40, 40)).toEqual([1, 'gap', 38, 39, 40])
  })
})

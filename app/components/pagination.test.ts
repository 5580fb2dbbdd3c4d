import { describe, expect, it } from 'vitest'
import { pageWindow, showingLabel } from '#app/components/pagination.tsx'

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

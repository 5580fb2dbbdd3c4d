import { describe, expect, it } from 'vitest'
import {
  describeFilters,
  filtersToSearch,
  hasActiveFilters,
  parseFilters,
  NO_FILTERS,
  compareSizes,
  collectionHref,
  priceRangeLabel,
  type CatalogFilters,
} from '#contracts/catalog-filters.ts'

const none: CatalogFilters = NO_FILTERS

describe('parseFilters', () => {
  it('reads repeated categories and sub-categories, sort and search', () => {
    const f = parseFilters(new URLSearchParams('category=Kids&category=Men&subCategory=TopWear&sort=low-high&q=shirt'))
    expect(f).toEqual({
      ...none,
      categories: ['Men', 'Kids'],
      subCategories: ['TopWear'],
      sort: 'low-high',
      q: 'shirt',
    })
  })

  it('ignores unknown values and duplicates, and defaults the sort to relavent', () => {
    const f = parseFilters(new URLSearchParams('category=Pets&category=Men&category=Men&subCategory=Shoes&sort=cheap'))
    expect(f).toEqual({ ...none, categories: ['Men'] })
  })

  it('is case-sensitive about values, as the checkboxes write them', () => {
    expect(parseFilters(new URLSearchParams('category=men')).categories).toEqual([])
  })
})

describe('filtersToSearch', () => {
  it('round-trips and leaves defaults out', () => {
    const f: CatalogFilters = {
      ...none,
      categories: ['Women'],
      subCategories: ['TopWear', 'WinterWear'],
      sort: 'high-low',
      q: 'kurta',
    }
    const search = filtersToSearch(f)
    expect(search.toString()).toBe('category=Women&subCategory=TopWear&subCategory=WinterWear&sort=high-low&q=kurta')
    expect(parseFilters(search)).toEqual(f)
    expect(filtersToSearch({ ...none, q: '  ' }).toString()).toBe('')
  })
})

describe('describeFilters and hasActiveFilters', () => {
  it('names the view', () => {
    expect(describeFilters(none)).toBe('')
    expect(hasActiveFilters(none)).toBe(false)
    expect(hasActiveFilters({ ...none, sort: 'low-high' })).toBe(false)
    const f: CatalogFilters = { ...none, categories: ['Men', 'Kids'], subCategories: ['TopWear'], q: ' polo ' }
    expect(describeFilters(f)).toBe('Men & Kids · TopWear · “polo”')
    expect(hasActiveFilters(f)).toBe(true)
  })
})

describe('sizes, price range and page', () => {
  it('reads sizes in size order without duplicates, a price range and a page', () => {
    const f = parseFilters(
      new URLSearchParams('size=XL&size=S&size=S&size=32&size=4-5Y&minPrice=1000&maxPrice=3000&page=3'),
    )
    expect(f).toMatchObject({ sizes: ['S', 'XL', '4-5Y', '32'], minPrice: 1000, maxPrice: 3000, page: 3 })
  })

  it('is lenient with bad numbers and swaps a reversed range', () => {
    // docs/decisions/025: only products on sale, with sale=1 (anything else is no choice).
    expect(parseFilters(new URLSearchParams('sale=1')).onSale).toBe(true)
    expect(parseFilters(new URLSearchParams('sale=yes')).onSale).toBe(false)
    expect(filtersToSearch({ ...parseFilters(new URLSearchParams('sale=1')) }).toString()).toBe('sale=1')
    expect(parseFilters(new URLSearchParams('minPrice=abc&maxPrice=-5&page=0'))).toMatchObject({
      minPrice: null,
      maxPrice: null,
      page: 1,
    })
    expect(parseFilters(new URLSearchParams('minPrice=5000&maxPrice=1000'))).toMatchObject({
      minPrice: 1000,
      maxPrice: 5000,
    })
    expect(parseFilters(new URLSearchParams('page=99999999999')).page).toBe(1)
    expect(parseFilters(new URLSearchParams('size=<script>&size=M')).sizes).toEqual(['M'])
  })

  it('writes the shortest URL, and parsing it again gives the same view', () => {
    const f: CatalogFilters = { ...none, sizes: ['M', 'L'], minPrice: 500, maxPrice: null, page: 2 }
    expect(collectionHref(f)).toBe('/collection?size=M&size=L&minPrice=500&page=2')
    expect(parseFilters(filtersToSearch(f))).toEqual(f)
    expect(collectionHref(none)).toBe('/collection')
    expect(collectionHref({ ...none, page: 1 })).toBe('/collection')
  })

  it('orders sizes as a shopper reads them', () => {
    expect(['XL', '10-11Y', 'M', '2-3Y', '34', 'XS', '30'].sort(compareSizes)).toEqual([
      'XS',
      'M',
      'XL',
      '2-3Y',
      '10-11Y',
      '30',
      '34',
    ])
  })

  it('names a price range', () => {
    expect(priceRangeLabel({ minPrice: 1000, maxPrice: 3000 })).toBe('Rs 1,000–3,000')
    expect(priceRangeLabel({ minPrice: 1000, maxPrice: null })).toBe('from Rs 1,000')
    expect(priceRangeLabel({ minPrice: null, maxPrice: 2500 })).toBe('up to Rs 2,500')
    expect(priceRangeLabel({ minPrice: null, maxPrice: null })).toBe('')
    expect(describeFilters({ ...none, sizes: ['M', 'L'], maxPrice: 2500 })).toBe('size M or L · up to Rs 2,500')
  })
})

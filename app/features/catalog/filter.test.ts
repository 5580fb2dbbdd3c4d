import { describe, expect, it } from 'vitest'
import type { Category, SubCategory } from '#contracts/catalog.ts'
import {
  describeFilters,
  facetCounts,
  filterProducts,
  filtersToSearch,
  hasActiveFilters,
  parseFilters,
  relatedProducts,
  type CatalogFilters,
} from '#app/features/catalog/filter.ts'

function item(_id: string, category: Category, subCategory: SubCategory, price: number, name = _id) {
  return { _id, name, price, category, subCategory }
}

const catalog = [
  item('a', 'Men', 'TopWear', 3000, 'Men Oxford Shirt'),
  item('b', 'Women', 'TopWear', 1000, 'Women Poplin SHIRT'),
  item('c', 'Kids', 'BottomWear', 2000, 'Kids Joggers'),
  item('d', 'Men', 'WinterWear', 1000, 'Men Hoodie'),
  item('e', 'Women', 'BottomWear', 3000, 'Women Skirt'),
  item('f', 'Kids', 'TopWear', 500, 'Kids T-Shirt'),
]

const none: CatalogFilters = { categories: [], subCategories: [], sort: 'relavent', q: '' }
const ids = (list: { _id: string }[]) => list.map((p) => p._id)

describe('parseFilters', () => {
  it('reads repeated categories and sub-categories, sort and search', () => {
    const f = parseFilters(new URLSearchParams('category=Kids&category=Men&subCategory=TopWear&sort=low-high&q=shirt'))
    expect(f).toEqual({ categories: ['Men', 'Kids'], subCategories: ['TopWear'], sort: 'low-high', q: 'shirt' })
  })

  it('ignores unknown values and duplicates, and defaults the sort to relavent', () => {
    const f = parseFilters(new URLSearchParams('category=Pets&category=Men&category=Men&subCategory=Shoes&sort=cheap'))
    expect(f).toEqual({ categories: ['Men'], subCategories: [], sort: 'relavent', q: '' })
  })

  it('is case-sensitive about values, as the checkboxes write them', () => {
    expect(parseFilters(new URLSearchParams('category=men')).categories).toEqual([])
  })
})

describe('filtersToSearch', () => {
  it('round-trips and leaves defaults out', () => {
    const f: CatalogFilters = {
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

describe('filterProducts', () => {
  it('shows everything in catalog order without filters', () => {
    expect(ids(filterProducts(catalog, none))).toEqual(['a', 'b', 'c', 'd', 'e', 'f'])
  })

  it('combines categories with OR', () => {
    expect(ids(filterProducts(catalog, { ...none, categories: ['Men', 'Kids'] }))).toEqual(['a', 'c', 'd', 'f'])
  })

  it('combines sub-categories with OR', () => {
    expect(ids(filterProducts(catalog, { ...none, subCategories: ['BottomWear', 'WinterWear'] }))).toEqual([
      'c',
      'd',
      'e',
    ])
  })

  it('combines the two groups with AND', () => {
    const f: CatalogFilters = { ...none, categories: ['Men', 'Women'], subCategories: ['TopWear'] }
    expect(ids(filterProducts(catalog, f))).toEqual(['a', 'b'])
  })

  it('searches names case-insensitively by containment, ignoring surrounding spaces', () => {
    expect(ids(filterProducts(catalog, { ...none, q: 'shirt' }))).toEqual(['a', 'b', 'f'])
    expect(ids(filterProducts(catalog, { ...none, q: '  SHIRT ' }))).toEqual(['a', 'b', 'f'])
    expect(ids(filterProducts(catalog, { ...none, q: 'oxford shirt' }))).toEqual(['a'])
    expect(filterProducts(catalog, { ...none, q: 'sari' })).toEqual([])
  })

  it('applies search together with the checkboxes', () => {
    expect(ids(filterProducts(catalog, { ...none, categories: ['Kids'], q: 'shirt' }))).toEqual(['f'])
  })

  it('sorts by price both ways, keeping catalog order among equal prices', () => {
    expect(ids(filterProducts(catalog, { ...none, sort: 'low-high' }))).toEqual(['f', 'b', 'd', 'c', 'a', 'e'])
    expect(ids(filterProducts(catalog, { ...none, sort: 'high-low' }))).toEqual(['a', 'e', 'c', 'b', 'd', 'f'])
  })

  it('does not reorder or change the catalog it is given', () => {
    const copy = [...catalog]
    filterProducts(catalog, { ...none, sort: 'high-low' })
    expect(catalog).toEqual(copy)
  })
})

describe('facetCounts', () => {
  it('counts each choice against the other group and the search', () => {
    expect(facetCounts(catalog, none)).toEqual({
      categories: { Men: 2, Women: 2, Kids: 2 },
      subCategories: { TopWear: 3, BottomWear: 2, WinterWear: 1 },
    })
    const f: CatalogFilters = { ...none, categories: ['Men'], subCategories: ['TopWear'], q: 'shirt' }
    expect(facetCounts(catalog, f)).toEqual({
      categories: { Men: 1, Women: 1, Kids: 1 },
      subCategories: { TopWear: 1, BottomWear: 0, WinterWear: 0 },
    })
  })
})

describe('relatedProducts', () => {
  const many = [
    item('p', 'Men', 'TopWear', 1),
    item('q', 'Men', 'TopWear', 1),
    item('r', 'Men', 'BottomWear', 1),
    item('s', 'Women', 'TopWear', 1),
    item('t', 'Men', 'TopWear', 1),
    item('u', 'Men', 'TopWear', 1),
    item('v', 'Men', 'TopWear', 1),
    item('w', 'Men', 'TopWear', 1),
  ]

  it('answers at most 4 of the same category and sub-category, never the product itself', () => {
    expect(ids(relatedProducts(many, many[0]!))).toEqual(['q', 't', 'u', 'v'])
  })

  it('answers none when nothing else matches', () => {
    expect(relatedProducts(many, many[3]!)).toEqual([])
  })
})

describe('describeFilters and hasActiveFilters', () => {
  it('names the view', () => {
    expect(describeFilters(none)).toBe('')
    expect(hasActiveFilters(none)).toBe(false)
    expect(hasActiveFilters({ ...none, sort: 'low-high' })).toBe(false)
    const f: CatalogFilters = { categories: ['Men', 'Kids'], subCategories: ['TopWear'], sort: 'relavent', q: ' polo ' }
    expect(describeFilters(f)).toBe('Men & Kids · TopWear · “polo”')
    expect(hasActiveFilters(f)).toBe(true)
  })
})

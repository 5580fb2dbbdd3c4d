import { describe, expect, it } from 'vitest'
import type { Category, SubCategory } from '#contracts/catalog.ts'
import { NO_FILTERS, type CatalogFilters } from '#contracts/catalog-filters.ts'
import { facetCounts, filterProducts, relatedProducts } from '#server/catalog/rules.ts'

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

const none: CatalogFilters = NO_FILTERS
const ids = (list: { _id: string }[]) => list.map((p) => p._id)

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
    expect(facetCounts(catalog, none)).toMatchObject({
      categories: { Men: 2, Women: 2, Kids: 2 },
      subCategories: { TopWear: 3, BottomWear: 2, WinterWear: 1 },
    })
    const f: CatalogFilters = { ...none, categories: ['Men'], subCategories: ['TopWear'], q: 'shirt' }
    expect(facetCounts(catalog, f)).toMatchObject({
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

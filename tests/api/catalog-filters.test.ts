import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAGE_SIZE } from '#contracts/catalog-filters.ts'
import { createTestStore, databases, type TestStore } from '#tests/api/harness.ts'
import { browse, ids, idsOf, item, summaryOf } from '#tests/api/catalog-queries.ts'

// The catalog's filters, sorts and facets answered by SQL (docs/decisions/009), over HTTP
// on each database. The catalog is small and hand-made, so every expected order and count is known.

/**
 * The catalog of the former in-memory rules test (filters, sorts and facets), with sizes:
 *   a Men   TopWear    3000  S M L
 *   b Women TopWear    1000  XS S M
 *   c Kids  BottomWear 2000  4-5Y 6-7Y
 *   d Men   WinterWear 1000  M L XL XXL
 *   e Women BottomWear 3000  28 30
 *   f Kids  TopWear     500  2-3Y 4-5Y
 */
const rulesCatalog = [
  item('a', 'Men', 'TopWear', 3000, 'Men Oxford Shirt', ['S', 'M', 'L']),
  item('b', 'Women', 'TopWear', 1000, 'Women Poplin SHIRT', ['XS', 'S', 'M']),
  item('c', 'Kids', 'BottomWear', 2000, 'Kids Joggers', ['4-5Y', '6-7Y']),
  item('d', 'Men', 'WinterWear', 1000, 'Men Hoodie', ['M', 'L', 'XL', 'XXL']),
  item('e', 'Women', 'BottomWear', 3000, 'Women Skirt', ['28', '30']),
  item('f', 'Kids', 'TopWear', 500, 'Kids T-Shirt', ['2-3Y', '4-5Y']),
]

describe.each(databases)('catalog queries (%s)', (kind) => {
  describe('filters, sorts and facets of GET /api/products', () => {
    let store: TestStore
    beforeAll(async () => {
      store = await createTestStore(kind, { catalog: rulesCatalog })
    })
    afterAll(() => store.close())

    it('answers every product in catalog order, as summaries, without filters', async () => {
      const page = await browse(store)
      expect(page).toStrictEqual({
        items: rulesCatalog.map(summaryOf),
        total: 6,
        page: 1,
        pageSize: PAGE_SIZE,
        facets: expect.any(Object) as object,
      })
    })

    it('combines categories with OR', async () => {
      expect(await idsOf(store, 'category=Men&category=Kids')).toEqual(['a', 'c', 'd', 'f'])
      // Order in the URL and repeats do not matter.
      expect(await idsOf(store, 'category=Kids&category=Men&category=Kids')).toEqual(['a', 'c', 'd', 'f'])
      expect(await idsOf(store, 'category=Women')).toEqual(['b', 'e'])
    })

    it('combines sub-categories with OR', async () => {
      expect(await idsOf(store, 'subCategory=BottomWear&subCategory=WinterWear')).toEqual(['c', 'd', 'e'])
      expect(await idsOf(store, 'subCategory=TopWear')).toEqual(['a', 'b', 'f'])
    })

    it('combines the two groups with AND', async () => {
      expect(await idsOf(store, 'category=Men&category=Women&subCategory=TopWear')).toEqual(['a', 'b'])
      expect(await idsOf(store, 'category=Kids&subCategory=WinterWear')).toEqual([])
    })

    it('filters by size: products offering any of the sizes, repeated params allowed', async () => {
      expect(await idsOf(store, 'size=M')).toEqual(['a', 'b', 'd'])
      expect(await idsOf(store, 'size=4-5Y')).toEqual(['c', 'f'])
      expect(await idsOf(store, 'size=XS&size=30')).toEqual(['b', 'e'])
      expect(await idsOf(store, 'size=M&size=4-5Y&size=M')).toEqual(['a', 'b', 'c', 'd', 'f'])
      expect(await idsOf(store, 'size=XXXL')).toEqual([])
      expect(await idsOf(store, 'size=M&category=Men&subCategory=WinterWear')).toEqual(['d'])
    })

    it('filters by price, both bounds inclusive', async () => {
      expect(await idsOf(store, 'minPrice=1000&maxPrice=2000')).toEqual(['b', 'c', 'd'])
      expect(await idsOf(store, 'minPrice=3000')).toEqual(['a', 'e'])
      expect(await idsOf(store, 'maxPrice=500')).toEqual(['f'])
      expect(await idsOf(store, 'maxPrice=499')).toEqual([])
      expect(await idsOf(store, 'minPrice=1000&maxPrice=1000')).toEqual(['b', 'd'])
      expect(await idsOf(store, 'minPrice=0')).toEqual(['a', 'b', 'c', 'd', 'e', 'f'])
      expect(await idsOf(store, 'minPrice=1500&category=Women')).toEqual(['e'])
    })

    it('searches names case-insensitively by containment, ignoring surrounding spaces', async () => {
      expect(await idsOf(store, 'q=shirt')).toEqual(['a', 'b', 'f'])
      expect(await idsOf(store, `q=${encodeURIComponent('  SHIRT ')}`)).toEqual(['a', 'b', 'f'])
      expect(await idsOf(store, 'q=ShIrT')).toEqual(['a', 'b', 'f'])
      expect(await idsOf(store, `q=${encodeURIComponent('oxford shirt')}`)).toEqual(['a'])
      expect(await idsOf(store, `q=${encodeURIComponent('  Oxford   SHIRT  ')}`)).toEqual(['a'])
      // Containment inside a word, and fragments shorter than a trigram.
      expect(await idsOf(store, 'q=ogge')).toEqual(['c'])
      expect(await idsOf(store, 'q=KI')).toEqual(['c', 'e', 'f'])
      expect(await idsOf(store, 'q=t-shirt')).toEqual(['f', 'a', 'b'])
      // Only spaces is no search at all.
      expect(await idsOf(store, `q=${encodeURIComponent('   ')}`)).toEqual(['a', 'b', 'c', 'd', 'e', 'f'])
    })

    it('answers a search that matches nothing with total 0', async () => {
      for (const q of ['sari', 'zzzzqqq', 'oxford%20sari', 'sweater']) {
        const page = await browse(store, `q=${q}`)
        expect(page.items, q).toEqual([])
        expect(page.total, q).toBe(0)
      }
    })

    it('applies search together with the checkboxes', async () => {
      expect(await idsOf(store, 'category=Kids&q=shirt')).toEqual(['f'])
      expect(await idsOf(store, 'category=Women&subCategory=TopWear&q=shirt')).toEqual(['b'])
      expect(await idsOf(store, 'q=shirt&maxPrice=1000')).toEqual(['b', 'f'])
      expect(await idsOf(store, 'q=shirt&size=S')).toEqual(['a', 'b'])
      expect(await idsOf(store, 'q=shirt&subCategory=BottomWear')).toEqual([])
    })

    it('sorts by price both ways, keeping catalog order among equal prices', async () => {
      expect(await idsOf(store, 'sort=low-high')).toEqual(['f', 'b', 'd', 'c', 'a', 'e'])
      expect(await idsOf(store, 'sort=high-low')).toEqual(['a', 'e', 'c', 'b', 'd', 'f'])
      expect(await idsOf(store, 'sort=relavent')).toEqual(['a', 'b', 'c', 'd', 'e', 'f'])
      expect(await idsOf(store, 'sort=low-high&category=Men&category=Women')).toEqual(['b', 'd', 'a', 'e'])
      expect(await idsOf(store, 'sort=high-low&q=shirt')).toEqual(['a', 'b', 'f'])
    })

    describe('facets', () => {
      const allSizes = [
        { size: 'XS', count: 1 },
        { size: 'S', count: 2 },
        { size: 'M', count: 3 },
        { size: 'L', count: 2 },
        { size: 'XL', count: 1 },
        { size: 'XXL', count: 1 },
        { size: '2-3Y', count: 1 },
        { size: '4-5Y', count: 2 },
        { size: '6-7Y', count: 1 },
        { size: '28', count: 1 },
        { size: '30', count: 1 },
      ]

      it('counts the whole catalog without filters, sizes from small to large', async () => {
        expect((await browse(store)).facets).toStrictEqual({
          categories: { Men: 2, Women: 2, Kids: 2 },
          subCategories: { TopWear: 3, BottomWear: 2, WinterWear: 1 },
          sizes: allSizes,
          price: { min: 500, max: 3000 },
          onSale: 0,
          rated: 0,
        })
      })

      it('counts each choice against the other groups and the search', async () => {
        const page = await browse(store, 'category=Men&subCategory=TopWear&q=shirt')
        expect(page.total).toBe(1)
        expect(page.facets).toStrictEqual({
          // TopWear and "shirt", any category: a, b, f.
          categories: { Men: 1, Women: 1, Kids: 1 },
          // Men and "shirt", any sub-category: a.
          subCategories: { TopWear: 1, BottomWear: 0, WinterWear: 0 },
          sizes: [
            { size: 'S', count: 1 },
            { size: 'M', count: 1 },
            { size: 'L', count: 1 },
          ],
          price: { min: 3000, max: 3000 },
          onSale: 0,
          rated: 0,
        })
      })

      it('counts categories ignoring the category choice but applying the sub-categories', async () => {
        const one = await browse(store, 'category=Kids')
        const two = await browse(store, 'category=Kids&category=Women')
        for (const page of [one, two]) {
          expect(page.facets.categories).toStrictEqual({ Men: 2, Women: 2, Kids: 2 })
        }
        expect(one.facets.subCategories).toStrictEqual({ TopWear: 1, BottomWear: 1, WinterWear: 0 })
        expect(two.facets.subCategories).toStrictEqual({ TopWear: 2, BottomWear: 2, WinterWear: 0 })
        const sub = await browse(store, 'subCategory=BottomWear')
        expect(sub.facets.categories).toStrictEqual({ Men: 0, Women: 1, Kids: 1 })
        expect(sub.facets.subCategories).toStrictEqual({ TopWear: 3, BottomWear: 2, WinterWear: 1 })
      })

      it('applies the size choice to the other counts but not to the size counts', async () => {
        const page = await browse(store, 'size=M')
        expect(page.total).toBe(3)
        expect(page.facets).toStrictEqual({
          categories: { Men: 2, Women: 1, Kids: 0 },
          subCategories: { TopWear: 2, BottomWear: 0, WinterWear: 1 },
          sizes: allSizes,
          price: { min: 1000, max: 3000 },
          onSale: 0,
          rated: 0,
        })
      })

      it('applies the price bounds to the counts but not to the price span', async () => {
        const page = await browse(store, 'minPrice=1500')
        expect(page.total).toBe(3)
        expect(page.facets).toStrictEqual({
          categories: { Men: 1, Women: 1, Kids: 1 },
          subCategories: { TopWear: 1, BottomWear: 2, WinterWear: 0 },
          sizes: [
            { size: 'S', count: 1 },
            { size: 'M', count: 1 },
            { size: 'L', count: 1 },
            { size: '4-5Y', count: 1 },
            { size: '6-7Y', count: 1 },
            { size: '28', count: 1 },
            { size: '30', count: 1 },
          ],
          price: { min: 500, max: 3000 },
          onSale: 0,
          rated: 0,
        })
      })

      it('counts a search with price bounds and sizes the same way (decision 009)', async () => {
        // "shirt": a, b, f. Priced from 800 in TopWear: a, b.
        const priced = await browse(store, 'q=shirt&minPrice=800&subCategory=TopWear')
        expect(priced.total).toBe(2)
        expect(priced.facets).toStrictEqual({
          categories: { Men: 1, Women: 1, Kids: 0 },
          subCategories: { TopWear: 2, BottomWear: 0, WinterWear: 0 },
          sizes: [
            { size: 'XS', count: 1 },
            { size: 'S', count: 2 },
            { size: 'M', count: 2 },
            { size: 'L', count: 1 },
          ],
          price: { min: 500, max: 3000 },
          onSale: 0,
          rated: 0,
        })
        // In size S (a, b), up to 2000: b.
        const sized = await browse(store, 'q=shirt&size=S&maxPrice=2000')
        expect(sized.total).toBe(1)
        expect(sized.facets).toStrictEqual({
          categories: { Men: 0, Women: 1, Kids: 0 },
          subCategories: { TopWear: 1, BottomWear: 0, WinterWear: 0 },
          sizes: [
            { size: 'XS', count: 1 },
            { size: 'S', count: 1 },
            { size: 'M', count: 1 },
            { size: '2-3Y', count: 1 },
            { size: '4-5Y', count: 1 },
          ],
          price: { min: 1000, max: 3000 },
          onSale: 0,
          rated: 0,
        })
      })

      it('spans the price of what the other filters select', async () => {
        const page = await browse(store, 'category=Kids&maxPrice=600')
        expect(ids(page.items)).toEqual(['f'])
        expect(page.facets).toStrictEqual({
          categories: { Men: 0, Women: 0, Kids: 1 },
          subCategories: { TopWear: 1, BottomWear: 0, WinterWear: 0 },
          sizes: [
            { size: '2-3Y', count: 1 },
            { size: '4-5Y', count: 1 },
          ],
          price: { min: 500, max: 2000 },
          onSale: 0,
          rated: 0,
        })
      })

      it('keeps the price span when only the price bounds exclude everything', async () => {
        const page = await browse(store, 'minPrice=5000')
        expect(page.total).toBe(0)
        expect(page.facets).toStrictEqual({
          categories: { Men: 0, Women: 0, Kids: 0 },
          subCategories: { TopWear: 0, BottomWear: 0, WinterWear: 0 },
          sizes: [],
          price: { min: 500, max: 3000 },
          onSale: 0,
          rated: 0,
        })
      })

      it('answers a null price span and only sizes with a count when nothing matches', async () => {
        const none = await browse(store, 'q=sari')
        expect(none.facets).toStrictEqual({
          categories: { Men: 0, Women: 0, Kids: 0 },
          subCategories: { TopWear: 0, BottomWear: 0, WinterWear: 0 },
          sizes: [],
          price: null,
          onSale: 0,
          rated: 0,
        })
        const empty = await browse(store, 'category=Kids&subCategory=WinterWear')
        expect(empty.total).toBe(0)
        expect(empty.facets).toStrictEqual({
          categories: { Men: 1, Women: 0, Kids: 0 },
          subCategories: { TopWear: 1, BottomWear: 1, WinterWear: 0 },
          sizes: [],
          price: null,
          onSale: 0,
          rated: 0,
        })
      })

      it('answers the same facets on every page and sort of a view', async () => {
        const first = await browse(store, 'q=shirt&limit=1')
        const second = await browse(store, 'q=shirt&limit=1&page=2&sort=high-low')
        expect(second.facets).toStrictEqual(first.facets)
        expect([first.total, second.total]).toEqual([3, 3])
      })
    })
  })
})

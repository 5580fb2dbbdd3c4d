import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductSummary } from '#contracts/catalog.ts'
import { NO_FILTERS } from '#contracts/catalog-filters.ts'
import { createCatalogService } from '#server/catalog/service.ts'
import { createTestStore, databases, type TestStore } from '#tests/api/harness.ts'
import { makeProduct } from '#tests/support/factories.ts'
import { browse, ids, idsOf, summaryOf } from '#tests/api/catalog-queries.ts'

// The catalog's forgiving search and the search field's suggestions, answered by SQL
// (docs/decisions/009), over HTTP on each database. Each catalog is small and hand-made,
// so every expected order and count is known.

describe.each(databases)('catalog queries (%s)', (kind) => {
  describe('forgiving search', () => {
    const jeans = [
      'Men Slim Jeans',
      'Women Mom Jeans',
      'Kids Jeans',
      'Men Straight Jeans',
      'Women Bootcut Jeans',
      'Men Relaxed Jeans',
      'Women Skinny Jeans',
    ]
    const catalog = [
      makeProduct({ id: 'oxford-shirt', name: 'Men Oxford Shirt', price: 2499 }),
      makeProduct({ id: 'cargo-shorts', name: 'Men Cargo Shorts', price: 1999, subCategory: 'BottomWear' }),
      makeProduct({ id: 'denim-jacket', name: 'Women Denim Jacket', price: 5999, category: 'Women' }),
      ...jeans.map((name, i) =>
        makeProduct({ id: `jeans-${i}`, name, price: 3000 + i * 100, subCategory: 'BottomWear' }),
      ),
      makeProduct({ id: 'linen-kurta', name: 'Men Linen Kurta', price: 2899 }),
      makeProduct({ id: 'kids-tee', name: 'Kids T-Shirt', price: 799, category: 'Kids' }),
      makeProduct({ id: 'denim-skirt', name: 'Women Denim Skirt', price: 2799, category: 'Women' }),
      makeProduct({ id: 'puffer-jacket', name: 'Kids Puffer Jacket', price: 4599, category: 'Kids' }),
      makeProduct({ id: 'jeans-last', name: 'Men Tapered Jeans', price: 3999, subCategory: 'BottomWear' }),
      makeProduct({ id: 'creme-sweater', name: 'Women CRÈME Sweater', price: 3499, category: 'Women' }),
    ]
    const jeansIds = catalog.filter((p) => p.name.endsWith('Jeans')).map((p) => p.id)

    let store: TestStore
    beforeAll(async () => {
      store = await createTestStore(kind, { catalog })
    })
    afterAll(() => store.close())

    const search = (q: string, rest = '') => idsOf(store, `q=${encodeURIComponent(q)}${rest}`)

    it('finds a near miss of a catalog word', async () => {
      expect(jeansIds).toHaveLength(8)
      expect(await search('jeens')).toEqual(jeansIds)
      expect(await search('JEENS')).toEqual(jeansIds)
      expect(await search('kurtaa')).toEqual(['linen-kurta'])
      expect(await search('krta')).toEqual(['linen-kurta'])
      expect(await search('slim jeens')).toEqual(['jeans-0'])
    })

    it('finds a word the shopper is still typing, one letter off', async () => {
      expect(await search('jakc')).toEqual(['denim-jacket', 'puffer-jacket'])
      expect(await search('jack')).toEqual(['denim-jacket', 'puffer-jacket'])
    })

    it('never fuzzes a word the catalog contains', async () => {
      expect(await search('shirt')).toEqual(['oxford-shirt', 'kids-tee'])
      expect(await search('shorts')).toEqual(['cargo-shorts'])
      expect(await search('skirt')).toEqual(['denim-skirt'])
    })

    it('applies the filters and sorts to a forgiving search', async () => {
      expect(await search('jeens', '&category=Kids')).toEqual([])
      expect(await search('jeens', '&maxPrice=3200')).toEqual(['jeans-0', 'jeans-1', 'jeans-2'])
      const byPrice = catalog
        .filter((p) => jeansIds.includes(p.id))
        .sort((x, y) => y.price - x.price)
        .map((p) => p.id)
      expect(await search('jeens', '&sort=high-low')).toEqual(byPrice)
    })

    it('ranks names containing the whole search first under the default sort', async () => {
      // "t-shirt" is no catalog word, so it is read as a near miss of "shirt" as well:
      // the name containing "t-shirt" comes first, then the others in catalog order.
      expect(await search('t-shirt')).toEqual(['kids-tee', 'oxford-shirt'])
      expect(await search('T-SHIRT', '&sort=relavent')).toEqual(['kids-tee', 'oxford-shirt'])
      // Price sorts ignore the ranking.
      expect(await search('t-shirt', '&sort=high-low')).toEqual(['oxford-shirt', 'kids-tee'])
      // Every hit contains "denim": catalog order.
      expect(await search('denim')).toEqual(['denim-jacket', 'denim-skirt'])
      expect(await search('denim jacket')).toEqual(['denim-jacket'])
      // Across words and punctuation (on PostgreSQL, also asked of the name joined: decision 009).
      expect(await search('kids t-sh')).toEqual(['kids-tee'])
      expect(await search('denim  JA')).toEqual(['denim-jacket'])
    })

    describe('a ranked search over several pages', () => {
      // Names with the whole search ("blue shirt") and names with both words apart, interleaved.
      const names = [
        'Men Blue Oxford Shirt',
        'Men Blue Shirt',
        'Women Blue Linen Shirt',
        'Kids Blue Shirt',
        'Men Blue Checked Shirt',
        'Women Blue Shirt Dress',
        'Men Blue Shirt Jacket',
        'Kids Blue Striped Shirt',
      ]
      const ranked = [1, 3, 5, 6, 0, 2, 4, 7].map((i) => `blue-${i}`)
      let shirts: TestStore
      beforeAll(async () => {
        shirts = await createTestStore(kind, {
          catalog: names.map((name, i) => makeProduct({ id: `blue-${i}`, name, price: 1000 + i })),
        })
      })
      afterAll(() => shirts.close())

      it('pages through the whole-search names first, then the rest, each exactly once in catalog order', async () => {
        for (const limit of [1, 2, 3, 5, 8]) {
          const seen: string[] = []
          for (let page = 1; seen.length < ranked.length && page <= 10; page++) {
            const view = await browse(shirts, `q=blue%20shirt&limit=${limit}&page=${page}`)
            expect(view.total).toBe(ranked.length)
            seen.push(...ids(view.items))
          }
          expect(seen, `limit ${limit}`).toEqual(ranked)
          expect((await browse(shirts, `q=blue%20shirt&limit=${limit}&page=20`)).items).toEqual([])
        }
        const res = await shirts.fetch('/api/product/suggest?q=blue%20shirt')
        expect(ids(((await res.json()) as { items: ProductSummary[] }).items)).toEqual(ranked.slice(0, 6))
      })

      it('pages the same when SQLite walks only the first few products before it gathers (decision 009)', async () => {
        const { db, dialect } = shirts.connection
        for (const walkFirst of [1, 2, 3, 5]) {
          const catalog = createCatalogService(db, dialect, { walkFirst })
          for (const limit of [1, 2, 3, 5]) {
            const seen: string[] = []
            for (let page = 1; seen.length < ranked.length && page <= 10; page++)
              seen.push(...ids((await catalog.browse({ ...NO_FILTERS, q: 'blue shirt', page }, limit)).items))
            expect(seen, `walkFirst ${walkFirst}, limit ${limit}`).toEqual(ranked)
          }
          expect(ids(await catalog.suggest('blue shirt')), `walkFirst ${walkFirst}`).toEqual(ranked.slice(0, 6))
          expect(ids(await catalog.suggest('blue sh', 3)), `walkFirst ${walkFirst}`).toEqual(ranked.slice(0, 3))
          expect(ids(await catalog.suggest('kids blue')), `walkFirst ${walkFirst}`).toEqual(['blue-3', 'blue-7'])
        }
      })
    })

    it('matches letters beyond ASCII case-insensitively too', async () => {
      for (const q of ['CRÈME', 'Crème', 'crème', 'crè', 'ème sweater']) {
        expect(await search(q), q).toEqual(['creme-sweater'])
      }
    })

    it('answers nothing for a word that is nothing like the catalog', async () => {
      const page = await browse(store, 'q=xylophone')
      expect([page.total, page.items, page.facets.price]).toEqual([0, [], null])
      expect(await search('jeens xylophone')).toEqual([])
    })

    describe('GET /api/product/suggest', () => {
      async function suggest(q: string) {
        const res = await store.fetch(`/api/product/suggest?q=${encodeURIComponent(q)}`)
        expect(res.status).toBe(200)
        return (await res.json()) as { items: ProductSummary[] }
      }

      it('answers at most 6 summaries of names containing the text', async () => {
        const body = await suggest('jea')
        expect(Object.keys(body)).toEqual(['items'])
        expect(body.items).toStrictEqual(
          catalog
            .filter((p) => jeansIds.includes(p.id))
            .slice(0, 6)
            .map(summaryOf),
        )
        for (const s of body.items)
          expect(Object.keys(s).sort()).toEqual(['_id', 'compareAtPrice', 'image1', 'name', 'nameUr', 'price'])
      })

      it('forgives typing and ranks whole matches first', async () => {
        expect(ids((await suggest('jeens')).items)).toEqual(jeansIds.slice(0, 6))
        expect(ids((await suggest('t-shirt')).items)).toEqual(['kids-tee', 'oxford-shirt'])
        expect(ids((await suggest('  KURTA ')).items)).toEqual(['linen-kurta'])
        expect((await suggest('xylophone')).items).toEqual([])
      })

      it('answers nothing for fewer than 2 characters', async () => {
        for (const q of ['', 'j', '  j  ', '   ']) expect(await suggest(q), q).toEqual({ items: [] })
        const res = await store.fetch('/api/product/suggest')
        expect(res.status).toBe(200)
        expect(await res.json()).toEqual({ items: [] })
        expect(ids((await suggest('je')).items)).toEqual(jeansIds.slice(0, 6))
      })

      it('refuses a text over 100 characters with 400', async () => {
        const res = await store.fetch(`/api/product/suggest?q=${'j'.repeat(101)}`)
        expect(res.status).toBe(400)
        expect(((await res.json()) as { message: string }).message).toMatch(/\bq\b/)
        expect(await suggest('j'.repeat(100))).toEqual({ items: [] })
      })
    })
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAGE_SIZE } from '#contracts/catalog-filters.ts'
import { MAX_PAGE_SIZE } from '#contracts/product-query.ts'
import * as repo from '#server/catalog/repository.ts'
import { createTestStore, databases, type TestStore } from '#tests/api/harness.ts'
import { makeProduct } from '#tests/support/factories.ts'
import { browse, ids, idsOf, type Page } from '#tests/api/catalog-queries.ts'

// The catalog's pages answered by SQL (docs/decisions/009), over HTTP on each database:
// stable price sorts across pages, and the edges of paging. Each catalog is small and
// hand-made, so every expected order and count is known.

describe.each(databases)('catalog queries (%s)', (kind) => {
  describe('stable price sorts across pages', () => {
    // 30 products on four prices: many ties, which must keep catalog order on every page.
    const prices = [1500, 999, 1500, 2500, 999, 1500, 1500, 999, 2500, 1500]
    const catalog = Array.from({ length: 30 }, (_, i) =>
      makeProduct({
        id: `tee-${String(i).padStart(2, '0')}`,
        name: `Plain Tee ${i}`,
        price: i === 17 ? 4000 : prices[i % prices.length]!,
        category: i % 3 === 0 ? 'Women' : 'Men',
      }),
    )
    const inCatalogOrder = catalog.map((p) => p.id)
    // Array.prototype.sort is stable: ties keep catalog order.
    const lowHigh = [...catalog].sort((x, y) => x.price - y.price).map((p) => p.id)
    const highLow = [...catalog].sort((x, y) => y.price - x.price).map((p) => p.id)

    let store: TestStore
    beforeAll(async () => {
      store = await createTestStore(kind, { catalog })
    })
    afterAll(() => store.close())

    /** Every page of a view, checking each page's bookkeeping. */
    async function allPages(query: string, limit: number): Promise<{ pages: string[][]; total: number }> {
      const pages: string[][] = []
      let total = -1
      for (let n = 1; n <= 50; n++) {
        const page = await browse(store, `${query}&limit=${limit}&page=${n}`)
        expect(page.page).toBe(n)
        expect(page.pageSize).toBe(limit)
        if (total === -1) total = page.total
        expect(page.total).toBe(total)
        if (page.items.length === 0) break
        expect(page.items.length).toBeLessThanOrEqual(limit)
        pages.push(ids(page.items))
      }
      return { pages, total }
    }

    it.each([
      ['low-high', () => lowHigh],
      ['high-low', () => highLow],
      ['relavent', () => inCatalogOrder],
    ])('pages through sort=%s without swaps, duplicates or gaps', async (sort, expected) => {
      const { pages, total } = await allPages(`sort=${sort}`, 7)
      expect(total).toBe(30)
      expect(pages.map((p) => p.length)).toEqual([7, 7, 7, 7, 2])
      const seen = pages.flat()
      expect(new Set(seen).size).toBe(30)
      expect(seen).toEqual(expected())
      // One page holding everything agrees with the pages.
      expect(ids((await browse(store, `sort=${sort}&limit=30`)).items)).toEqual(expected())
    })

    it('pages a filtered price sort the same way', async () => {
      const men = catalog.filter((p) => p.category === 'Men')
      const expected = [...men].sort((x, y) => y.price - x.price).map((p) => p.id)
      const { pages, total } = await allPages('category=Men&sort=high-low', 3)
      expect(total).toBe(men.length)
      expect(pages.flat()).toEqual(expected)
    })

    it('answers the same pages whether it walks the order or gathers the matches (decision 009)', async () => {
      const { db, dialect } = store.connection
      const none = { categories: [], subCategories: [], sizes: [], minPrice: null, maxPrice: null, nameGroups: [] }
      for (const selection of [
        none,
        { ...none, categories: ['Women'] },
        { ...none, minPrice: 999, maxPrice: 1500 },
        { ...none, sizes: ['M'], categories: ['Men'] },
        { ...none, nameGroups: [['tee 1']] },
        // Words the trigram index answers, a word it does not (under three letters), a
        // word with its corrections, and the rest of a ranked search.
        { ...none, nameGroups: [['plain'], ['tee 2']] },
        { ...none, nameGroups: [['tee'], ['1']] },
        { ...none, nameGroups: [['tea', 'tee']], categories: ['Women'] },
        { ...none, nameGroups: [['tee'], ['1']], notContaining: 'tee 1' },
      ])
        for (const sort of ['position', 'price-asc', 'price-desc'] as const)
          for (const offset of [0, 5, 25]) {
            const page = (walk: boolean) =>
              repo
                .pageOf(db, dialect, selection, { sort, limit: 5, offset, walk })
                .then((rows) => rows.map((r) => r.id))
            expect(await page(true), `${JSON.stringify(selection)} ${sort} ${offset}`).toEqual(await page(false))
          }
    })

    it('answers a walk of the first products only with the start of the page they hold (decision 009)', async () => {
      // Its own catalog: the walk counts products on sale only, and positions may tie.
      const tees = await createTestStore(kind, {
        catalog: Array.from({ length: 12 }, (_, i) =>
          makeProduct({
            id: `tee-${String(i).padStart(2, '0')}`,
            name: `Plain Tee ${i}`,
            category: i % 3 ? 'Men' : 'Women',
          }),
        ),
      })
      try {
        const { db, dialect } = tees.connection
        await db.updateTable('products').set({ archived: 1 }).where('id', '=', 'tee-01').execute()
        const { position } = await db
          .selectFrom('products')
          .select('position')
          .where('id', '=', 'tee-02')
          .executeTakeFirstOrThrow()
        await db.updateTable('products').set({ position }).where('id', '=', 'tee-03').execute()
        const none = { categories: [], subCategories: [], sizes: [], minPrice: null, maxPrice: null, nameGroups: [] }
        const page = (selection: repo.Selection, offset: number, within?: number) =>
          repo
            .pageOf(db, dialect, selection, {
              sort: 'position',
              limit: 3,
              offset,
              walk: true,
              ...(within && { within }),
            })
            .then((rows) => rows.map((r) => r.id))
        for (const selection of [
          none,
          { ...none, categories: ['Women'] },
          { ...none, nameGroups: [['tee 1']] },
          { ...none, nameGroups: [['tee'], ['1']], notContaining: 'tee 1' },
        ])
          for (const offset of [0, 2])
            for (const within of [1, 2, 3, 4, 6, 10, 11, 12]) {
              const at = `${JSON.stringify(selection)} ${offset} within ${within}`
              const whole = await page(selection, offset)
              const walked = await page(selection, offset, within)
              // The first products on sale begin the catalog's order: their matches begin its matches.
              expect(walked, at).toEqual(whole.slice(0, walked.length))
              // 11 are on sale: a walk of 11 or more is the whole catalog.
              if (within >= 11) expect(walked, at).toEqual(whole)
            }
        // On sale, in order: tee-00, then tee-02 and tee-03 (one position), tee-04…
        // The first 2 end at that position, so both products of it are walked.
        expect(await page(none, 0, 2)).toEqual(['tee-00', 'tee-02', 'tee-03'])
        expect(await page(none, 0, 1)).toEqual(['tee-00'])
        // Among the first 4 on sale (tee-00 to tee-04, tee-01 archived), Women are tee-00 and tee-03.
        expect(await page({ ...none, categories: ['Women'] }, 0, 4)).toEqual(['tee-00', 'tee-03'])
      } finally {
        await tees.close()
      }
    })

    it('answers the same page the same way every time', async () => {
      const once = await browse(store, 'sort=low-high&limit=7&page=3')
      for (let i = 0; i < 3; i++) expect(await browse(store, 'sort=low-high&limit=7&page=3')).toStrictEqual(once)
    })

    describe('pagination edges', () => {
      it('answers pages of 24 by default', async () => {
        const first = await browse(store)
        expect([first.items.length, first.pageSize, first.total]).toEqual([24, PAGE_SIZE, 30])
        const second = await browse(store, 'page=2')
        expect(ids(second.items)).toEqual(inCatalogOrder.slice(24))
      })

      it('answers a page past the end with no items and the right total', async () => {
        for (const query of ['page=6&limit=7', 'page=3', 'page=100000', 'page=999999999&limit=60']) {
          const res = await store.fetch(`/api/products?${query}`)
          expect(res.status, query).toBe(200)
          const page = (await res.json()) as Page
          expect(page.items, query).toEqual([])
          expect(page.total, query).toBe(30)
        }
        const past = await browse(store, 'page=6&limit=7&sort=high-low')
        expect([past.page, past.pageSize, past.total, past.items]).toEqual([6, 7, 30, []])
      })

      it('lowers a limit above the cap to 60', async () => {
        for (const limit of [61, 1000, 999999999]) {
          const page = await browse(store, `limit=${limit}`)
          expect(page.pageSize).toBe(MAX_PAGE_SIZE)
          expect(page.pageSize).toBe(60)
          expect(ids(page.items)).toEqual(inCatalogOrder)
        }
        expect((await browse(store, 'limit=60')).pageSize).toBe(60)
        expect((await browse(store, 'limit=1')).items.length).toBe(1)
      })

      const refused: [query: string, parameter: string][] = [
        ['page=0', 'page'],
        ['page=-1', 'page'],
        ['page=abc', 'page'],
        ['page=1.5', 'page'],
        ['page=1e3', 'page'],
        ['limit=0', 'limit'],
        ['limit=1.5', 'limit'],
        ['limit=-5', 'limit'],
        ['minPrice=abc', 'minPrice'],
        ['minPrice=-1', 'minPrice'],
        ['maxPrice=12.5', 'maxPrice'],
        ['minPrice=3000&maxPrice=1000', 'minPrice'],
        ['category=Unknown', 'category'],
        ['category=men', 'category'],
        ['category=Men&category=Unknown', 'category'],
        ['subCategory=Shoes', 'subCategory'],
        ['size=%3Cscript%3E', 'size'],
        ['sort=cheap', 'sort'],
        [`q=${'a'.repeat(101)}`, 'q'],
        // More values than the store has sizes.
        [Array.from({ length: 21 }, (_, i) => `size=${i + 20}`).join('&'), 'size'],
      ]
      it.each(
        refused.map(([query, parameter]) => [query.length > 40 ? `${query.slice(0, 37)}...` : query, query, parameter]),
      )('answers %s with 400 naming the parameter', async (_label, query, parameter) => {
        const res = await store.fetch(`/api/products?${query}`)
        expect(res.status).toBe(400)
        const body = (await res.json()) as { message: string }
        expect(typeof body.message).toBe('string')
        expect(body.message).toMatch(new RegExp(`\\b${parameter}\\b`))
      })

      it('accepts repeats of a known value, however many', async () => {
        // The repeats name three categories; a client repeating one is not refused.
        const men = catalog.filter((p) => p.category === 'Men').map((p) => p.id)
        expect(await idsOf(store, 'category=Men&category=Women&category=Kids&category=Men&limit=60')).toEqual(
          inCatalogOrder,
        )
        expect(await idsOf(store, `${'category=Men&'.repeat(4)}limit=60`)).toEqual(men)
        expect(await idsOf(store, `${'size=M&'.repeat(21)}limit=60`)).toEqual(inCatalogOrder)
      })

      it('accepts a search of exactly 100 characters', async () => {
        const page = await browse(store, `q=${'a'.repeat(100)}`)
        expect([page.total, page.items]).toEqual([0, []])
      })

      it('ignores empty parameters', async () => {
        expect(await idsOf(store, 'q=&minPrice=&maxPrice=&sort=&page=&limit=60')).toEqual(inCatalogOrder)
      })
    })
  })
})

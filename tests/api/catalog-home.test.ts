import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '#contracts/catalog.ts'
import type { DemoProduct } from '#demo/catalog-types.ts'
import { demoProducts } from '#demo/seed.ts'
import { createTestStore, databases, type TestStore } from '#tests/api/harness.ts'
import { ids, item, summaryOf } from '#tests/api/catalog-queries.ts'

// The home page's and the product page's catalog queries of the service (latest, best
// sellers, related), on each database.

describe.each(databases)('catalog queries (%s)', (kind) => {
  describe('home and related queries of the service', () => {
    // The former rules test's related catalog, with best sellers.
    const many = [
      item('p', 'Men', 'TopWear', 1, 'P', ['M']),
      item('q', 'Men', 'TopWear', 1, 'Q', ['M']),
      item('r', 'Men', 'BottomWear', 1, 'R', ['M']),
      item('s', 'Women', 'TopWear', 1, 'S', ['M']),
      item('t', 'Men', 'TopWear', 1, 'T', ['M']),
      item('u', 'Men', 'TopWear', 1, 'U', ['M']),
      item('v', 'Men', 'TopWear', 1, 'V', ['M']),
      item('w', 'Men', 'TopWear', 1, 'W', ['M']),
    ].map((p) => ({ ...p, bestSeller: ['q', 's', 'u', 'w'].includes(p.id) }))

    let store: TestStore
    beforeAll(async () => {
      store = await createTestStore(kind, { catalog: many })
    })
    afterAll(() => store.close())

    const product = (id: string) => {
      const p = many.find((m) => m.id === id)!
      return { _id: p.id, category: p.category, subCategory: p.subCategory }
    }

    it('answers at most 4 of the same category and sub-category, never the product itself', async () => {
      const { catalog } = store.services
      expect(await catalog.related(product('p'))).toStrictEqual(['q', 't', 'u', 'v'].map((id) => summaryOf(byId(id))))
      expect(ids(await catalog.related(product('w')))).toEqual(['p', 'q', 't', 'u'])
      expect(ids(await catalog.related(product('v'), 10))).toEqual(['p', 'q', 't', 'u', 'w'])
      expect(ids(await catalog.related(product('t'), 2))).toEqual(['p', 'q'])
    })

    it('answers no related products when nothing else matches', async () => {
      const { catalog } = store.services
      expect(await catalog.related(product('s'))).toEqual([])
      expect(await catalog.related(product('r'))).toEqual([])
    })

    it('answers only best sellers, in catalog order', async () => {
      const { catalog } = store.services
      expect(await catalog.bestSellers(10)).toStrictEqual(['q', 's', 'u', 'w'].map((id) => summaryOf(byId(id))))
      expect(ids(await catalog.bestSellers(2))).toEqual(['q', 's'])
    })

    it('answers the newest products first by created date, not catalog order', async () => {
      const { catalog } = store.services
      // The seed dates the catalog newest first, a minute apart.
      expect(ids(await catalog.latest(3))).toEqual(['p', 'q', 'r'])
      // Added at the end of the catalog, but newer than everything, and one older than everything.
      const now = Date.now()
      const newer = [item('x', 'Kids', 'WinterWear', 5, 'X', ['M']), item('y', 'Kids', 'WinterWear', 5, 'Y', ['M'])]
      const older = item('z', 'Kids', 'WinterWear', 5, 'Z', ['M'])
      await catalog.add(demoProducts(newer, now + 3_600_000))
      await catalog.add(demoProducts([older], now - 30 * 86_400_000))
      expect(ids(await catalog.latest(3))).toEqual(['x', 'y', 'p'])
      expect(ids(await catalog.latest(1))).toEqual(['x'])
      expect(ids(await catalog.latest(100))).toEqual(['x', 'y', 'p', 'q', 'r', 's', 't', 'u', 'v', 'w', 'z'])
      // The API's list keeps catalog order, whatever the dates.
      const listed = (await (await store.fetch('/api/product/list')).json()) as Product[]
      expect(listed.map((p) => p._id)).toEqual(['p', 'q', 'r', 's', 't', 'u', 'v', 'w', 'x', 'y', 'z'])
    })

    function byId(id: string): DemoProduct {
      return many.find((m) => m.id === id)!
    }
  })
})

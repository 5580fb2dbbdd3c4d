import { describe, expect, it } from 'vitest'
import { saleChecks } from './sale-report.ts'

const good = {
  line: { failures: [] },
  acked: new Set(['o1', 'o2']),
  committed: new Set(['o1', 'o2', 'o3']),
  ledger: [
    { productId: 'p1', size: 'M', sold: 10, stock: 0 },
    { productId: 'p1', size: 'L', sold: 2, stock: 8 },
  ],
}

describe("the sale bench's invariants", () => {
  it('hold for a run that kept them', () => {
    expect(saleChecks(good, 10).map((c) => c.ok)).toEqual([true, true, true])
  })

  it('break on a 5xx other than the line’s, a size sold beyond its stock, or an acknowledged order missing', () => {
    expect(saleChecks({ ...good, line: { failures: ['order: 500'] } }, 10)[0]!.ok).toBe(false)
    const oversold = { productId: 'p1', size: 'M', sold: 11, stock: 0 }
    expect(saleChecks({ ...good, ledger: [oversold] }, 10)[1]!.ok).toBe(false)
    expect(saleChecks({ ...good, ledger: [{ productId: 'p1', size: 'M', sold: 10, stock: -1 }] }, 10)[1]!.ok).toBe(
      false,
    )
    // A piece neither in an order nor in stock: an order's take lost.
    expect(saleChecks({ ...good, ledger: [{ productId: 'p1', size: 'M', sold: 3, stock: 6 }] }, 10)[1]!.ok).toBe(false)
    expect(saleChecks({ ...good, acked: new Set(['o1', 'o4']) }, 10)[2]).toMatchObject({
      ok: false,
      detail: '2 acknowledged, 3 in the database, 1 missing',
    })
  })
})

import { describe, expect, it } from 'vitest'
import { STOCK_CHANGED_MESSAGE } from '#contracts/admin.ts'
import { AppError } from '#server/http/errors.ts'
import { stockPlan } from '#server/catalog/service.ts'

// What a console save writes of each size (docs/decisions/017).
describe('stockPlan', () => {
  const opened = { S: 10, M: 10, L: 10 }
  const sizes = (stock: Record<string, number>) => Object.entries(stock).map(([size, n]) => ({ size, stock: n }))
  const refusal = (fn: () => unknown) => {
    try {
      fn()
    } catch (err) {
      if (err instanceof AppError) return { status: err.status, message: err.message, fields: err.fields }
      throw err
    }
    throw new Error('not refused')
  }

  it('writes no count the owner left as opened, whatever the shelf holds now', () => {
    const plan = stockPlan(sizes({ S: 10, M: 8, L: 3 }), sizes(opened), opened)
    expect(plan).toEqual({
      rows: [
        { size: 'S', position: 0, added: false },
        { size: 'M', position: 1, added: false },
        { size: 'L', position: 2, added: false },
      ],
      removed: [],
    })
  })

  it('sets a changed count only while the shelf holds what was opened', () => {
    const plan = stockPlan(sizes({ S: 10, M: 8, L: 10 }), sizes({ ...opened, L: 25 }), opened)
    expect(plan.rows[2]).toEqual({ size: 'L', position: 2, stock: 25, added: false })
    expect(refusal(() => stockPlan(sizes({ S: 10, M: 8, L: 10 }), sizes({ ...opened, M: 20 }), opened))).toEqual({
      status: 409,
      message: STOCK_CHANGED_MESSAGE,
      fields: { 'stock.M': 'Now 8 in stock' },
    })
  })

  it('adds a new size, drops one the owner dropped, and keeps the owner’s order', () => {
    const plan = stockPlan(sizes({ S: 9, M: 10, L: 10 }), sizes({ L: 10, S: 10, XL: 4 }), opened)
    expect(plan).toEqual({
      rows: [
        { size: 'L', position: 0, added: false },
        { size: 'S', position: 1, added: false },
        { size: 'XL', position: 2, stock: 4, added: true },
      ],
      removed: ['M'],
    })
  })

  it('refuses a size added meanwhile, whether the owner adds it too or would drop it unseen, and one removed meanwhile', () => {
    const now = sizes({ S: 10, M: 10, L: 10, XL: 2 })
    expect(refusal(() => stockPlan(now, sizes({ ...opened, XL: 5 }), opened)).fields).toEqual({
      'stock.XL': 'Now 2 in stock',
    })
    expect(refusal(() => stockPlan(now, sizes(opened), opened)).fields).toEqual({ 'stock.XL': 'Now 2 in stock' })
    expect(refusal(() => stockPlan(sizes({ S: 10, M: 10 }), sizes(opened), opened)).fields).toEqual({
      'stock.L': 'Removed meanwhile',
    })
  })
})

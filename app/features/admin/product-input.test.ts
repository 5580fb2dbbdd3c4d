import { describe, expect, it } from 'vitest'
import { readProductForm } from '#app/features/admin/product-input.ts'

// The product form's own sale (docs/decisions/025): Pakistan time in, instants out.

function form(sale: { salePrice: string; saleStartsAt: string; saleEndsAt: string }) {
  const f = new FormData()
  for (const [k, v] of Object.entries({
    name: 'Men Linen Shirt',
    description: 'A light linen shirt.',
    price: '3990',
    category: 'Men',
    subCategory: 'TopWear',
    size: 'M',
    stock: '4',
    ...sale,
  }))
    f.set(k, v)
  return f
}

describe('the product form’s sale price', () => {
  it('reads its window in Pakistan time', () => {
    const read = readProductForm(
      form({ salePrice: '2990', saleStartsAt: '2026-12-01T00:00', saleEndsAt: '2026-12-08T00:00' }),
    )
    expect(read.ok && read.input.sale).toEqual({
      price: 2990,
      startsAt: Date.parse('2026-11-30T19:00:00Z'),
      endsAt: Date.parse('2026-12-07T19:00:00Z'),
    })
  })

  it('is none when all three are blank, and refused when only some are given', () => {
    const none = readProductForm(form({ salePrice: '', saleStartsAt: '', saleEndsAt: '' }))
    expect(none.ok && none.input.sale).toBeNull()
    const partial = readProductForm(form({ salePrice: '2990', saleStartsAt: '', saleEndsAt: '2026-12-08T00:00' }))
    expect(partial).toMatchObject({ ok: false, message: expect.stringContaining('saleStartsAt') as string })
    const backwards = readProductForm(
      form({ salePrice: '2990', saleStartsAt: '2026-12-08T00:00', saleEndsAt: '2026-12-01T00:00' }),
    )
    expect(backwards).toMatchObject({ ok: false, message: 'saleEndsAt must be after saleStartsAt' })
    const free = readProductForm(
      form({ salePrice: '0', saleStartsAt: '2026-12-01T00:00', saleEndsAt: '2026-12-08T00:00' }),
    )
    expect(free).toMatchObject({ ok: false, message: 'salePrice must be at least 1' })
  })
})

import { describe, expect, it } from 'vitest'
import { requiredText, text } from '#contracts/fields.ts'
import { isPlainText, queryParam } from '#contracts/plain-text.ts'
import { adminProductInputSchema, adminStatusMoveSchema } from '#contracts/admin.ts'

// docs/decisions/016: every text a request carries is plain text.
describe('plain text', () => {
  const controls = [
    '\u0000',
    '\u0001',
    '\u0008',
    '\t',
    '\n',
    '\u000b',
    '\u000c',
    '\r',
    '\u001f',
    '\u007f',
    '\u0085',
    '\u009f',
  ]

  it('refuses every control character in one-line text, and lone surrogates', () => {
    for (const c of controls) expect([c, isPlainText(`ab${c}cd`)]).toEqual([c, false])
    expect(isPlainText('ab\ud800cd')).toBe(false)
    expect(isPlainText('ab\udc00cd')).toBe(false)
    expect(isPlainText('Ayesha Khan — کراچی 😀')).toBe(true)
  })

  it('allows tab, LF and CR only in a text of several lines', () => {
    expect(isPlainText('one\r\ntwo\tthree', true)).toBe(true)
    for (const c of ['\u0000', '\u000b', '\u001f', '\u007f', '\u0085']) expect(isPlainText(`ab${c}`, true)).toBe(false)
    expect(isPlainText('ab\ud800', true)).toBe(false)
  })

  it('names the field in the message, before any other rule', () => {
    expect(requiredText('City', 80).safeParse('Kara\u0000chi').error?.issues[0]?.message).toBe(
      'City must not contain control characters',
    )
    expect(
      text('q')
        .max(3)
        .safeParse('\ud800' + 'x'.repeat(10))
        .error?.issues.map((i) => i.message),
    ).toEqual(['q must not contain control characters'])
    expect(requiredText('City', 80).safeParse('  Karachi ').data).toBe('Karachi')
  })

  it('keeps the lines of a product description and an order note', () => {
    const product = {
      name: 'Shirt',
      description: 'Soft cotton.\r\nMachine wash.',
      price: 100,
      category: 'Men',
      subCategory: 'TopWear',
      sizes: [{ size: 'M', stock: 1 }],
      sizeChart: [],
      bestSeller: false,
    }
    expect(adminProductInputSchema.safeParse(product).success).toBe(true)
    expect(adminProductInputSchema.safeParse({ ...product, name: 'Shirt\nTwo' }).error?.issues[0]?.message).toBe(
      'name must not contain control characters',
    )
    expect(adminStatusMoveSchema.safeParse({ to: 'Confirmed', note: 'Called.\nWill pay.' }).success).toBe(true)
  })

  it('reads a page’s query parameter as absent when it is not plain text', () => {
    const params = new URLSearchParams('q=ab%00&token=abc&x=%0A')
    expect(queryParam(params, 'q')).toBeNull()
    expect(queryParam(params, 'x')).toBeNull()
    expect(queryParam(params, 'token')).toBe('abc')
    expect(queryParam(params, 'missing')).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { readGuestCart, sanitizeCart, withQuantity, writeGuestCart, type CookieJar } from '#app/lib/cart/guest-cart.ts'

/** A Storage that lives in a Map, optionally failing like a full quota or private mode. */
function memoryStorage({ failWrites = false } = {}): Storage & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    get length() {
      return data.size
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => {
      if (failWrites) throw new Error('QuotaExceededError')
      data.set(k, v)
    },
  }
}

describe('guest cart storage', () => {
  it('reads back what was written', () => {
    const storage = memoryStorage()
    writeGuestCart({ shirt: { M: 2, L: 1 } }, storage)
    expect(readGuestCart(storage)).toEqual({ shirt: { M: 2, L: 1 } })
  })

  it('removes the entry when the cart becomes empty', () => {
    const storage = memoryStorage()
    writeGuestCart({ shirt: { M: 1 } }, storage)
    writeGuestCart({}, storage)
    expect(storage.data.size).toBe(0)
    expect(readGuestCart(storage)).toEqual({})
  })

  it('answers an empty cart for nothing stored, broken JSON or no storage at all', () => {
    const storage = memoryStorage()
    expect(readGuestCart(storage)).toEqual({})
    storage.data.set('kapra.cart', '{not json')
    expect(readGuestCart(storage)).toEqual({})
    expect(readGuestCart(undefined)).toEqual({})
  })

  it('keeps working when the browser refuses to store', () => {
    expect(() => writeGuestCart({ shirt: { M: 1 } }, memoryStorage({ failWrites: true }))).not.toThrow()
  })
})

describe('sanitizeCart', () => {
  it('keeps only whole quantities from 1, capped at 100', () => {
    expect(
      sanitizeCart({
        a: { S: 2, M: 0, L: -1, XL: 1.5, XXL: '3', XS: 250 },
        b: { M: null },
        c: 'nonsense',
        d: null,
      }),
    ).toEqual({ a: { S: 2, XS: 100 } })
  })

  it('turns anything that is not an object into an empty cart', () => {
    expect(sanitizeCart(null)).toEqual({})
    expect(sanitizeCart('cart')).toEqual({})
    expect(sanitizeCart(42)).toEqual({})
  })
})

describe('withQuantity', () => {
  it('sets a line without touching the others or the original cart', () => {
    const cart = { a: { M: 1 }, b: { S: 2 } }
    const next = withQuantity(cart, 'a', 'L', 3)
    expect(next).toEqual({ a: { M: 1, L: 3 }, b: { S: 2 } })
    expect(cart).toEqual({ a: { M: 1 }, b: { S: 2 } })
  })

  it('removes the line at 0 and the product with its last size', () => {
    expect(withQuantity({ a: { M: 1, L: 2 } }, 'a', 'M', 0)).toEqual({ a: { L: 2 } })
    expect(withQuantity({ a: { M: 1 }, b: { S: 1 } }, 'a', 'M', 0)).toEqual({ b: { S: 1 } })
  })

  it('caps a line at 100', () => {
    expect(withQuantity({}, 'a', 'M', 500)).toEqual({ a: { M: 100 } })
  })
})

// The line on a sale night lets a shopper with a cart through (docs/decisions/030).
describe('the cart cookie', () => {
  /** A document that keeps each cookie written to it, as `document.cookie` does. */
  function jar(protocol = 'http:'): CookieJar & { written: string[] } {
    const written: string[] = []
    return {
      written,
      location: { protocol },
      get cookie() {
        return ''
      },
      set cookie(value: string) {
        written.push(value)
      },
    }
  }

  it('is 1 while the cart holds something, and removed when it is empty', () => {
    const doc = jar()
    writeGuestCart({ shirt: { M: 1 } }, memoryStorage(), doc)
    writeGuestCart({}, memoryStorage(), doc)
    expect(doc.written).toEqual([
      'kapra_cart=1; Path=/; Max-Age=2592000; SameSite=Lax',
      'kapra_cart=; Path=/; Max-Age=0; SameSite=Lax',
    ])
  })

  it('is Secure on https, and written even when the storage refuses the cart', () => {
    const doc = jar('https:')
    writeGuestCart({ shirt: { M: 1 } }, memoryStorage({ failWrites: true }), doc)
    expect(doc.written).toEqual(['kapra_cart=1; Path=/; Max-Age=2592000; SameSite=Lax; Secure'])
  })
})

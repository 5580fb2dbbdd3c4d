import { describe, expect, test } from 'vitest'
import { drawPageAt } from '#tests/support/server-render.tsx'
import type { Lang } from '#contracts/languages.ts'
import type { ProductSummary } from '#contracts/catalog.ts'
import { ProductCardItem, ProductGrid } from '#app/components/product-card.tsx'
import { WishlistProvider } from '#app/lib/wishlist/wishlist-context.tsx'
import type { MarkupCache } from '#app/lib/kept-markup.tsx'
import { createMarkupCache } from '#app/lib/kept-markup.server.ts'

const products: ProductSummary[] = [
  {
    _id: 'kurta',
    name: 'Lawn Kurta',
    nameUr: null,
    price: 1999,
    compareAtPrice: 2499,
    image1: '/images/products/k.webp',
  },
  {
    _id: 'shirt',
    name: 'Oxford <Shirt> & "Co"',
    nameUr: null,
    price: 2999,
    compareAtPrice: null,
    image1: '/images/products/s.webp',
    rating: { average: 4.3, count: 12 },
  },
  { _id: 'tee', name: 'Crew Tee', nameUr: null, price: 899, compareAtPrice: null, image1: '/images/products/t.webp' },
]

/** A page of cards as the server's page render draws it: React's streaming renderer, the router's and the language's contexts. */
function drawPage({
  cache,
  lang = 'en',
  hearts = [],
  path = '/collection?category=Men',
}: {
  cache: MarkupCache | null
  lang?: Lang
  hearts?: string[]
  path?: string
}): Promise<string> {
  return drawPageAt({
    cache,
    lang,
    path,
    route: '/:lang?/collection',
    Component: () => (
      <WishlistProvider user={{ _id: 'u', name: 'Ayesha', email: 'a@example.com' } as never} serverIds={hearts}>
        <ProductGrid>
          {products.map((product, i) => (
            <ProductCardItem key={product._id} product={product} priority={i === 0} />
          ))}
        </ProductGrid>
      </WishlistProvider>
    ),
  })
}

describe('kept markup', () => {
  test('a page with kept cards is the very page drawn without them, drawn the first time and answered after', async () => {
    const cache = createMarkupCache({ maxChars: 1_000_000 })
    for (const page of [
      {},
      { hearts: ['shirt'] },
      { lang: 'ur' as const, path: '/ur/collection' },
      { path: '/collection?sort=low-high' },
    ]) {
      const plain = await drawPage({ ...page, cache: null })
      expect(plain).toContain('Oxford &lt;Shirt&gt; &amp; &quot;Co&quot;')
      expect(await drawPage({ ...page, cache })).toBe(plain)
      expect(await drawPage({ ...page, cache })).toBe(plain)
    }
  })

  test('each card is kept for its language and heart, whatever the page; the priority card, whose image the head preloads, is drawn each time', async () => {
    const cache = createMarkupCache({ maxChars: 1_000_000 })
    await drawPage({ cache })
    expect(cache.size).toBe(2)
    await drawPage({ cache })
    expect(cache.size).toBe(2)
    await drawPage({ cache, hearts: ['shirt'] })
    expect(cache.size).toBe(3)
    await drawPage({ cache, lang: 'ur', path: '/ur/collection' })
    expect(cache.size).toBe(5)
    await drawPage({ cache, path: '/collection?category=Women' })
    expect(cache.size).toBe(5)
    const heart = await drawPage({ cache, hearts: ['tee'] })
    expect(heart).toMatch(/name="productId" value="tee"\/><input type="hidden" name="on" value="0"\/>/)
    expect(heart).toMatch(/name="productId" value="shirt"\/><input type="hidden" name="on" value="1"\/>/)
  })

  test('a product changed is drawn anew: its key is all it shows', async () => {
    const cache = createMarkupCache({ maxChars: 1_000_000 })
    await drawPage({ cache })
    products[1] = { ...products[1]!, price: 2499 }
    const page = await drawPage({ cache })
    expect(page).toContain('Rs 2,499')
    expect(page).not.toContain('Rs 2,999')
  })

  test('the least recently used go when the cache is full', () => {
    const cache = createMarkupCache({ maxChars: 160 })
    cache.draw('a', <p>a</p>)
    cache.draw('b', <p>b</p>)
    cache.get('a')
    let n = 0
    while (cache.size === n + 2 && n < 100) cache.draw(`k${n++}`, <p>k</p>)
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toBe('<p>a</p>')
    expect(cache.chars).toBeLessThanOrEqual(160)
    // An entry larger than an eighth of the cache is drawn, not kept.
    expect(cache.draw('big', <p>{'x'.repeat(20)}</p>)).toBe(`<p>${'x'.repeat(20)}</p>`)
    expect(cache.get('big')).toBeUndefined()
  })
})

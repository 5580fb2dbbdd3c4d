import { describe, expect, test } from 'vitest'
import type { Lang } from '#contracts/languages.ts'
import type { User } from '#contracts/auth.ts'
import type { Cart } from '#contracts/cart-lines.ts'
import { Toaster } from '#app/components/toaster.tsx'
import { SiteHeader } from '#app/features/layout/site-header.tsx'
import { SiteFooter } from '#app/features/layout/site-footer.tsx'
import { BottomBar } from '#app/features/layout/bottom-bar.tsx'
import { CartProvider } from '#app/lib/cart/cart-context.tsx'
import { WishlistProvider } from '#app/lib/wishlist/wishlist-context.tsx'
import type { MarkupCache } from '#app/lib/kept-markup.tsx'
import { createMarkupCache } from '#app/lib/kept-markup.server.ts'
import { drawPageAt } from '#tests/support/server-render.tsx'

// The frame's kept markup (docs/decisions/045): React in production does not mend an
// attribute that differs at hydration, so these tests, not the browser, hold the keys honest.

const store = { name: 'Kapra', phone: '+92 300 1234567', email: 'help@kapra.pk', address: '12 Mall Road, Lahore' }
const ayesha = { _id: 'u', name: 'Ayesha', email: 'a@example.com' } as User

/** The store's frame (header, footer, the phones' bar) at `path`, for a shopper with a cart and hearts, as the server draws it. */
function drawFrame({
  cache,
  lang = 'en',
  path,
  user = null,
  cart = {},
  hearts = [],
}: {
  cache: MarkupCache | null
  lang?: Lang
  path: string
  user?: User | null
  cart?: Cart
  hearts?: string[]
}): Promise<string> {
  return drawPageAt({
    cache,
    lang,
    path,
    Component: () => (
      <Toaster>
        <CartProvider user={user} serverCart={cart}>
          <WishlistProvider user={user} serverIds={hearts}>
            <SiteHeader user={user} storeName={store.name} />
            <SiteFooter store={store} />
            <BottomBar />
          </WishlistProvider>
        </CartProvider>
      </Toaster>
    ),
  })
}

describe('the frame kept', () => {
  test('the frame with kept markup is the very frame drawn without it, on every page, for guests and shoppers, in both languages', async () => {
    const cache = createMarkupCache({ maxChars: 1_000_000 })
    const shoppers: { user?: User; cart?: Cart; hearts?: string[] }[] = [
      {},
      { user: ayesha, cart: { kurta: { M: 2 }, tee: { L: 1 } }, hearts: ['kurta', 'shirt'] },
      { user: ayesha, cart: { kurta: { M: 120 } } },
    ]
    const paths = {
      en: [
        '/',
        '/collection',
        '/collection?q=kurta',
        '/Collection/',
        '/about',
        '/contact',
        '/cart',
        '/order',
        '/productdetail/kurta',
        '/collectionx',
      ],
      ur: ['/ur', '/ur/collection', '/ur/contact', '/ur/cart', '/ur/productdetail/kurta'],
    }
    for (const lang of ['en', 'ur'] as const) {
      for (const path of paths[lang]) {
        for (const shopper of shoppers) {
          const plain = await drawFrame({ ...shopper, lang, path, cache: null })
          expect(await drawFrame({ ...shopper, lang, path, cache }), `${path} ${JSON.stringify(shopper)}`).toBe(plain)
          expect(await drawFrame({ ...shopper, lang, path, cache })).toBe(plain)
        }
      }
    }
    // Kept once for all the pages that draw them alike: a footer a language (2); the header's
    // navigation a language and link marked (en 5, ur 4); its counts' links a language and
    // pair of counts (2 × 3); the phones' bar a language, link marked and count (2 × 5 × 3).
    expect(cache.size).toBe(2 + 9 + 6 + 30)
  })

  test('the frame marks the page shown, and only it', async () => {
    const cache = createMarkupCache({ maxChars: 1_000_000 })
    const marked = (html: string) =>
      [...html.matchAll(/<a [^>]*>/g)]
        .filter(([a]) => a.includes('aria-current="page"'))
        .map(([a]) => /href="([^"]*)"/.exec(a)?.[1])
    const page = async (path: string, lang: Lang = 'en') => marked(await drawFrame({ cache, path, lang }))
    expect(await page('/collection')).toEqual(['/collection', '/collection'])
    expect(await page('/collection?q=kurta')).toEqual(['/collection', '/collection'])
    expect(await page('/')).toEqual(['/', '/'])
    expect(await page('/about')).toEqual(['/about'])
    expect(await page('/cart')).toEqual(['/cart'])
    expect(await page('/productdetail/kurta')).toEqual([])
    expect(await page('/collectionx')).toEqual([])
    expect(await page('/Collection/')).toEqual(['/collection', '/collection'])
    expect(await page('/ur/contact', 'ur')).toEqual(['/ur/contact', '/ur/contact'])
    expect(await page('/ur', 'ur')).toEqual(['/ur', '/ur'])
  })
})

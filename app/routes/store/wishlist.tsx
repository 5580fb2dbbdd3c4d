import { useEffect, useState } from 'react'
import { redirect } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Heart, ShoppingBag } from '#app/components/icons.tsx'
import type { Route } from './+types/wishlist'
import type { Product } from '#contracts/catalog.ts'
import { langOfPath, localePath } from '#contracts/languages.ts'
import { wishlistToggleSchema } from '#contracts/wishlist.ts'
import { cartAddSchema } from '#contracts/cart.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { attempt } from '#app/lib/service-result.server.ts'
import { formValues, parseForm } from '#app/lib/forms.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'
import { tFor } from '#app/lib/i18n/i18n.ts'
import { redirectIn, requestLang } from '#app/lib/i18n/language.ts'
import { inLanguage } from '#app/lib/i18n/product-text.ts'
import { Form, Link } from '#app/lib/i18n/links.tsx'
import { safeRedirect, sameHostReferer } from '#app/lib/redirects.ts'
import { useCart } from '#app/lib/cart/cart-context.tsx'
import { useWishlist, useWishlistReady } from '#app/lib/wishlist/wishlist-context.tsx'
import { useLang } from '#app/lib/i18n/language.ts'
import { useToast } from '#app/components/toaster.tsx'
import { PageIntro } from '#app/components/page-intro.tsx'
import { ProductImage } from '#app/components/product-image.tsx'
import { SalePrice } from '#app/components/price.tsx'

export function meta({ matches, location }: Route.MetaArgs) {
  const t = tFor(langOfPath(location.pathname))
  return privatePageMeta({
    title: t('wishlist.meta.title', { ns: 'cart' }),
    description: t('wishlist.meta.description', { ns: 'cart' }),
    origin: rootOrigin(matches),
  })
}

/** A signed-in shopper's wishlist with its products; a guest's is read from the browser once the app runs. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, user } = context.get(appContext)
  if (!user) return { items: null }
  const lang = requestLang(request)
  const { items } = await services.wishlist.get(user._id)
  return { items: items.map((p) => inLanguage(lang, p)) }
}

/**
 * The hearts' and this page's plain forms: a heart on or off (back where it was), and
 * "Move to cart" with the size chosen. A guest without the app running is asked to sign in.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { services, user } = context.get(appContext)
  const form = await request.formData()
  const values = formValues(form, ['intent', 'productId', 'on', 'size'])
  const here = localePath(requestLang(request), '/wishlist')
  // A heart's form names no page of its own (its markup is the same on every page,
  // docs/decisions/040): it goes back to the page it was posted from.
  const back = safeRedirect(sameHostReferer(new URL(request.url), request.headers.get('referer')), request.url, here)
  if (!user) throw redirectIn(request, `/login?redirectTo=${encodeURIComponent(back)}`)
  if (values.intent === 'heart') {
    const heart = parseForm(wishlistToggleSchema, { productId: values.productId, on: values.on === '1' })
    if (heart.success)
      await attempt(context, () => services.wishlist.set(user._id, heart.data.productId, heart.data.on), {
        fallback: 'Your wishlist could not be saved. Please try again.',
        what: 'wishlist heart',
      })
    throw redirect(back)
  }
  if (values.intent === 'move') {
    const line = parseForm(cartAddSchema, { itemId: values.productId, size: values.size })
    if (!line.success) return { productId: values.productId, message: 'Choose a size' }
    const added = await attempt(context, () => services.cart.add(user._id, line.data), {
      fallback: 'Your cart could not be updated. Please try again.',
      what: 'wishlist move',
    })
    if (!added.ok) return { productId: values.productId, message: added.message }
    await services.wishlist.set(user._id, line.data.itemId, false)
    throw redirectIn(request, '/cart')
  }
  throw redirect(here)
}

/** The guest's hearts, read from the browser: each product asked of the API. */
function useGuestProducts(ids: string[], enabled: boolean): Product[] | null {
  const [products, setProducts] = useState<Product[] | null>(null)
  const key = ids.join(',')
  useEffect(() => {
    if (!enabled) return
    let live = true
    Promise.all(
      key
        .split(',')
        .filter(Boolean)
        .map((id) =>
          fetch(`/api/product/${encodeURIComponent(id)}`)
            .then((r) => (r.ok ? (r.json() as Promise<Product>) : null))
            .catch(() => null),
        ),
    ).then(
      (found) => live && setProducts(found.filter((p): p is Product => p !== null)),
      () => live && setProducts([]),
    )
    return () => {
      live = false
    }
  }, [key, enabled])
  return products
}

export default function WishlistPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('cart')
  const wishlist = useWishlist()
  const ready = useWishlistReady()
  const lang = useLang()
  const guest = useGuestProducts(wishlist.ids, loaderData.items === null && ready)
  const items = (loaderData.items ?? guest?.map((p) => inLanguage(lang, p)) ?? []).filter((p) =>
    wishlist.ids.includes(p._id),
  )
  const loading = loaderData.items === null && (!ready || guest === null) && wishlist.ids.length > 0

  return (
    <main id="main" className="container-page py-10 sm:py-14">
      <PageIntro eyebrow={t('wishlist.eyebrow')} title={t('wishlist.title')}>
        {t('wishlist.intro')}
      </PageIntro>
      {loading ? (
        <p role="status" className="mt-8 text-sm text-muted">
          {t('wishlist.loading')}
        </p>
      ) : items.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-line bg-white p-6 text-center">
          <Heart aria-hidden className="mx-auto size-8 text-muted" />
          <p className="mt-3 font-medium text-ink">{t('wishlist.empty')}</p>
          <Link to="/collection" className="btn-primary mt-5">
            {t('wishlist.browse')}
          </Link>
        </div>
      ) : (
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((product) => (
            <WishlistItem
              key={product._id}
              product={product}
              error={actionData?.productId === product._id ? actionData.message : undefined}
            />
          ))}
        </ul>
      )}
    </main>
  )
}

function WishlistItem({ product, error }: { product: Product; error: string | undefined }) {
  const { t } = useTranslation('cart')
  const { t: common } = useTranslation()
  const cart = useCart()
  const wishlist = useWishlist()
  const toast = useToast()
  const inStock = product.sizes.filter((s) => (product.stock[s] ?? 0) > 0)
  const href = `/productdetail/${product._id}`
  const sizeId = `size-${product._id}`
  return (
    <li className="flex gap-4 rounded-2xl border border-line bg-white p-3">
      <Link to={href} className="block w-24 shrink-0 overflow-hidden rounded-lg bg-sand" tabIndex={-1} aria-hidden>
        <ProductImage src={product.image1} alt="" sizes="96px" />
      </Link>
      <div className="min-w-0 flex-1">
        <h2 className="text-sm font-medium text-ink">
          <Link to={href} dir="auto" className="hover:text-accent">
            {product.name}
          </Link>
        </h2>
        <p className="mt-1 text-sm font-semibold text-ink">
          <SalePrice price={product.price} compareAtPrice={product.compareAtPrice} />
        </p>
        {inStock.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{t('wishlist.soldOut')}</p>
        ) : (
          <Form
            method="post"
            className="mt-2 flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              const size = new FormData(e.currentTarget).get('size')
              if (typeof size !== 'string' || !size) return
              e.preventDefault()
              void cart.add(product._id, size).then(async (added) => {
                if (!added) return
                await wishlist.set(product._id, false)
                toast(t('wishlist.moved', { name: product.name, size }))
              })
            }}
          >
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="productId" value={product._id} />
            <div>
              <label htmlFor={sizeId} className="field-label">
                {t('wishlist.size')}
              </label>
              <select
                id={sizeId}
                name="size"
                required
                defaultValue=""
                className="field-input min-h-11 py-2"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${sizeId}-error` : undefined}
              >
                <option value="" disabled>
                  {t('wishlist.chooseSize')}
                </option>
                {inStock.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="btn-primary px-4 py-2">
              <ShoppingBag aria-hidden className="size-4" />
              {t('wishlist.move')}
            </button>
            {error && (
              <p id={`${sizeId}-error`} className="field-error w-full">
                {common(error as never, { ns: 'server', defaultValue: error })}
              </p>
            )}
          </Form>
        )}
        <Form
          method="post"
          className="mt-2"
          onSubmit={(e) => {
            e.preventDefault()
            void wishlist.set(product._id, false)
          }}
        >
          <input type="hidden" name="intent" value="heart" />
          <input type="hidden" name="productId" value={product._id} />
          <input type="hidden" name="on" value="0" />
          <button
            type="submit"
            className="min-h-11 text-sm font-medium text-muted underline underline-offset-4 hover:text-ink"
          >
            {t('wishlist.remove')}
            <span className="sr-only"> {product.name}</span>
          </button>
        </Form>
      </div>
    </li>
  )
}

import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import type { Route } from './+types/productdetail.$productId'
import { cartAddSchema } from '#contracts/cart.ts'
import { stockAlertSchema } from '#contracts/alerts.ts'
import { langOfPath, localePath } from '#contracts/languages.ts'
import { i18nFor } from '#app/lib/i18n/i18n.ts'
import { redirectIn, requestLang } from '#app/lib/i18n/language.ts'
import { inLanguage } from '#app/lib/i18n/product-text.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { attempt, logFault, notFound } from '#app/lib/service-result.server.ts'
import { formValues, parseForm } from '#app/lib/forms.ts'
import { pageMeta, rootOrigin } from '#app/lib/meta.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { ErrorPage } from '#app/components/error-page.tsx'
import { StatusBoundary } from '#app/components/status-boundary.tsx'
import { productJsonLd, serializeJsonLd } from '#app/features/catalog/json-ld.ts'
import { useFilterWord } from '#app/features/catalog/filter-words.ts'
import { SalePrice } from '#app/components/price.tsx'
import { ProductBreadcrumb } from '#app/features/catalog/product-breadcrumb.tsx'
import { ProductDescription } from '#app/features/catalog/product-description.tsx'
import { ProductGallery } from '#app/features/catalog/product-gallery.tsx'
import { ProductPurchase, type PurchaseResult } from '#app/features/catalog/product-purchase.tsx'
import { SIZE_REQUIRED } from '#app/features/catalog/purchase-messages.ts'
import { RelatedProducts } from '#app/features/catalog/related-products.tsx'
import { Tabs } from '#app/features/catalog/tabs.tsx'
import { SectionBoundary } from '#app/components/section-boundary.tsx'
import { Stars } from '#app/components/stars.tsx'
import { WishlistHeart } from '#app/components/wishlist-heart.tsx'
import { ProductReviews } from '#app/features/catalog/product-reviews.tsx'
import type { ReviewResult } from '#app/features/catalog/review-form.tsx'
import { loadReviews, reviewAction, reviewViewOf } from '#app/features/catalog/reviews.server.ts'

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { services, user } = context.get(appContext)
  const product = await services.catalog.get(params.productId)
  // docs/spec/rulings.md #11: an unknown product is a real page with HTTP 404; one the
  // store has archived says it is no longer available (past orders still name it).
  if (!product) notFound((await services.catalog.status(params.productId)) === 'archived' ? 'archived' : null)
  // Related products are extras: if they fail, the page still renders, without them.
  const related = await services.catalog.related(product).catch((err: unknown) => {
    logFault(context, 'related products failed', err)
    return []
  })
  // The sold-out sizes this shopper asked to hear about (a guest is asked to sign in).
  const waiting = user ? await services.alerts.sizesFor(user._id, product._id) : null
  const lang = requestLang(request)
  const reviewView = reviewViewOf(new URL(request.url))
  const reviews = await loadReviews(context, product._id, reviewView)
  return {
    product: inLanguage(lang, product),
    related: related.map((p) => inLanguage(lang, p)),
    waiting,
    reviewView,
    reviews,
    signedIn: user !== null,
  }
}

/**
 * 'Add To Cart' posted before the app has booted (docs/decisions/006); once it runs, the
 * page adds in the browser and never posts. A signed-in shopper's cart is on the server
 * and takes the line here; a guest's lives in the browser, so the answer hands the line
 * to the page, which adds it once the app has started.
 */
export async function action({
  context,
  request,
  params,
}: Route.ActionArgs): Promise<PurchaseResult | ReviewResult | undefined> {
  const { services, user } = context.get(appContext)
  const form = await request.formData()
  // A review and a "Helpful" vote (app/features/catalog/reviews.server.ts).
  if (form.get('intent') === 'review' || form.get('intent') === 'helpful')
    return reviewAction(context, request, params.productId, form)
  const values = formValues(form, ['intent', 'itemId', 'size'])
  // "Notify me" on a sold-out size, and its cancel: the page then shows what stands.
  if (values.intent === 'notify' || values.intent === 'notify-cancel') {
    const here = `/productdetail/${params.productId}`
    // Signed in, the shopper comes back to this page in its language.
    const back = `${localePath(requestLang(request), here)}#back-in-stock`
    if (!user) throw redirectIn(request, `/login?redirectTo=${encodeURIComponent(back)}`)
    const alert = parseForm(stockAlertSchema, values)
    if (!alert.success) return { error: 'This size could not be chosen. Please try again.' }
    const { itemId, size } = alert.data
    const done = await attempt(
      context,
      () =>
        values.intent === 'notify'
          ? services.alerts.request(user._id, itemId, size)
          : services.alerts.cancel(user._id, itemId, size),
      { fallback: 'Your request could not be saved. Please try again.', what: 'back-in-stock request' },
    )
    if (!done.ok) return { error: done.message }
    throw redirectIn(request, `${here}#back-in-stock`)
  }
  if (values.intent !== 'add') return { error: 'This item could not be added to your cart.' }
  const parsed = parseForm(cartAddSchema, values)
  if (!parsed.success) {
    return { error: parsed.fieldErrors.size ? SIZE_REQUIRED : 'This item could not be added to your cart.' }
  }
  const line = { itemId: parsed.data.itemId, size: parsed.data.size }
  const done = await attempt<unknown>(
    context,
    () => (user ? services.cart.add(user._id, line) : services.cart.check(line)),
    {
      fallback: 'Your cart could not be updated. Please try again.',
      what: 'add to cart',
    },
  )
  if (!done.ok) return { error: done.message }
  return user ? { added: line } : { guestAdd: line }
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const lang = langOfPath(location.pathname)
  const t = i18nFor(lang).getFixedT(lang, 'catalog')
  if (!loaderData) return [{ title: t('detail.metaNotFound') }, { name: 'robots', content: 'noindex' }]
  const { product } = loaderData
  return [
    ...pageMeta({
      title: t('detail.metaTitle', { name: product.name }),
      description: summary(product.description),
      image: product.image1,
      origin: rootOrigin(matches),
      path: `/productdetail/${product._id}`,
      lang,
      type: 'product',
    }),
    { property: 'product:price:amount', content: String(product.price) },
    { property: 'product:price:currency', content: 'PKR' },
  ]
}

function summary(text: string, max = 160) {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  return `${cut.slice(0, cut.lastIndexOf(' '))}…`
}

export default function ProductDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { product, related, reviews, reviewView } = loaderData
  const purchase = actionData && !('reviewSaved' in actionData || 'reviewError' in actionData) ? actionData : undefined
  const reviewResult =
    actionData && ('reviewSaved' in actionData || 'reviewError' in actionData) ? actionData : undefined
  const count = reviews.data?.count ?? 0
  const { t } = useTranslation('catalog')
  const word = useFilterWord()
  const { nonce, origin, store } = useRootData()
  const images = [product.image1, product.image2, product.image3, product.image4]

  return (
    // Keyed by product: the chosen image, size and tab start afresh on another product.
    <main key={product._id} id="main" className="container-page pt-6 pb-16 sm:pt-8 sm:pb-24">
      <script
        type="application/ld+json"
        nonce={nonce}
        // Built from our own catalog and escaped for a script element.
        dangerouslySetInnerHTML={{
          __html: serializeJsonLd(productJsonLd(product, origin, store.name, word, reviews.data)),
        }}
      />
      <ProductBreadcrumb product={product} />

      <div className="grid gap-8 md:grid-cols-2 md:gap-10 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-14">
        <ProductGallery name={product.name} images={images} />

        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-[0.22em] text-accent uppercase">
            {word(`category.${product.category}`)} · {word(`subCategory.${product.subCategory}`)}
          </p>
          <div className="mt-2 flex items-start justify-between gap-3">
            <h1 className="font-display text-2xl leading-tight font-semibold tracking-[0.04em] text-ink uppercase sm:text-3xl">
              {/* The catalog's words (English for now) keep their own direction on an Urdu page. */}
              <bdi>{product.name}</bdi>
            </h1>
            <WishlistHeart
              productId={product._id}
              name={product.name}
              className="shrink-0 rounded-full border border-line"
            />
          </div>
          {/* docs/spec/rulings.md #3: no stars and no count until real reviews exist. */}
          {count > 0 && reviews.data?.average != null ? (
            <p className="mt-2 flex items-center gap-2 text-sm text-muted">
              <Stars
                rating={reviews.data.average}
                label={t('reviews.rated', { rating: reviews.data.average.toFixed(1) })}
              />
              <a href="?reviewSort=newest#reviews" className="rounded py-1 hover:text-ink hover:underline">
                {t('reviews.count', { count })}
              </a>
            </p>
          ) : (
            <p className="mt-2 text-sm text-muted">{t('reviews.none')}</p>
          )}
          <p className="mt-5 font-display text-2xl font-semibold text-ink sm:text-3xl">
            <SalePrice price={product.price} compareAtPrice={product.compareAtPrice} />
          </p>
          <p className="mt-5 leading-relaxed text-muted">
            <bdi>{product.description}</bdi>
          </p>
          <div className="mt-8">
            <ProductPurchase product={product} result={purchase} waiting={loaderData.waiting} />
          </div>
        </div>
      </div>

      <section aria-label={t('detail.information')} className="mt-14 sm:mt-20">
        <Tabs
          label={t('detail.information')}
          // The reviews' own links (sort, pages, photos) and forms come back to the Reviews tab.
          initial={reviewView.asked || reviewResult ? 1 : 0}
          tabs={[
            { label: t('detail.descriptionTab'), content: <ProductDescription product={product} /> },
            {
              label: t('reviews.tab', { count }),
              content: (
                <ProductReviews
                  data={reviews.data}
                  view={reviewView}
                  voted={reviews.voted}
                  form={{
                    productId: product._id,
                    signedIn: loaderData.signedIn,
                    bought: reviews.bought,
                    mine: reviews.mine,
                    result: reviewResult,
                  }}
                />
              ),
            },
          ]}
        />
      </section>

      <SectionBoundary>
        <RelatedProducts items={related} />
      </SectionBoundary>
    </main>
  )
}

export function ErrorBoundary() {
  const { t } = useTranslation('catalog')
  return (
    <StatusBoundary
      statusHandlers={{
        404: ({ data }) =>
          data === 'archived' ? (
            <ErrorPage status={404} title={t('detail.archivedTitle')} message={t('detail.archivedText')} />
          ) : (
            <ErrorPage status={404} title={t('detail.notFoundTitle')} message={t('detail.notFoundText')} />
          ),
      }}
    />
  )
}

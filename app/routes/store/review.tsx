import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Link } from '#app/lib/i18n/links.tsx'
import { CircleAlert } from '#app/components/icons.tsx'
import type { Route } from './+types/review'
import { orderNumber } from '#contracts/orders.ts'
import { REVIEW_PHOTOS_MAX, reviewByLinkSchema } from '#contracts/reviews.ts'
import { queryParam } from '#contracts/plain-text.ts'
import { langOfPath } from '#contracts/languages.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { attempt } from '#app/lib/service-result.server.ts'
import { formValues, parseForm } from '#app/lib/forms.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'
import { tFor, translateMessage } from '#app/lib/i18n/i18n.ts'
import { ProductImage } from '#app/components/product-image.tsx'
import { ReviewForm, type ReviewResult } from '#app/features/catalog/review-form.tsx'

export function meta({ matches, location }: Route.MetaArgs) {
  const t = tFor(langOfPath(location.pathname))
  return privatePageMeta({
    title: t('reviewLink.meta.title', { ns: 'catalog' }),
    description: t('reviewLink.meta.description', { ns: 'catalog' }),
    origin: rootOrigin(matches),
  })
}

/**
 * A review link from a Delivered order (its email, its page): the token names the order and
 * the product, and lets the order's buyer write or edit that review without signing in on
 * this device (docs/decisions/035). A link that is not valid, has expired, or whose order is
 * no longer Delivered says so, with no form.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const token = queryParam(url.searchParams, 'token') ?? ''
  return { token, link: await services.reviews.readLink(token) }
}

/** The review form, posted as plain multipart with up to three photos; the token comes with it. */
export async function action({ context, request, url }: Route.ActionArgs): Promise<ReviewResult> {
  const { services } = context.get(appContext)
  const form = await request.formData()
  const values = formValues(form, ['rating', 'title', 'text', 'fit'])
  const token = formValues(form, ['token']).token ?? queryParam(url.searchParams, 'token') ?? ''
  const parsed = parseForm(reviewByLinkSchema, { ...values, token })
  if (!parsed.success) return { reviewError: parsed.message, fieldErrors: parsed.fieldErrors, values }
  const files = form.getAll('photos').filter((f): f is File => f instanceof File && f.size > 0)
  if (files.length > REVIEW_PHOTOS_MAX)
    return { reviewError: `Add at most ${REVIEW_PHOTOS_MAX} photos`, fieldErrors: {}, values }
  const photos = await Promise.all(files.map(async (f) => new Uint8Array(await f.arrayBuffer())))
  const done = await attempt(context, () => services.reviews.submitByLink(parsed.data, photos), {
    fallback: 'Your review could not be saved. Please try again.',
    what: 'review by link',
  })
  if (!done.ok) return { reviewError: done.message, fieldErrors: done.fieldErrors ?? {}, values }
  return { reviewSaved: true }
}

export default function ReviewLinkPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('catalog')
  const { t: common } = useTranslation()
  const { link, token } = loaderData

  if (link.state !== 'ready')
    return (
      <main id="main" className="container-page py-14 sm:py-20">
        <div className="mx-auto max-w-lg rounded-2xl border border-line bg-white p-6 text-center sm:p-8">
          <CircleAlert aria-hidden className="mx-auto size-10 text-danger" />
          <h1 className="mt-4 font-display text-2xl font-semibold text-ink">{t('reviewLink.broken')}</h1>
          <p role="alert" className="mt-2 text-muted">
            {translateMessage(common, link.message)}
          </p>
          <Link to="/order" className="btn-primary mt-6">
            {t('reviewLink.myOrders')}
          </Link>
        </div>
      </main>
    )

  const { product } = link
  return (
    <main id="main" className="container-page py-10 sm:py-14">
      <div className="mx-auto max-w-2xl">
        <div className="flex items-center gap-4">
          <div className="w-20 shrink-0 overflow-hidden rounded-lg bg-sand">
            <ProductImage src={product.image} alt="" sizes="80px" />
          </div>
          <div className="min-w-0">
            <h1 className="font-display text-2xl font-semibold text-ink">
              <span className="block text-sm font-medium text-muted">{t('reviewLink.title')}</span>
              <bdi>{product.name}</bdi>
            </h1>
            <p className="mt-1 text-sm text-muted">
              {t('reviewLink.fromOrder', { number: `\u2068${orderNumber(link.orderId)}\u2069` })}
            </p>
          </div>
        </div>
        <ReviewForm
          productId={product._id}
          signedIn
          bought={link.size}
          mine={link.review}
          result={actionData}
          token={token}
        />
        <Link
          to={`/productdetail/${product._id}`}
          className="mt-6 inline-block text-sm text-muted underline-offset-4 hover:underline"
        >
          {t('reviewLink.seeProduct')}
        </Link>
      </div>
    </main>
  )
}

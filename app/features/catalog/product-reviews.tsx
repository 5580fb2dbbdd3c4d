import { useState } from 'react'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Camera, MessageSquareReply, ThumbsUp } from '#app/components/icons.tsx'
import { Form, Link } from '#app/lib/i18n/links.tsx'
import { fitSummary, REVIEWS_PAGE_SIZE, reviewSorts } from '#contracts/review-terms.ts'
import type { Review, ReviewsPage } from '#contracts/reviews.ts'
import { Stars } from '#app/components/stars.tsx'
import { Pagination } from '#app/components/pagination.tsx'
import { ImageViewer } from '#app/components/image-viewer.tsx'
import { formatOrderDate } from '#app/lib/dates.ts'
import { useLang } from '#app/lib/i18n/language.ts'
import { productSrcSet } from '#app/lib/images.ts'
import { isolate, ReviewForm, type ReviewFormProps } from '#app/features/catalog/review-form.tsx'

/** The reviews' part of the product page's address: ?reviewSort=…&reviewPage=…&withPhotos=1. */
export interface ReviewView {
  sort: (typeof reviewSorts)[number]
  page: number
  photos: boolean
}

/** The address of a view of the reviews, from the product page's own. */
export function reviewsHref(view: ReviewView): string {
  const params = new URLSearchParams()
  params.set('reviewSort', view.sort)
  if (view.page > 1) params.set('reviewPage', String(view.page))
  if (view.photos) params.set('withPhotos', '1')
  return `?${params.toString()}#reviews`
}

/**
 * The Reviews tab: the average and count, the stars' distribution and what most say of
 * the fit, then the approved reviews a page at a time, in the shopper's order, with or
 * without photos. Every control is a link or a form, so it all works before the app runs.
 */
export function ProductReviews({
  data,
  view,
  voted,
  form,
}: {
  /** Null when the reviews could not be read: the page says so and carries on. */
  data: ReviewsPage | null
  view: ReviewView
  /** Reviews this shopper found helpful already. */
  voted: string[]
  form: ReviewFormProps
}) {
  const { t } = useTranslation('catalog')
  if (!data) return <p className="text-sm text-muted">{t('reviews.unavailable')}</p>
  const fit = fitSummary(data.fit)
  const link = 'rounded-full px-3 py-2 text-sm font-medium min-h-11 inline-flex items-center'

  return (
    <div id="reviews" className="scroll-mt-24">
      {data.count === 0 ? (
        <div className="text-sm leading-relaxed text-muted">
          <p className="font-medium text-ink">{t('reviews.none')}</p>
          <p className="mt-1">{t('reviews.empty')}</p>
        </div>
      ) : (
        <div className="grid gap-8 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <div>
            <p className="flex items-baseline gap-2">
              <span className="font-display text-4xl font-semibold text-ink">{data.average?.toFixed(1)}</span>
              <span className="text-sm text-muted">{t('reviews.outOf')}</span>
            </p>
            <Stars rating={data.average ?? 0} label={t('reviews.rated', { rating: data.average?.toFixed(1) })} />
            <p className="mt-1 text-sm text-muted">{t('reviews.count', { count: data.count })}</p>
            <table className="mt-4 w-full text-sm">
              <caption className="sr-only">{t('reviews.distribution')}</caption>
              <tbody>
                {([5, 4, 3, 2, 1] as const).map((star) => {
                  const n = data.distribution[star]
                  return (
                    <tr key={star}>
                      <th scope="row" className="w-16 py-1 text-start font-normal text-muted">
                        {t('reviews.stars', { count: star })}
                      </th>
                      <td className="py-1">
                        <span aria-hidden className="block h-2 overflow-hidden rounded-full bg-sand">
                          <span
                            className="block h-full rounded-full bg-accent"
                            style={{ width: `${Math.round((n / data.count) * 100)}%` }}
                          />
                        </span>
                      </td>
                      <td className="w-10 py-1 text-end text-muted tabular-nums">{n}</td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
            {fit && (
              <p className="mt-4 text-sm font-medium text-ink">{t('reviews.mostSay', { fit: t(`fit.${fit}`) })}</p>
            )}
          </div>

          <div>
            <nav aria-label={t('reviews.sortLabel')} className="flex flex-wrap items-center gap-1">
              {reviewSorts.map((sort) => (
                <Link
                  key={sort}
                  to={reviewsHref({ ...view, sort, page: 1 })}
                  preventScrollReset
                  aria-current={view.sort === sort ? 'true' : undefined}
                  className={`${link} ${view.sort === sort ? 'bg-ink text-white' : 'text-ink hover:bg-sand'}`}
                >
                  {t(`reviews.sort.${sort}`)}
                </Link>
              ))}
              <Link
                to={reviewsHref({ ...view, photos: !view.photos, page: 1 })}
                preventScrollReset
                aria-pressed={view.photos}
                role="button"
                className={`${link} gap-1.5 border ${view.photos ? 'border-ink bg-ink text-white' : 'border-line text-ink hover:border-ink'}`}
              >
                <Camera aria-hidden className="size-4" />
                {t('reviews.withPhotos')}
              </Link>
            </nav>
            {data.items.length === 0 ? (
              <p className="mt-6 text-sm text-muted">{t('reviews.noneHere')}</p>
            ) : (
              // One form for the page's "Helpful" buttons: the pressed one sends its review's id.
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="helpful" />
                <ol className="mt-4 divide-y divide-line">
                  {data.items.map((review) => (
                    <ReviewItem
                      key={review.id}
                      review={review}
                      voted={voted.includes(review.id)}
                      own={form.mine?.id === review.id}
                    />
                  ))}
                </ol>
              </Form>
            )}
            <Pagination
              page={view.page}
              total={data.total}
              pageSize={REVIEWS_PAGE_SIZE}
              hrefFor={(page) => reviewsHref({ ...view, page })}
            />
          </div>
        </div>
      )}
      <ReviewForm {...form} />
    </div>
  )
}

function ReviewItem({ review, voted, own }: { review: Review; voted: boolean; own: boolean }) {
  const { t } = useTranslation('catalog')
  const lang = useLang()
  const [open, setOpen] = useState<string | null>(null)
  return (
    <li className="py-5">
      <article aria-labelledby={`review-${review.id}`}>
        <Stars rating={review.rating} label={t('reviews.rated', { rating: review.rating })} />
        <h3 id={`review-${review.id}`} className="mt-1 font-semibold text-ink">
          <bdi>{review.title}</bdi>
        </h3>
        <p className="mt-0.5 text-xs text-muted">
          <bdi>{review.author}</bdi> · {t('reviews.verified')} ·{' '}
          {t('reviews.sizeBought', { size: isolate(review.size) })} ·{' '}
          <time dateTime={review.createdAt}>{formatOrderDate(review.createdAt, lang)}</time>
        </p>
        <p className="mt-2 text-sm leading-relaxed whitespace-pre-line text-ink">
          <bdi>{review.text}</bdi>
        </p>
        <p className="mt-2 text-xs font-medium text-muted">{t('reviews.fitWas', { fit: t(`fit.${review.fit}`) })}</p>
        {review.photos.length > 0 && (
          <ul aria-label={t('reviews.photos')} className="mt-3 flex gap-2">
            {review.photos.map((src, i) => (
              <li key={src}>
                {/* A plain link to the photo before the app runs; the gallery's viewer once it does. */}
                <a
                  href={src}
                  onClick={(e) => {
                    e.preventDefault()
                    setOpen(src)
                  }}
                  className="block size-20 overflow-hidden rounded-lg bg-sand"
                  aria-label={t('reviews.photo', { n: i + 1, total: review.photos.length })}
                >
                  <img
                    src={src}
                    srcSet={productSrcSet(src)}
                    sizes="80px"
                    alt=""
                    loading="lazy"
                    className="size-full object-cover"
                  />
                </a>
              </li>
            ))}
          </ul>
        )}
        {open && (
          <ImageViewer src={open} alt={t('reviews.photoAlt', { title: review.title })} onClose={() => setOpen(null)} />
        )}
        {review.reply && (
          <div className="mt-3 rounded-lg bg-sand p-3 text-sm">
            <p className="flex items-center gap-1.5 font-semibold text-ink">
              <MessageSquareReply aria-hidden className="size-4" />
              {t('reviews.reply')}
            </p>
            <p className="mt-1 whitespace-pre-line text-ink">
              <bdi>{review.reply}</bdi>
            </p>
          </div>
        )}
        <button
          type="submit"
          name="reviewId"
          value={review.id}
          // One's own review takes no vote from its writer.
          disabled={voted || own}
          aria-pressed={own ? undefined : voted}
          className="mt-3 inline-flex min-h-11 items-center gap-1.5 rounded-full border border-line px-3 text-xs font-medium text-ink hover:border-ink disabled:cursor-default disabled:hover:border-line"
        >
          <ThumbsUp aria-hidden className="size-4" />
          {t('reviews.helpful', { count: review.helpful })}
        </button>
      </article>
    </li>
  )
}

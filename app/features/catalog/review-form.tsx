import { Trans } from '#app/lib/i18n/trans.tsx'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Form, Link, useLocalePath } from '#app/lib/i18n/links.tsx'
import { translateMessage } from '#app/lib/i18n/i18n.ts'
import { TextField } from '#app/components/text-field.tsx'
import type { FieldErrors } from '#contracts/parse.ts'
import { fits, REVIEW_PHOTOS_MAX, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN, type OwnReview } from '#contracts/reviews.ts'

/** What the page's action answers a review form. */
export type ReviewResult =
  { reviewSaved: true } | { reviewError: string; fieldErrors: FieldErrors; values: Record<string, string> }

export interface ReviewFormProps {
  productId: string
  /** Null for a guest. */
  signedIn: boolean
  /** The size this shopper received, when a Delivered order of theirs holds the product. */
  bought: string | null
  mine: OwnReview | null
  result: ReviewResult | undefined
  /** A review link's token (the /review page): posted with the form, it names the buyer. */
  token?: string
}

/**
 * The shopper's review (docs: only a Delivered order's buyer): stars, a title, the text,
 * the fit and up to three photos, posted to the product page as a plain multipart form.
 * Writing again edits the review, which waits for the store again.
 */
export function ReviewForm({ productId, signedIn, bought, mine, result, token }: ReviewFormProps) {
  const { t } = useTranslation('catalog')
  const { t: common } = useTranslation()
  const localePath = useLocalePath()
  const box = 'mt-10 rounded-xl border border-line bg-white p-4 sm:p-6'
  if (!signedIn)
    return (
      <p className={`${box} text-sm text-muted`}>
        <Trans
          t={t}
          i18nKey="reviews.signIn"
          components={[
            <Link
              key="sign-in"
              to={`/login?redirectTo=${encodeURIComponent(localePath(`/productdetail/${productId}?reviewSort=newest#write-review`))}`}
              className="font-medium text-accent underline underline-offset-4"
            />,
          ]}
        />
      </p>
    )
  if (!bought) return <p className={`${box} text-sm text-muted`}>{t('reviews.onlyBuyers')}</p>

  const failed = result && 'reviewError' in result ? result : null
  const errors = failed?.fieldErrors ?? {}
  const values = failed?.values ?? {
    rating: mine ? String(mine.rating) : '',
    title: mine?.title ?? '',
    text: mine?.text ?? '',
    fit: mine?.fit ?? '',
  }
  const error = (name: string) => (errors[name] ? translateMessage(common, errors[name]) : undefined)

  return (
    <section id="write-review" aria-labelledby="write-review-title" className={`${box} scroll-mt-24`}>
      <h3 id="write-review-title" className="font-display text-lg font-semibold text-ink">
        {mine ? t('reviews.form.editTitle') : t('reviews.form.title')}
      </h3>
      <p className="mt-1 text-sm text-muted">{t('reviews.form.intro', { size: isolate(bought) })}</p>
      {result && 'reviewSaved' in result ? (
        <p role="status" className="mt-3 rounded-lg bg-sand p-3 text-sm font-medium text-ink">
          {t('reviews.form.saved')}
        </p>
      ) : mine ? (
        <p className="mt-3 text-sm font-medium text-ink">{t(`reviews.form.status.${mine.status}`)}</p>
      ) : null}
      {failed && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {translateMessage(common, failed.reviewError)}
        </p>
      )}
      <Form method="post" encType="multipart/form-data" preventScrollReset className="mt-4 space-y-5">
        <input type="hidden" name="intent" value="review" />
        {token !== undefined && <input type="hidden" name="token" value={token} />}
        <fieldset aria-describedby={error('rating') ? 'review-rating-error' : undefined}>
          <legend className="field-label">{t('reviews.form.rating')}</legend>
          <div className="flex flex-wrap gap-2">
            {[5, 4, 3, 2, 1].map((n) => (
              <label
                key={n}
                className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-line px-3 text-sm has-checked:border-ink has-checked:bg-sand"
              >
                <input type="radio" name="rating" value={n} defaultChecked={values.rating === String(n)} required />
                {t('reviews.stars', { count: n })}
              </label>
            ))}
          </div>
          {error('rating') && (
            <p id="review-rating-error" className="field-error">
              {error('rating')}
            </p>
          )}
        </fieldset>
        <TextField
          label={t('reviews.form.titleField')}
          name="title"
          id="review-title"
          defaultValue={values.title}
          maxLength={120}
          dir="auto"
          required
          error={errors.title}
        />
        <div>
          <label htmlFor="review-text" className="field-label">
            {t('reviews.form.text')}
          </label>
          <textarea
            id="review-text"
            name="text"
            rows={5}
            dir="auto"
            minLength={REVIEW_TEXT_MIN}
            maxLength={REVIEW_TEXT_MAX}
            required
            defaultValue={values.text}
            className="field-input"
            aria-invalid={errors.text ? true : undefined}
            aria-describedby={`review-text-hint${errors.text ? ' review-text-error' : ''}`}
          />
          <p id="review-text-hint" className="mt-1 text-xs text-muted">
            {t('reviews.form.textHint', { min: REVIEW_TEXT_MIN, max: REVIEW_TEXT_MAX })}
          </p>
          {error('text') && (
            <p id="review-text-error" className="field-error">
              {error('text')}
            </p>
          )}
        </div>
        <fieldset aria-describedby={error('fit') ? 'review-fit-error' : undefined}>
          <legend className="field-label">{t('reviews.form.fit')}</legend>
          <div className="flex flex-wrap gap-2">
            {fits.map((fit) => (
              <label
                key={fit}
                className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-line px-3 text-sm has-checked:border-ink has-checked:bg-sand"
              >
                <input type="radio" name="fit" value={fit} defaultChecked={values.fit === fit} required />
                {t(`fit.${fit}`)}
              </label>
            ))}
          </div>
          {error('fit') && (
            <p id="review-fit-error" className="field-error">
              {error('fit')}
            </p>
          )}
        </fieldset>
        <div>
          <label htmlFor="review-photos" className="field-label">
            {t('reviews.form.photos')}
          </label>
          <input
            id="review-photos"
            type="file"
            name="photos"
            accept="image/jpeg,image/png,image/webp"
            multiple
            aria-describedby="review-photos-hint"
            className="block w-full text-sm text-ink file:me-3 file:min-h-11 file:rounded-full file:border file:border-ink file:bg-white file:px-4 file:text-sm file:font-semibold"
          />
          <p id="review-photos-hint" className="mt-1 text-xs text-muted">
            {t('reviews.form.photosHint', { count: REVIEW_PHOTOS_MAX })}
          </p>
        </div>
        <button type="submit" className="btn-primary w-full sm:w-auto">
          {mine ? t('reviews.form.update') : t('reviews.form.submit')}
        </button>
      </Form>
    </section>
  )
}

/** A size ("2-3Y") kept in its own direction inside a sentence of either language. */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`
}

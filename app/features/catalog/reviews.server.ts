import type { RouterContextProvider } from 'react-router'
import { localePath } from '#contracts/languages.ts'
import { REVIEW_PHOTOS_MAX, reviewInputSchema, reviewsQuerySchema } from '#contracts/reviews.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { attempt, logFault } from '#app/lib/service-result.server.ts'
import { formValues, parseForm } from '#app/lib/forms.ts'
import { redirectIn, requestLang } from '#app/lib/i18n/language.ts'
import type { ReviewView } from '#app/features/catalog/product-reviews.tsx'
import type { ReviewResult } from '#app/features/catalog/review-form.tsx'

type Context = Readonly<RouterContextProvider>

/** The reviews' view the page's address asks for; anything unreadable is the first page, newest first. */
export function reviewViewOf(url: URL): ReviewView & { asked: boolean } {
  const params = url.searchParams
  const parsed = reviewsQuerySchema.safeParse({
    sort: params.get('reviewSort') ?? undefined,
    page: params.get('reviewPage') ?? undefined,
    photos: params.get('withPhotos') ?? undefined,
  })
  const asked = params.has('reviewSort') || params.has('reviewPage') || params.has('withPhotos')
  if (!parsed.success) return { sort: 'newest', page: 1, photos: false, asked }
  return { sort: parsed.data.sort, page: parsed.data.page, photos: parsed.data.photos === '1', asked }
}

/**
 * What the product page shows of its reviews: a page of approved ones (null when they
 * cannot be read: the page carries on without them), and for a signed-in shopper their
 * own review, the size they received (null: no Delivered order holds it) and their votes.
 */
export async function loadReviews(context: Context, productId: string, view: ReviewView) {
  const { services, user } = context.get(appContext)
  const data = await services.reviews
    .ofProduct(productId, { sort: view.sort, page: view.page, photos: view.photos ? '1' : undefined })
    .catch((err: unknown) => {
      logFault(context, 'reviews failed', err)
      return null
    })
  if (!user) return { data, mine: null, bought: null, voted: [] as string[] }
  const [mine, eligible, voted] = await Promise.all([
    services.reviews.mine(user._id, productId),
    services.reviews.eligible(user._id, productId),
    services.reviews.votedOn(
      user._id,
      (data?.items ?? []).map((r) => r.id),
    ),
  ])
  return { data, mine: mine ?? null, bought: eligible?.size ?? null, voted: [...voted] }
}

/**
 * The page's review forms: "Helpful" (intent=helpful) and the shopper's review
 * (intent=review, multipart with up to three photos). A guest is sent to sign in and back.
 */
export async function reviewAction(
  context: Context,
  request: Request,
  productId: string,
  form: FormData,
): Promise<ReviewResult | undefined> {
  const { services, user } = context.get(appContext)
  const here = `/productdetail/${productId}`
  const intent = form.get('intent')
  if (!user) {
    const back = `${localePath(requestLang(request), here)}?reviewSort=newest#reviews`
    throw redirectIn(request, `/login?redirectTo=${encodeURIComponent(back)}`)
  }
  if (intent === 'helpful') {
    const reviewId = form.get('reviewId')
    if (typeof reviewId === 'string')
      await attempt(context, () => services.reviews.helpful(user._id, reviewId), {
        fallback: 'Your vote could not be saved. Please try again.',
        what: 'helpful vote',
      })
    // Back to the reviews as they were: a vote already cast, or one's own review, changes nothing.
    throw redirectIn(request, `${here}${new URL(request.url).search || '?reviewSort=newest'}#reviews`)
  }
  const values = formValues(form, ['rating', 'title', 'text', 'fit'])
  const parsed = parseForm(reviewInputSchema, { ...values, productId })
  if (!parsed.success) return { reviewError: parsed.message, fieldErrors: parsed.fieldErrors, values }
  const files = form.getAll('photos').filter((f): f is File => f instanceof File && f.size > 0)
  if (files.length > REVIEW_PHOTOS_MAX)
    return { reviewError: `Add at most ${REVIEW_PHOTOS_MAX} photos`, fieldErrors: {}, values }
  const photos = await Promise.all(files.map(async (f) => new Uint8Array(await f.arrayBuffer())))
  const done = await attempt(context, () => services.reviews.submit(user, parsed.data, photos), {
    fallback: 'Your review could not be saved. Please try again.',
    what: 'review',
  })
  if (!done.ok) return { reviewError: done.message, fieldErrors: done.fieldErrors ?? {}, values }
  return { reviewSaved: true }
}

import { Form, Link, redirect } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Check, EyeOff } from '#app/components/icons.tsx'
import type { Route } from './+types/reviews'
import { adminReviewsQuerySchema, reviewDecisionSchema, reviewStatuses } from '#contracts/reviews.ts'
import { Pager } from '#app/features/admin/pager.tsx'
import { consoleT } from '#app/features/admin/console-text.ts'
import { Stars } from '#app/components/stars.tsx'
import { appContext } from '#app/lib/app-context.server.ts'
import { requireAdmin } from '#app/lib/auth.server.ts'
import { attempt } from '#app/lib/service-result.server.ts'
import { parseForm } from '#app/lib/forms.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'
import { formatOrderDate } from '#app/lib/dates.ts'

export function meta({ matches, location }: Route.MetaArgs) {
  const t = consoleT(location.pathname)
  return privatePageMeta({
    title: t('reviews.meta.title'),
    description: t('reviews.meta.description'),
    origin: rootOrigin(matches),
  })
}

/** The queue's view from the address: a status (waiting first), low ratings only, a page. */
function viewOf(url: URL) {
  const parsed = adminReviewsQuerySchema.safeParse({
    status: url.searchParams.get('status') || undefined,
    low: url.searchParams.get('low') || undefined,
    page: url.searchParams.get('page') || undefined,
  })
  return parsed.success ? parsed.data : adminReviewsQuerySchema.parse({})
}

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url)
  const { services } = context.get(appContext)
  const view = viewOf(url)
  const list = await services.reviews.queue(view)
  // Who last decided on each, from the console's audit log.
  return { view, list, decisions: await services.admin.lastReviewDecisions(list.items.map((r) => r.id)) }
}

/** Approve or hide one review, with the store's reply; back to the queue as it was. */
export async function action({ context, url, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, url)
  const { services } = context.get(appContext)
  const form = await request.formData()
  const id = form.get('reviewId')
  const reply = form.get('reply')
  const parsed = parseForm(reviewDecisionSchema, {
    approve: form.get('intent') === 'approve',
    ...(typeof reply === 'string' ? { reply } : {}),
  })
  if (typeof id !== 'string' || !parsed.success) return { message: parsed.success ? 'Not found' : parsed.message }
  const done = await attempt(context, () => services.admin.decideReview(id, parsed.data, admin), {
    fallback: consoleT(url.pathname)('reviews.failed'),
    what: 'review decision',
  })
  if (!done.ok) return { message: done.message }
  throw redirect(`/admin/reviews${url.search}`)
}

/** Reviews waiting for the owner (oldest first), and those shown or hidden: approve, hide, reply. */
export default function Reviews({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin')
  const { view, list, decisions } = loaderData
  const href = (over: Partial<typeof view>) => {
    const next = { ...view, ...over }
    const params = new URLSearchParams({ status: next.status })
    if (next.low === '1') params.set('low', '1')
    if (next.page > 1) params.set('page', String(next.page))
    return `/admin/reviews?${params.toString()}`
  }
  const tab = 'inline-flex min-h-11 items-center rounded-full px-4 text-sm font-medium'
  return (
    <main id="main" className="container-page py-8 sm:py-10">
      <h1 className="section-title">{t('reviews.title')}</h1>
      <nav aria-label={t('reviews.filters')} className="mt-4 flex flex-wrap items-center gap-2">
        {reviewStatuses.map((status) => (
          <Link
            key={status}
            to={href({ status, page: 1 })}
            aria-current={view.status === status ? 'true' : undefined}
            className={`${tab} ${view.status === status ? 'bg-ink text-white' : 'border border-line bg-white text-ink'}`}
          >
            {t(`reviews.status.${status}`)}
          </Link>
        ))}
        <Link
          to={href({ low: view.low === '1' ? undefined : '1', page: 1 })}
          aria-pressed={view.low === '1'}
          role="button"
          className={`${tab} ${view.low === '1' ? 'bg-danger text-white' : 'border border-line bg-white text-ink'}`}
        >
          {t('reviews.low')}
        </Link>
      </nav>
      <p role="status" className="mt-4 text-sm text-muted">
        {t('reviews.count', { count: list.total })}
      </p>
      {actionData?.message && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {actionData.message}
        </p>
      )}
      <ul className="mt-3 space-y-4">
        {list.items.map((r) => (
          <li key={r.id} className="rounded-2xl border border-line bg-white p-4">
            <article aria-labelledby={`review-${r.id}`}>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Stars rating={r.rating} label={t('reviews.rated', { rating: r.rating })} />
                <h2 id={`review-${r.id}`} className="font-semibold text-ink">
                  {r.title}
                </h2>
              </div>
              <p className="mt-1 text-xs text-muted">
                <Link to={`/productdetail/${r.productId}`} className="underline underline-offset-4">
                  {r.productName}
                </Link>{' '}
                · {t('reviews.by', { name: r.author, email: r.email })} ·{' '}
                {t('reviews.bought', { size: r.size, order: r.orderId.slice(0, 8) })} · {t(`reviews.fit.${r.fit}`)} ·{' '}
                {r.createdAt.slice(0, 10)}
              </p>
              {decisions[r.id] && (
                <p className="mt-1 text-xs text-muted">
                  {t('reviews.decided', {
                    action: t(`reviews.action.${decisionKey(decisions[r.id]!.action)}`),
                    name: decisions[r.id]!.by,
                    date: formatOrderDate(decisions[r.id]!.at),
                  })}
                </p>
              )}
              <p className="mt-2 text-sm whitespace-pre-line text-ink">{r.text}</p>
              {r.photos.length > 0 && (
                <ul aria-label={t('reviews.photos')} className="mt-2 flex gap-2">
                  {r.photos.map((src, i) => (
                    <li key={src}>
                      <a href={src} className="block size-16 overflow-hidden rounded-lg bg-sand">
                        <img
                          src={src}
                          alt={t('reviews.photo', { n: i + 1 })}
                          loading="lazy"
                          className="size-full object-cover"
                        />
                      </a>
                    </li>
                  ))}
                </ul>
              )}
              <Form method="post" className="mt-3 space-y-2">
                <input type="hidden" name="reviewId" value={r.id} />
                <label htmlFor={`reply-${r.id}`} className="field-label">
                  {t('reviews.reply')}
                </label>
                <textarea
                  id={`reply-${r.id}`}
                  name="reply"
                  rows={2}
                  maxLength={2000}
                  defaultValue={r.reply ?? ''}
                  className="field-input"
                />
                <div className="flex flex-wrap gap-2">
                  <button type="submit" name="intent" value="approve" className="btn-primary px-4 py-2">
                    <Check aria-hidden className="size-4" />
                    {r.status === 'approved' ? t('reviews.saveShown') : t('reviews.approve')}
                    <span className="sr-only"> {r.title}</span>
                  </button>
                  <button type="submit" name="intent" value="hide" className="btn-secondary px-4 py-2">
                    <EyeOff aria-hidden className="size-4" />
                    {r.status === 'hidden' ? t('reviews.saveHidden') : t('reviews.hide')}
                    <span className="sr-only"> {r.title}</span>
                  </button>
                </div>
              </Form>
            </article>
          </li>
        ))}
        {list.items.length === 0 && (
          <li className="rounded-2xl border border-line bg-white px-4 py-6 text-sm text-muted">{t('reviews.none')}</li>
        )}
      </ul>
      <Pager page={list.page} pages={list.pages} href={(page) => href({ page })} />
    </main>
  )
}

/** An audit entry's action as the queue names it. */
function decisionKey(action: string): 'approve' | 'hide' | 'reply' {
  return action === 'hide' || action === 'reply' ? action : 'approve'
}

import { useState } from 'react'
import { data, useNavigation } from 'react-router'
import { Trans } from '#app/lib/i18n/trans.tsx'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { CircleAlert, PackageSearch } from '#app/components/icons.tsx'
import type { Route } from './+types/track'
import { trackQuerySchema, type TrackedOrder } from '#contracts/track.ts'
import { langOfPath } from '#contracts/languages.ts'
import { formatPrice } from '#contracts/pricing.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { attempt } from '#app/lib/service-result.server.ts'
import { parseForm, validateBeforeSubmit, type FieldErrors } from '#app/lib/forms.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'
import { tFor, translateMessage } from '#app/lib/i18n/i18n.ts'
import { Form, Link } from '#app/lib/i18n/links.tsx'
import { useLang } from '#app/lib/i18n/language.ts'
import { formatOrderDate } from '#app/lib/dates.ts'
import { PageIntro } from '#app/components/page-intro.tsx'
import { TextField } from '#app/components/text-field.tsx'
import { OrderTimeline } from '#app/features/orders/order-timeline.tsx'
import { OrderText } from '#app/features/orders/order-text.tsx'
import { CourierLink } from '#app/features/orders/courier-link.tsx'
import { statusName } from '#app/features/orders/order-labels.ts'

export function meta({ matches, location }: Route.MetaArgs) {
  const lang = langOfPath(location.pathname)
  const t = tFor(lang)
  // Not for search engines: the page is a form, and its answers are someone's own order.
  return privatePageMeta({
    title: t('meta.track.title', { ns: 'orders' }),
    description: t('meta.track.description', { ns: 'orders' }),
    origin: rootOrigin(matches),
    lang,
  })
}

const FIELDS = ['order', 'phone'] as const

type TrackResult =
  | { kind: 'found'; order: TrackedOrder }
  | { kind: 'refused'; message: string }
  | { kind: 'invalid'; fieldErrors: FieldErrors }

/**
 * The form is a GET, so `/track?order=#1A2B3C4D&phone=0300…` is the question itself and
 * works before (or without) scripts. A wrong pair, bad input and the per-client limit keep
 * their statuses (404, 400, 429); the page is never kept by a cache (server/http/caching.ts).
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const order = url.searchParams.get('order')
  const phone = url.searchParams.get('phone')
  const values = { order: order ?? '', phone: phone ?? '' }
  if (order === null && phone === null) return { values, result: null }
  const parsed = parseForm(trackQuerySchema, values)
  if (!parsed.success)
    return data(
      { values, result: { kind: 'invalid', fieldErrors: parsed.fieldErrors } satisfies TrackResult },
      { status: 400 },
    )
  const { services, clientAddress } = context.get(appContext)
  const found = await attempt(context, () => services.orders.track(parsed.data, clientAddress), {
    fallback: 'We could not look up orders just now. Please try again.',
    what: 'order tracking',
  })
  if (!found.ok)
    return data(
      { values, result: { kind: 'refused', message: found.message } satisfies TrackResult },
      { status: found.status, headers: found.headers },
    )
  return { values, result: { kind: 'found', order: found.value } satisfies TrackResult }
}

export default function Track({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('orders')
  const { t: tCommon } = useTranslation()
  const { values, result } = loaderData
  const navigation = useNavigation()
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null)
  const errors = clientErrors ?? (result?.kind === 'invalid' ? result.fieldErrors : {})
  const looking = navigation.state === 'loading' && navigation.location.pathname.endsWith('/track')

  return (
    <main id="main" className="container-page py-10 sm:py-14">
      <PageIntro eyebrow={t('track.eyebrow')} title={t('track.title')}>
        {t('track.intro')}
      </PageIntro>

      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,400px)_minmax(0,1fr)] lg:gap-14">
        <Form
          method="get"
          action="/track"
          noValidate
          onSubmit={(event) => setClientErrors(validateBeforeSubmit(event, trackQuerySchema, FIELDS))}
          className="space-y-5 self-start rounded-2xl border border-line bg-sand/40 p-5 sm:p-6"
        >
          <TextField
            label={t('track.order')}
            name="order"
            hint={t('track.orderHint')}
            defaultValue={values.order}
            error={errors.order}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            dir="ltr"
            required
          />
          <TextField
            label={t('track.phone')}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            hint={t('track.phoneHint')}
            defaultValue={values.phone}
            error={errors.phone}
            dir="ltr"
            required
          />
          <button type="submit" className="btn-primary w-full" disabled={looking} aria-busy={looking}>
            {looking ? t('track.submitting') : t('track.submit')}
          </button>
          <p className="text-sm text-muted">
            <Trans
              t={t}
              i18nKey="track.signIn"
              components={{
                orders: <Link to="/order" className="font-semibold text-accent underline-offset-4 hover:underline" />,
              }}
            />
          </p>
        </Form>

        <div aria-live="polite">
          {result?.kind === 'refused' && !clientErrors && (
            <p
              role="alert"
              className="flex items-start gap-2 rounded-xl border border-danger/30 bg-red-50 p-4 text-sm font-medium text-danger"
            >
              <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
              {translateMessage(tCommon, result.message)}
            </p>
          )}
          {result?.kind === 'found' && <TrackedOrderCard order={result.order} />}
          {result === null && (
            <div className="hidden place-items-center rounded-2xl border border-dashed border-line p-10 text-muted lg:grid">
              <PackageSearch aria-hidden className="size-12" />
            </div>
          )}
        </div>
      </div>
    </main>
  )
}

/** The order as /track shows it: where it is and how to follow the parcel; no one's name or address. */
function TrackedOrderCard({ order }: { order: TrackedOrder }) {
  const { t } = useTranslation('orders')
  const lang = useLang()
  const amount = formatPrice(order.amount)
  return (
    <section aria-labelledby="tracked-title" className="rounded-2xl border border-line p-5 sm:p-6">
      <h2 id="tracked-title" className="font-display text-2xl font-semibold text-ink">
        <OrderText k="track.result" number={order.number} />
      </h2>
      <p className="mt-1 text-sm text-muted">{t('track.placed', { date: formatOrderDate(order.date, lang) })}</p>
      <p className="mt-4 text-base font-semibold text-ink">
        {t('track.status', { status: statusName(t, order.status) })}
      </p>
      <p className="mt-1 text-sm text-ink">
        {order.payment ? t('track.paid', { amount }) : t('track.toPay', { amount })}
      </p>
      {order.courier && order.trackingUrl ? (
        <CourierLink courier={order.courier} url={order.trackingUrl} className="mt-3" />
      ) : (
        !order.courier && <p className="mt-3 text-sm text-muted">{t('track.noCourier')}</p>
      )}
      <div className="mt-6 border-t border-line pt-6">
        <OrderTimeline order={order} />
      </div>
    </section>
  )
}

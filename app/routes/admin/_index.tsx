import { Link } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import type { Route } from './+types/_index'
import { appContext } from '#app/lib/app-context.server.ts'
import { requireAdmin } from '#app/lib/auth.server.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'
import { formatPrice } from '#contracts/pricing.ts'
import { Price } from '#app/components/price.tsx'
import { consoleT } from '#app/features/admin/console-text.ts'
import { ReturnsChart } from '#app/features/admin/returns-chart.tsx'

export function meta({ matches, location }: Route.MetaArgs) {
  const t = consoleT(location.pathname)
  return privatePageMeta({
    title: t('dashboard.meta.title'),
    description: t('dashboard.meta.description'),
    origin: rootOrigin(matches),
  })
}

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url)
  const { services } = context.get(appContext)
  return { dashboard: await services.admin.dashboard() }
}

/** The store at a glance: what waits, what sold, what came back, what runs low. */
export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin')
  const d = loaderData.dashboard
  const rate = d.returnRate30d === null ? '–' : `${Math.round(d.returnRate30d * 1000) / 10}%`
  return (
    <main id="main" className="container-page py-8 sm:py-10">
      <h1 className="section-title">{t('dashboard.title')}</h1>
      <dl className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        <Figure label={t('dashboard.awaiting')} href="/admin/orders" emphasis={d.awaitingConfirmation > 0}>
          {d.awaitingConfirmation}
        </Figure>
        <Figure label={t('dashboard.today')}>{d.ordersToday}</Figure>
        <Figure label={t('dashboard.last7Days')}>{d.ordersLast7Days}</Figure>
        <Figure label={t('dashboard.placed')}>
          <Price amount={d.placedValue} />
        </Figure>
        <Figure label={t('dashboard.collected')}>
          <Price amount={d.collectedValue} />
        </Figure>
        <Figure label={t('dashboard.returnRate')} hint={t('dashboard.returnRateHint')}>
          {rate}
        </Figure>
        <Figure label={t('dashboard.discounts')} hint={t('dashboard.discountsHint')}>
          <Price amount={d.discountsGiven30d} />
        </Figure>
      </dl>

      <ReturnsChart days={d.returnsByDay} reasons={d.topReturnReasons} />

      <section aria-labelledby="codes-title" className="mt-10">
        <h2 id="codes-title" className="font-display text-lg font-semibold text-ink">
          {t('dashboard.codes.title')}
        </h2>
        {d.topCodes.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{t('dashboard.codes.none')}</p>
        ) : (
          <ul className="mt-3 divide-y divide-line rounded-2xl border border-line bg-white">
            {d.topCodes.map((c) => (
              <li key={c.code} className="flex items-center justify-between gap-3 px-4 py-3 text-sm">
                <span className="min-w-0 truncate font-medium text-ink">{c.code}</span>
                <span className="shrink-0 text-muted">
                  {t('dashboard.codes.orders', { count: c.orders })} ·{' '}
                  {t('dashboard.codes.off', { amount: formatPrice(c.discount) })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="low-title" className="mt-10">
        <h2 id="low-title" className="font-display text-lg font-semibold text-ink">
          {t('dashboard.low.title')}
        </h2>
        {d.lowStock.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{t('dashboard.low.none')}</p>
        ) : (
          <ul className="mt-3 divide-y divide-line rounded-2xl border border-line bg-white">
            {d.lowStock.map((s) => (
              <li
                key={`${s.productId}|${s.size}`}
                className="flex items-center justify-between gap-3 px-4 py-3 text-sm"
              >
                <a href={`/productdetail/${s.productId}`} className="min-w-0 truncate text-ink hover:text-accent">
                  {s.name} <span className="text-muted">{t('dashboard.low.size', { size: s.size })}</span>
                </a>
                <span className={`shrink-0 font-semibold ${s.stock === 0 ? 'text-danger' : 'text-accent-dark'}`}>
                  {s.stock === 0 ? t('dashboard.low.soldOut') : t('dashboard.low.left', { count: s.stock })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  )
}

function Figure({
  label,
  hint,
  href,
  emphasis = false,
  children,
}: {
  label: string
  hint?: string
  href?: string
  emphasis?: boolean
  children: React.ReactNode
}) {
  const { t } = useTranslation('admin')
  return (
    <div className="rounded-2xl border border-line bg-white p-4 sm:p-5">
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd className={`mt-2 font-display text-2xl font-semibold sm:text-3xl ${emphasis ? 'text-accent' : 'text-ink'}`}>
        {children}
      </dd>
      {hint && <dd className="mt-1 text-xs text-muted">{hint}</dd>}
      {href && (
        <dd className="mt-1">
          <Link to={href} className="text-sm font-medium text-ink underline underline-offset-4 hover:text-accent">
            {t('dashboard.openQueue')}
          </Link>
        </dd>
      )}
    </div>
  )
}

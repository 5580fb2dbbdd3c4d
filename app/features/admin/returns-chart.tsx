import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import type { AdminDashboard } from '#contracts/admin.ts'

/**
 * The last 30 days' parcels, day by day (README, "Orders that need attention"): a column a
 * day, returned on top of delivered, with the same figures as a table for whoever cannot
 * see the columns; and why the returned ones came back, most first.
 */
export function ReturnsChart({
  days,
  reasons,
}: {
  days: AdminDashboard['returnsByDay']
  reasons: AdminDashboard['topReturnReasons']
}) {
  const { t } = useTranslation('admin')
  const most = Math.max(1, ...days.map((d) => d.delivered + d.returned))
  const delivered = days.reduce((n, d) => n + d.delivered, 0)
  const returned = days.reduce((n, d) => n + d.returned, 0)
  const label = (day: string) =>
    new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })
  return (
    <section aria-labelledby="returns-title" className="mt-10">
      <h2 id="returns-title" className="font-display text-lg font-semibold text-ink">
        {t('dashboard.returns.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('dashboard.returns.summary', { delivered, returned })}</p>
      <div className="mt-3 rounded-2xl border border-line bg-white p-4">
        <div aria-hidden className="flex h-32 items-end gap-px sm:gap-1">
          {days.map((d) => (
            <div
              key={d.day}
              title={`${label(d.day)}: ${t('dashboard.returns.day', { delivered: d.delivered, returned: d.returned })}`}
              className="flex h-full min-w-0 flex-1 flex-col justify-end"
            >
              <div className="bg-danger" style={{ height: `${(d.returned / most) * 100}%` }} />
              <div className="bg-ink/70" style={{ height: `${(d.delivered / most) * 100}%` }} />
            </div>
          ))}
        </div>
        <div aria-hidden className="mt-2 flex justify-between text-xs text-muted">
          <span>{label(days[0]?.day ?? '')}</span>
          <span>{label(days.at(-1)?.day ?? '')}</span>
        </div>
        <p aria-hidden className="mt-2 flex flex-wrap gap-4 text-xs text-muted">
          <span className="flex items-center gap-1.5">
            <span className="size-2.5 rounded-sm bg-ink/70" />
            {t('dashboard.returns.delivered')}
          </span>
          <span className="flex items-center gap-1.5">
            <span className="size-2.5 rounded-sm bg-danger" />
            {t('dashboard.returns.returned')}
          </span>
        </p>
        <details className="mt-3 text-sm">
          <summary className="inline-flex min-h-11 cursor-pointer items-center text-ink underline underline-offset-4">
            {t('dashboard.returns.table')}
          </summary>
          <table className="mt-2 w-full text-left text-sm">
            <caption className="sr-only">{t('dashboard.returns.title')}</caption>
            <thead className="text-xs text-muted">
              <tr>
                <th scope="col" className="py-1 font-semibold">
                  {t('dashboard.returns.date')}
                </th>
                <th scope="col" className="py-1 text-right font-semibold">
                  {t('dashboard.returns.delivered')}
                </th>
                <th scope="col" className="py-1 text-right font-semibold">
                  {t('dashboard.returns.returned')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {days
                .filter((d) => d.delivered + d.returned > 0)
                .map((d) => (
                  <tr key={d.day}>
                    <th scope="row" className="py-1 font-normal">
                      {label(d.day)}
                    </th>
                    <td className="py-1 text-right">{d.delivered}</td>
                    <td className="py-1 text-right">{d.returned}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </details>
      </div>
      <h3 className="mt-5 text-sm font-semibold text-ink">{t('dashboard.returns.reasons')}</h3>
      {reasons.length === 0 ? (
        <p className="mt-1 text-sm text-muted">{t('dashboard.returns.none')}</p>
      ) : (
        <ul className="mt-2 divide-y divide-line rounded-2xl border border-line bg-white">
          {reasons.map((r) => (
            <li key={r.reason} className="flex items-center justify-between gap-3 px-4 py-3 text-sm">
              <span className="min-w-0 text-ink">{r.reason === '' ? t('dashboard.returns.noReason') : r.reason}</span>
              <span className="shrink-0 text-muted">{t('dashboard.returns.parcels', { count: r.count })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

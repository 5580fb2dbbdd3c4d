import type { TFunction } from 'i18next'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import type { AuditEntry } from '#contracts/admin.ts'
import { formatOrderDate } from '#app/lib/dates.ts'
import { statusText } from '#app/features/admin/console-text.ts'

/** The store's changes to one order, oldest first: who moved it, from what to what, when. */
export function OrderAudit({ audit }: { audit: AuditEntry[] }) {
  const { t } = useTranslation('admin')
  return (
    <section aria-labelledby="audit-title" className="rounded-2xl border border-line bg-white p-4 sm:p-5">
      <h2 id="audit-title" className="font-display text-lg font-semibold text-ink">
        {t('audit.title')}
      </h2>
      {audit.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t('audit.none')}</p>
      ) : (
        <ol className="mt-2 space-y-2 text-sm">
          {audit.map((entry) => (
            <li key={entry.id}>
              <span className="text-ink">{entry.actor.name}</span>{' '}
              <span className="text-muted">
                {describe(t, entry.before)} → {describe(t, entry.after)} · {formatOrderDate(entry.at)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

function describe(t: TFunction<'admin'>, value: unknown): string {
  if (!value || typeof value !== 'object') return '–'
  const v = value as { status?: string; courier?: string; trackingNumber?: string }
  return [v.status && statusText(t, v.status), v.courier && `${v.courier} ${v.trackingNumber ?? ''}`.trim()]
    .filter(Boolean)
    .join(', ')
}

import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import type { ImportJob } from '#contracts/catalog-io.ts'

// The console's import page's parts (app/routes/admin/products.import.$jobId.tsx): how far
// it has come, what the file holds, and every problem by its line.

export function ImportProgress({ job }: { job: ImportJob }) {
  const { t } = useTranslation('admin')
  const step = job.step ?? 'file'
  const words = { done: job.done.toLocaleString('en-PK'), total: job.total.toLocaleString('en-PK') }
  return (
    <section className="mt-6 grid gap-2" aria-live="polite">
      <p className="text-sm font-medium text-ink">{job.phase === 'applying' ? t('job.applying') : t('job.checking')}</p>
      <progress
        className="h-3 w-full accent-ink"
        aria-label={t('job.progress')}
        {...(step === 'file' ? {} : { value: job.done, max: Math.max(1, job.total) })}
      />
      <p className="text-sm text-muted">
        {t(`job.step.${step}`, words)} · {t('job.refreshes')}
      </p>
    </section>
  )
}

export function ImportCounts({ job }: { job: ImportJob }) {
  const { t } = useTranslation('admin')
  const counts = job.counts!
  const shown = [
    ['rows', counts.rows],
    ['new', counts.new],
    ['changed', counts.changed],
    ['unchanged', counts.unchanged],
    ...(job.archiveMissing ? [['archived', counts.archived] as const] : []),
    ['photos', counts.photos],
  ] as const
  return (
    <section className="mt-6">
      <h2 className="text-sm font-semibold text-ink">{t('job.counts')}</h2>
      <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
        {shown.map(([key, value]) => (
          <div key={key} className="rounded-xl border border-line bg-white px-3 py-2">
            <dt className="text-xs text-muted">{t(`job.count.${key}`)}</dt>
            <dd className="text-lg font-semibold text-ink" data-count={key}>
              {value.toLocaleString('en-PK')}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

export function ImportProblems({ problems }: { problems: ImportJob['problems'] }) {
  const { t } = useTranslation('admin')
  return (
    <section className="mt-4">
      <h2 className="text-sm font-semibold text-ink">{t('job.problems')}</h2>
      {/* A list, not a table: at 390 px each problem wraps under its line and code. */}
      <ol className="mt-2 divide-y divide-line rounded-2xl border border-line bg-white">
        {problems.map((p, i) => (
          <li key={i} className="grid gap-0.5 px-3 py-2 text-sm sm:grid-cols-[5rem_12rem_minmax(0,1fr)] sm:gap-3">
            <span className="font-medium text-ink">
              {t('job.line')} {p.line}
            </span>
            <span className="break-all text-muted">{p.code ?? '—'}</span>
            <span className="break-words text-ink">{p.message}</span>
          </li>
        ))}
      </ol>
    </section>
  )
}

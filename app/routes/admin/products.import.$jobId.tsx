import { useEffect } from 'react'
import { data, Form, Link, redirect, useRevalidator } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { ArrowLeft, CircleCheck } from '#app/components/icons.tsx'
import type { Route } from './+types/products.import.$jobId'
import { appContext } from '#app/lib/app-context.server.ts'
import { requireAdmin } from '#app/lib/auth.server.ts'
import { attempt, orNotFound } from '#app/lib/service-result.server.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'
import { consoleT } from '#app/features/admin/console-text.ts'
import { ImportCounts, ImportProblems, ImportProgress } from '#app/features/admin/catalog-import.tsx'

export function meta({ matches, location }: Route.MetaArgs) {
  const t = consoleT(location.pathname)
  return privatePageMeta({
    title: t('job.meta.title'),
    description: t('job.meta.description'),
    origin: rootOrigin(matches),
  })
}

export async function loader({ context, url, params }: Route.LoaderArgs) {
  requireAdmin(context, url)
  const { services } = context.get(appContext)
  return { job: orNotFound(await attempt(context, () => Promise.resolve(services.admin.importJob(params.jobId)))) }
}

export async function action({ context, url, params }: Route.ActionArgs) {
  const admin = requireAdmin(context, url)
  const { services } = context.get(appContext)
  const applied = await attempt(context, () => Promise.resolve(services.admin.applyImportJob(params.jobId, admin)), {
    fallback: consoleT(url.pathname)('job.applyFailed'),
    what: 'catalog import apply',
  })
  if (!applied.ok) return data({ message: applied.message }, { status: applied.status })
  return redirect(url.pathname)
}

/** How often a running import's page is read again: by the browser's refresh, or by the app once it runs. */
const REFRESH_SECONDS = 2

export default function ImportJobPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin')
  const { job } = loaderData
  const running = job.phase === 'checking' || job.phase === 'applying'
  const revalidator = useRevalidator()
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate()
    }, REFRESH_SECONDS * 1000)
    return () => clearInterval(timer)
  }, [running, revalidator])
  return (
    <main id="main" className="container-page max-w-3xl py-8 sm:py-10">
      {/* Before the app's scripts run (or without them), the browser reads the page again. */}
      {running && <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />}
      <Link
        to="/admin/products/import"
        className="inline-flex min-h-11 items-center gap-1.5 text-sm text-muted hover:text-ink"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t('job.again')}
      </Link>
      <h1 className="section-title">{t('job.title')}</h1>
      {actionData?.message && (
        <p role="alert" className="mt-4 rounded-xl bg-red-50 px-4 py-3 text-sm text-danger">
          {actionData.message}
        </p>
      )}
      {running && <ImportProgress job={job} />}
      {job.counts && <ImportCounts job={job} />}
      {job.phase === 'checked' && (
        <Form method="post" className="mt-6 grid gap-3">
          <p role="status" className="text-sm text-ink">
            {t('job.checked')}
          </p>
          <div>
            <button type="submit" className="btn-primary">
              {t('job.apply')}
            </button>
          </div>
        </Form>
      )}
      {job.phase === 'refused' && (
        <>
          <p role="alert" className="mt-6 rounded-xl bg-red-50 px-4 py-3 text-sm text-danger">
            {t('job.refused', { count: job.problems.length })}
          </p>
          <ImportProblems problems={job.problems} />
        </>
      )}
      {job.phase === 'done' && (
        <p role="status" className="mt-6 flex items-center gap-2 text-sm font-medium text-success">
          <CircleCheck aria-hidden className="size-4" />
          {t('job.done')}{' '}
          <Link to="/admin/products" className="underline">
            {t('job.toProducts')}
          </Link>
        </p>
      )}
      {job.phase === 'failed' && (
        <p role="alert" className="mt-6 rounded-xl bg-red-50 px-4 py-3 text-sm text-danger">
          {t('job.failed')} {job.message}
        </p>
      )}
    </main>
  )
}

import { data, Form, Link, redirect } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { ArrowLeft, Download } from '#app/components/icons.tsx'
import type { Route } from './+types/products.import'
import { appContext } from '#app/lib/app-context.server.ts'
import { requireAdmin } from '#app/lib/auth.server.ts'
import { attempt } from '#app/lib/service-result.server.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'
import { consoleT } from '#app/features/admin/console-text.ts'

export function meta({ matches, location }: Route.MetaArgs) {
  const t = consoleT(location.pathname)
  return privatePageMeta({
    title: t('import.meta.title'),
    description: t('import.meta.description'),
    origin: rootOrigin(matches),
  })
}

export function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url)
  return null
}

/**
 * The upload is handed to the console's service as it arrives, never read into memory
 * (server/admin/catalog-io.ts): it is checked in the background, and its page shows the
 * preview. Nothing is written until the owner applies it there.
 */
export async function action({ context, url, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, url)
  const { services } = context.get(appContext)
  const started = await attempt(
    context,
    () => services.admin.startImport(request.body, request.headers.get('content-type') ?? '', admin, { dryRun: true }),
    { fallback: consoleT(url.pathname)('import.failed'), what: 'catalog import upload' },
  )
  if (!started.ok) return data({ message: started.message }, { status: started.status })
  return redirect(`/admin/products/import/${started.value.id}`)
}

export default function ImportProducts({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin')
  return (
    <main id="main" className="container-page max-w-3xl py-8 sm:py-10">
      <Link
        to="/admin/products"
        className="inline-flex min-h-11 items-center gap-1.5 text-sm text-muted hover:text-ink"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t('import.back')}
      </Link>
      <h1 className="section-title">{t('import.title')}</h1>
      <p className="mt-3 text-sm text-muted">{t('import.lead')}</p>
      <section className="mt-6 rounded-2xl border border-line bg-white p-4 sm:p-6">
        {/* A plain link: the browser downloads the file the API streams. */}
        <a href="/api/admin/catalog/export" download className="btn-primary">
          <Download aria-hidden className="size-4" />
          {t('import.export')}
        </a>
        <p className="mt-3 text-sm text-muted">{t('import.exportHint')}</p>
      </section>
      {/* reloadDocument: the browser posts the files as they are, however large, without the app's scripts. */}
      <Form
        method="post"
        encType="multipart/form-data"
        reloadDocument
        className="mt-6 grid gap-5 rounded-2xl border border-line bg-white p-4 sm:p-6"
      >
        {actionData?.message && (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-danger">
            {actionData.message}
          </p>
        )}
        <label className="grid gap-1.5 text-sm font-medium text-ink">
          {t('import.csv')}
          <input type="file" name="csv" accept=".csv,text/csv" required className="field-input" />
        </label>
        <label className="grid gap-1.5 text-sm font-medium text-ink">
          {t('import.photos')}
          <input type="file" name="photos" accept=".zip,application/zip" className="field-input" />
          <span className="text-xs font-normal text-muted">{t('import.photosHint')}</span>
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm text-ink">
          <input type="checkbox" name="archiveMissing" value="true" className="size-4" />
          {t('import.archiveMissing')}
        </label>
        <div>
          <button type="submit" className="btn-primary">
            {t('import.check')}
          </button>
        </div>
      </Form>
    </main>
  )
}

import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Link } from '#app/lib/i18n/links.tsx'

export function ErrorPage({ status, title, message }: { status: number; title: string; message: string }) {
  const { t } = useTranslation()
  return (
    <main id="main" className="container-page flex min-h-[60vh] flex-col items-center justify-center py-20 text-center">
      <p className="font-display text-7xl font-semibold text-accent">{status}</p>
      <h1 className="mt-4 font-display text-3xl font-semibold">{title}</h1>
      <p className="mt-3 max-w-md text-muted">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-primary">
          {t('error.home')}
        </Link>
        <Link to="/collection" className="btn-secondary">
          {t('error.browse')}
        </Link>
      </div>
    </main>
  )
}

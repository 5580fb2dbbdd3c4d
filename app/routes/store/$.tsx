import { notFound } from '#app/lib/service-result.server.ts'
import { StatusBoundary } from '#app/components/status-boundary.tsx'
import { langOfPath } from '#contracts/languages.ts'
import { tFor } from '#app/lib/i18n/i18n.ts'
import type { Route } from './+types/$'

export function loader() {
  notFound()
}

export function meta({ location }: Route.MetaArgs) {
  const t = tFor(langOfPath(location.pathname))
  return [{ title: t('notFound.meta.title', { ns: 'pages' }) }, { name: 'robots', content: 'noindex' }]
}

export default function NotFound() {
  return null
}

export function ErrorBoundary() {
  return <StatusBoundary />
}

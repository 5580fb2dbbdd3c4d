import { notFound } from '#app/lib/service-result.server.ts'
import { StatusBoundary } from '#app/components/status-boundary.tsx'

export function loader() {
  notFound()
}

export function meta() {
  return [{ title: 'Page not found | Kapra' }, { name: 'robots', content: 'noindex' }]
}

export default function NotFound() {
  return null
}

export function ErrorBoundary() {
  return <StatusBoundary />
}

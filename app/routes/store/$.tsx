import { data } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'

export function loader() {
  throw data(null, { status: 404 })
}

export function meta() {
  return [{ title: 'Page not found | Kapra' }, { name: 'robots', content: 'noindex' }]
}

export default function NotFound() {
  return null
}

export function ErrorBoundary() {
  return <ErrorPage status={404} title="Page not found" message="The page you are looking for does not exist." />
}

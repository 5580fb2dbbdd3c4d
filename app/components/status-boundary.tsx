import type { ReactNode } from 'react'
import { isRouteErrorResponse, useRouteError, type ErrorResponse } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { ErrorPage } from '#app/components/error-page.tsx'

/** What a route shows for an error response of one status; `data` is what its loader threw with it. */
export type StatusHandlers = Partial<Record<number, (error: ErrorResponse) => ReactNode>>

/** The store's own answers (in the page's language), which a route may replace status by status. */
function StorePage({ status }: { status: 503 | 404 | 500 }) {
  const { t } = useTranslation()
  return <ErrorPage status={status} title={t(`error.${status}.title`)} message={t(`error.${status}.message`)} />
}

const storeHandlers: StatusHandlers = {
  // The database out of reach: the root's middleware answers 503 (docs/decisions/013).
  503: () => <StorePage status={503} />,
  404: () => <StorePage status={404} />,
}

/**
 * The one error page of every route's `ErrorBoundary`: an error response with a handler
 * (the route's, else the store's) gets its page; anything else is the store's 500 page.
 */
export function StatusBoundary({ statusHandlers }: { statusHandlers?: StatusHandlers }) {
  const error = useRouteError()
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers?.[error.status] ?? storeHandlers[error.status]
    if (handler) return handler(error)
  } else if (typeof document !== 'undefined') {
    // On the server, entry.server.tsx's handleError has logged it with the request id.
    console.error(error)
  }
  return <StorePage status={500} />
}

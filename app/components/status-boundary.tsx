import type { ReactNode } from 'react'
import { isRouteErrorResponse, useRouteError, type ErrorResponse } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'

/** What a route shows for an error response of one status; `data` is what its loader threw with it. */
export type StatusHandlers = Partial<Record<number, (error: ErrorResponse) => ReactNode>>

/** The store's own answers, which a route may replace status by status. */
const storeHandlers: StatusHandlers = {
  // The database out of reach: the root's middleware answers 503 (docs/decisions/013).
  503: () => (
    <ErrorPage
      status={503}
      title="We’ll be right back"
      message="The store is busy for a moment and could not open this page. Please try again in a few seconds; your cart and orders are safe."
    />
  ),
  404: () => <ErrorPage status={404} title="Page not found" message="The page you are looking for does not exist." />,
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
  return <ErrorPage status={500} title="Something went wrong" message="Please try again in a moment." />
}

import type { User } from '#contracts/auth.ts'
import type { Services } from '#server/services.ts'
import type { SessionCookies } from '#server/auth/cookies.ts'

/** What the server hands every loader and action: the store's services and the visitor. */
export interface AppLoadContext {
  services: Services
  user: User | null
  /** The signed-in account has two-factor sign-in on (ADMIN_TWO_FACTOR=required reads it). */
  twoFactorEnrolled: boolean
  /** The session token the browser sent, for rotation at login and deletion at logout. */
  sessionToken: string | undefined
  sessionCookies: SessionCookies
  clientAddress: string
  /** This request's id, as the server's log lines carry it. */
  requestId: string
  /** The CSP nonce of this response, for inline scripts React Router writes; none on a page kept for every guest. */
  nonce: string | undefined
  /** Drawn for every guest and kept (server/page-cache.ts): rendered whole before it is sent. */
  forEveryGuest: boolean
  /** The database could not be reached to read the session: pages needing the account answer 503. */
  sessionUnavailable: boolean
  /** Set while rendering when a loader or action found the database out of reach. */
  faults: { database: boolean }
  /** The second rendering of a page that failed for the database: the root answers 503 at once. */
  outage: boolean
}

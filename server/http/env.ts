import type { User } from '#contracts/auth.ts'
import type { Services } from '#server/services.ts'

/** What every request carries through Hono's context. */
export interface AppEnv {
  Variables: {
    services: Services
    user: User | null
    /** The signed-in account has two-factor sign-in on (ADMIN_TWO_FACTOR=required reads it). */
    twoFactorEnrolled: boolean
    /** The session cookie's token as the browser sent it (verified or not). */
    sessionToken: string | undefined
    /** The database could not be reached to read the session: the visitor is served as a guest. */
    sessionUnavailable: boolean
    clientAddress: string
    /** The protocol the client used: the trusted proxies' X-Forwarded-Proto, else the request's own. */
    clientProtocol: 'http' | 'https'
    requestId: string
    secureHeadersNonce?: string
    /** This page is drawn for every guest and kept (server/page-cache.ts): no nonce, the whole page at once. */
    forEveryGuest?: boolean
  }
}

import { createContext } from 'react-router'
import type { User } from '#contracts/auth.ts'
import type { Services } from '#server/services.ts'
import type { SessionCookies } from '#server/auth/cookies.ts'

/** What the server hands every loader and action: the store's services and the visitor. */
export interface AppLoadContext {
  services: Services
  user: User | null
  /** The session token the browser sent, for rotation at login and deletion at logout. */
  sessionToken: string | undefined
  sessionCookies: SessionCookies
  clientAddress: string
  /** This request's id, as the server's log lines carry it. */
  requestId: string
  /** The CSP nonce of this response, for inline scripts React Router writes. */
  nonce: string | undefined
}

// Exported again by entry.server.tsx so the server process uses this very key.
export const appContext = createContext<AppLoadContext>()

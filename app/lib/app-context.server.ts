import { createContext } from 'react-router'
import type { AppLoadContext } from '#server/page-context.ts'

// What the server hands every loader and action is declared beside the code that
// hands it (server/pages.ts), so the server never imports the app.
export type { AppLoadContext }

// Exported again by entry.server.tsx so the server process uses this very key.
export const appContext = createContext<AppLoadContext>()

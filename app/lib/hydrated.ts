import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False in the server's render and while React hydrates it, true from then on: for
 * controls that are shown only until the app has booted (a form's plain submit button).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}

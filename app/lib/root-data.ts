import { useRouteLoaderData } from 'react-router'
import type { loader } from '#app/root.tsx'

/** The root loader's data (visitor, store details, server cart), from any component. */
export function useRootData() {
  const data = useRouteLoaderData<typeof loader>('root')
  if (!data) throw new Error('root data is missing')
  return data
}

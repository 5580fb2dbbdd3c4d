import { useRouteLoaderData } from 'react-router'
import type { loader } from '#app/root.tsx'
import { DEFAULT_RETURN_DAYS } from '#contracts/return-window.ts'

/** The root loader's data (visitor, store details, server cart), from any component. */
export function useRootData() {
  const data = useRouteLoaderData<typeof loader>('root')
  if (!data) throw new Error('root data is missing')
  return data
}

/** The days after delivery a shopper may ask for an exchange or a return (RETURN_DAYS), for the policy texts. */
export function useReturnDays(): number {
  return useRouteLoaderData<typeof loader>('root')?.returnDays ?? DEFAULT_RETURN_DAYS
}

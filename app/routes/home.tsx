import type { Route } from './+types/home'
import { appContext } from '#app/lib/app-context.ts'

export async function loader({ context }: Route.LoaderArgs) {
  const products = await context.get(appContext).services.catalog.list()
  return { count: products.length }
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <h1>Kapra: {loaderData.count} products</h1>
}

import { Link } from 'react-router'
import { ArrowLeft } from 'lucide-react'
import type { Route } from './+types/products.new'
import { requireAdmin } from '#app/lib/auth.server.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'
import { ProductForm } from '#app/features/admin/product-form.tsx'
import { saveProductAction } from '#app/features/admin/save-product.server.ts'

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({
    title: 'New product · Console | Kapra',
    description: 'Add a product.',
    origin: rootOrigin(matches),
  })
}

export function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url)
  return null
}

export function action({ context, url, request }: Route.ActionArgs) {
  return saveProductAction(context, url, request, null)
}

export default function NewProduct({ actionData }: Route.ComponentProps) {
  return (
    <main id="main" className="container-page py-8 sm:py-10">
      <Link
        to="/admin/products"
        className="inline-flex min-h-11 items-center gap-1.5 text-sm text-muted hover:text-ink"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Products
      </Link>
      <h1 className="section-title">New product</h1>
      <ProductForm
        product={null}
        values={actionData && 'values' in actionData ? actionData.values : undefined}
        error={actionData && 'message' in actionData ? actionData.message : null}
        sizeAdded={actionData && 'sizeAdded' in actionData ? actionData.sizeAdded : undefined}
      />
    </main>
  )
}

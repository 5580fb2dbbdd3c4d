import { Link } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { ArrowLeft } from '#app/components/icons.tsx'
import type { Route } from './+types/products.new'
import { requireAdmin } from '#app/lib/auth.server.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'
import { ProductForm } from '#app/features/admin/product-form.tsx'
import { saveProductAction } from '#app/features/admin/save-product.server.ts'
import { consoleT } from '#app/features/admin/console-text.ts'

export function meta({ matches, location }: Route.MetaArgs) {
  const t = consoleT(location.pathname)
  return privatePageMeta({
    title: t('newProduct.meta.title'),
    description: t('newProduct.meta.description'),
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
  const { t } = useTranslation('admin')
  return (
    <main id="main" className="container-page py-8 sm:py-10">
      <Link
        to="/admin/products"
        className="inline-flex min-h-11 items-center gap-1.5 text-sm text-muted hover:text-ink"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t('product.back')}
      </Link>
      <h1 className="section-title">{t('newProduct.title')}</h1>
      <ProductForm
        product={null}
        values={actionData && 'values' in actionData ? actionData.values : undefined}
        error={actionData && 'message' in actionData ? actionData.message : null}
        sizeAdded={actionData && 'sizeAdded' in actionData ? actionData.sizeAdded : undefined}
      />
    </main>
  )
}

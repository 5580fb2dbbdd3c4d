import { Form, Link } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { ArrowLeft, CircleCheck } from '#app/components/icons.tsx'
import type { Route } from './+types/products.$productId'
import { appContext } from '#app/lib/app-context.server.ts'
import { requireAdmin } from '#app/lib/auth.server.ts'
import { attempt, orNotFound } from '#app/lib/service-result.server.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'
import { formatOrderDate } from '#app/lib/dates.ts'
import { ProductForm } from '#app/features/admin/product-form.tsx'
import { saveProductAction } from '#app/features/admin/save-product.server.ts'
import { auditActionText, consoleT } from '#app/features/admin/console-text.ts'

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const t = consoleT(location.pathname)
  return privatePageMeta({
    title: t('product.meta.title', { name: loaderData?.product.name ?? t('product.meta.unknown') }),
    description: t('product.meta.description'),
    origin: rootOrigin(matches),
  })
}

const auditActions = {
  create: 'audit.product.create',
  update: 'audit.product.update',
  archive: 'audit.product.archive',
  unarchive: 'audit.product.unarchive',
} as const

export async function loader({ context, url, params }: Route.LoaderArgs) {
  requireAdmin(context, url)
  const { services } = context.get(appContext)
  const product = orNotFound(await attempt(context, () => services.admin.product(params.productId)))
  return { product, saved: url.searchParams.has('saved') }
}

export async function action({ context, url, request, params }: Route.ActionArgs) {
  if (url.searchParams.has('archive')) {
    const admin = requireAdmin(context, url)
    const { services } = context.get(appContext)
    const archived = (await request.formData()).get('archived') === 'true'
    const done = await attempt(context, () => services.admin.setArchived(params.productId, archived, admin))
    return done.ok ? { message: null } : { message: done.message }
  }
  return saveProductAction(context, url, request, params.productId)
}

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin')
  const { product, saved } = loaderData
  const message = actionData && 'message' in actionData ? actionData.message : null
  const values = actionData && 'values' in actionData ? actionData.values : undefined
  const sizeAdded = actionData && 'sizeAdded' in actionData ? actionData.sizeAdded : undefined
  return (
    <main id="main" className="container-page py-8 sm:py-10">
      <Link
        to="/admin/products"
        className="inline-flex min-h-11 items-center gap-1.5 text-sm text-muted hover:text-ink"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t('product.back')}
      </Link>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="section-title">{product.name}</h1>
        <a href={`/productdetail/${product.id}`} className="text-sm text-muted underline underline-offset-4">
          {t('product.view')}
        </a>
      </div>
      {/* The code a catalog file names this product by (docs/decisions/033). */}
      <p className="mt-1 text-sm text-muted">
        {t('product.code')} <code className="break-all text-ink">{product.id}</code>
      </p>
      {saved && !actionData && (
        <p role="status" className="mt-4 flex items-center gap-2 text-sm font-medium text-success">
          <CircleCheck aria-hidden className="size-4" />
          {t('product.saved')}
        </p>
      )}
      <Form method="post" action={`/admin/products/${product.id}?archive`} className="mt-4">
        <input type="hidden" name="archived" value={product.archived ? 'false' : 'true'} />
        <p className="text-sm text-muted">
          {product.archived ? t('product.archived') : t('product.inStore')}{' '}
          <button type="submit" className="font-semibold text-ink underline underline-offset-4">
            {product.archived ? t('product.unarchive') : t('product.archive')}
          </button>
        </p>
      </Form>
      {/* A new version of the product (after a save) or a refused save's values: the form
          starts afresh from it, so no field keeps a count that is no longer what it shows. */}
      <ProductForm
        key={JSON.stringify(values ?? product)}
        product={product}
        values={values}
        error={message}
        sizeAdded={sizeAdded}
      />
      <section aria-labelledby="audit-title" className="mt-10 rounded-2xl border border-line bg-white p-4 sm:p-5">
        <h2 id="audit-title" className="font-display text-lg font-semibold text-ink">
          {t('audit.title')}
        </h2>
        {product.audit.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{t('audit.none')}</p>
        ) : (
          <ol className="mt-2 space-y-1 text-sm">
            {product.audit.map((e) => (
              <li key={e.id}>
                <span className="text-ink">{e.actor.name}</span>{' '}
                <span className="text-muted">
                  {auditActionText(t, auditActions, e.action)} · {formatOrderDate(e.at)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </main>
  )
}

import { Link } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { ArrowLeft } from '#app/components/icons.tsx'
import type { Route } from './+types/sales.new'
import { appContext } from '#app/lib/app-context.server.ts'
import { requireAdmin } from '#app/lib/auth.server.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'
import { consoleT } from '#app/features/admin/console-text.ts'
import { SaleForm } from '#app/features/admin/sale-form.tsx'
import { saleFormValues } from '#app/features/admin/sale-input.ts'
import { saveSaleAction } from '#app/features/admin/save-sale.server.ts'

export function meta({ matches, location }: Route.MetaArgs) {
  const t = consoleT(location.pathname)
  return privatePageMeta({
    title: t('sales.newMeta.title'),
    description: t('sales.newMeta.description'),
    origin: rootOrigin(matches),
  })
}

export function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url)
  const { services } = context.get(appContext)
  return { values: saleFormValues(null, services.now()) }
}

export function action({ context, url, request }: Route.ActionArgs) {
  return saveSaleAction(context, url, request, null)
}

export default function NewSale({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin')
  return (
    <main id="main" className="container-page py-8 sm:py-10">
      <Link to="/admin/sales" className="inline-flex min-h-11 items-center gap-1.5 text-sm text-muted hover:text-ink">
        <ArrowLeft aria-hidden className="size-4" />
        {t('sales.back')}
      </Link>
      <h1 className="section-title">{t('sales.newTitle')}</h1>
      <SaleForm
        key={JSON.stringify(actionData?.values ?? loaderData.values)}
        values={actionData?.values ?? loaderData.values}
        error={actionData?.message ?? null}
        submitLabel={t('sales.create')}
      />
    </main>
  )
}

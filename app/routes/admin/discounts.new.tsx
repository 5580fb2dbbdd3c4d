import { Link } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { ArrowLeft } from '#app/components/icons.tsx'
import type { Route } from './+types/discounts.new'
import { requireAdmin } from '#app/lib/auth.server.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'
import { consoleT } from '#app/features/admin/console-text.ts'
import { DiscountForm } from '#app/features/admin/discount-form.tsx'
import { saveDiscountAction } from '#app/features/admin/save-discount.server.ts'

export function meta({ matches, location }: Route.MetaArgs) {
  const t = consoleT(location.pathname)
  return privatePageMeta({
    title: t('discounts.newMeta.title'),
    description: t('discounts.newMeta.description'),
    origin: rootOrigin(matches),
  })
}

export function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url)
  return null
}

export function action({ context, url, request }: Route.ActionArgs) {
  return saveDiscountAction(context, url, request, null)
}

export default function NewDiscount({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin')
  return (
    <main id="main" className="container-page py-8 sm:py-10">
      <Link
        to="/admin/discounts"
        className="inline-flex min-h-11 items-center gap-1.5 text-sm text-muted hover:text-ink"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t('discounts.back')}
      </Link>
      <h1 className="section-title">{t('discounts.newTitle')}</h1>
      <DiscountForm
        values={actionData?.values ?? { kind: 'percent' }}
        errors={actionData?.fieldErrors ?? {}}
        message={actionData?.message ?? null}
        submitLabel={t('discounts.create')}
      />
    </main>
  )
}

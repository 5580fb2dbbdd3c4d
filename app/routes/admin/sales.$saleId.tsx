import { Form, Link } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { ArrowLeft, CircleCheck } from '#app/components/icons.tsx'
import type { Route } from './+types/sales.$saleId'
import { appContext } from '#app/lib/app-context.server.ts'
import { requireAdmin } from '#app/lib/auth.server.ts'
import { attempt, orNotFound } from '#app/lib/service-result.server.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'
import { formatOrderDate } from '#app/lib/dates.ts'
import { auditActionText, consoleT } from '#app/features/admin/console-text.ts'
import { SaleForm } from '#app/features/admin/sale-form.tsx'
import { saleFormValues } from '#app/features/admin/sale-input.ts'
import { scopeLabel, windowLabel } from '#app/features/admin/sale-labels.ts'
import { saveSaleAction } from '#app/features/admin/save-sale.server.ts'

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const t = consoleT(location.pathname)
  return privatePageMeta({
    title: t('sales.editMeta.title', { name: loaderData?.sale.name ?? t('sales.editMeta.unknown') }),
    description: t('sales.editMeta.description'),
    origin: rootOrigin(matches),
  })
}

const auditActions = {
  create: 'sales.audit.create',
  update: 'sales.audit.update',
  end: 'sales.audit.end',
} as const

export async function loader({ context, url, params }: Route.LoaderArgs) {
  requireAdmin(context, url)
  const { services } = context.get(appContext)
  const sale = orNotFound(await attempt(context, () => services.admin.sale(params.saleId)))
  return {
    sale,
    values: saleFormValues(sale, services.now()),
    saved: url.searchParams.has('saved'),
    ended: url.searchParams.has('ended'),
  }
}

export function action({ context, url, request, params }: Route.ActionArgs) {
  return saveSaleAction(context, url, request, params.saleId)
}

export default function EditSale({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin')
  const { sale, values, saved, ended } = loaderData
  return (
    <main id="main" className="container-page py-8 sm:py-10">
      <Link to="/admin/sales" className="inline-flex min-h-11 items-center gap-1.5 text-sm text-muted hover:text-ink">
        <ArrowLeft aria-hidden className="size-4" />
        {t('sales.back')}
      </Link>
      <h1 className="section-title">{sale.name}</h1>
      <p className="mt-2 text-sm text-muted">
        {t('sales.percentOff', { percent: sale.percentOff })} · {scopeLabel(t, sale)} · {windowLabel(t, sale)} ·{' '}
        <span className="font-semibold">{t(`sales.status.${sale.status}`)}</span>
      </p>
      {(saved || ended) && !actionData && (
        <p role="status" className="mt-4 flex items-center gap-2 text-sm font-medium text-success">
          <CircleCheck aria-hidden className="size-4" />
          {ended ? t('sales.ended') : t('sales.saved')}
        </p>
      )}
      {sale.status !== 'ended' && (
        <>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="end" />
            <button
              type="submit"
              className="inline-flex min-h-11 items-center rounded-full border border-line px-4 text-sm font-medium text-ink hover:border-ink"
            >
              {t('sales.endNow')}
            </button>
          </Form>
          <SaleForm
            key={JSON.stringify(actionData?.values ?? values)}
            values={actionData?.values ?? values}
            error={actionData?.message ?? null}
            submitLabel={t('sales.save')}
          />
        </>
      )}
      {sale.status === 'ended' && actionData?.message && (
        <p role="alert" className="mt-4 text-sm font-medium text-danger">
          {actionData.message}
        </p>
      )}
      <section aria-labelledby="audit-title" className="mt-10 rounded-2xl border border-line bg-white p-4 sm:p-5">
        <h2 id="audit-title" className="font-display text-lg font-semibold text-ink">
          {t('sales.history')}
        </h2>
        <ol className="mt-2 space-y-1 text-sm">
          {sale.audit.map((e) => (
            <li key={e.id}>
              <span className="text-ink">{e.actor.name}</span>{' '}
              <span className="text-muted">
                {t('sales.historyEntry', {
                  action: auditActionText(t, auditActions, e.action),
                  at: formatOrderDate(e.at),
                })}
              </span>
            </li>
          ))}
        </ol>
      </section>
    </main>
  )
}

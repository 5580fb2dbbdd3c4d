import { Form, Link } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { ArrowLeft, CircleCheck } from '#app/components/icons.tsx'
import type { Route } from './+types/discounts.$discountId'
import { appContext } from '#app/lib/app-context.server.ts'
import { requireAdmin } from '#app/lib/auth.server.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'
import { attempt, orNotFound } from '#app/lib/service-result.server.ts'
import { DiscountForm } from '#app/features/admin/discount-form.tsx'
import { describeValue, discountFormValues } from '#app/features/admin/discount-input.ts'
import { saveDiscountAction } from '#app/features/admin/save-discount.server.ts'
import { consoleT } from '#app/features/admin/console-text.ts'

export function meta({ matches, loaderData, location }: Route.MetaArgs) {
  const t = consoleT(location.pathname)
  return privatePageMeta({
    title: t('discounts.editMeta.title', { code: loaderData?.discount.code ?? t('discounts.back') }),
    description: t('discounts.editMeta.description'),
    origin: rootOrigin(matches),
  })
}

export async function loader({ context, url, params }: Route.LoaderArgs) {
  requireAdmin(context, url)
  const { services } = context.get(appContext)
  const discount = orNotFound(await attempt(context, () => services.admin.discount(params.discountId)))
  return { discount, saved: url.searchParams.has('saved'), ended: url.searchParams.has('ended') }
}

export function action({ context, url, request, params }: Route.ActionArgs) {
  return saveDiscountAction(context, url, request, params.discountId)
}

/** One code: what it gives, its uses, the form to change it, End now, and who changed what. */
export default function DiscountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin')
  const { discount: d, saved, ended } = loaderData
  return (
    <main id="main" className="container-page py-8 sm:py-10">
      <Link
        to="/admin/discounts"
        className="inline-flex min-h-11 items-center gap-1.5 text-sm text-muted hover:text-ink"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t('discounts.back')}
      </Link>
      <h1 className="section-title">{d.code}</h1>
      <p className="mt-2 text-sm text-muted">
        {describeValue(t, d)} · {t('discounts.used', { used: d.used, max: d.maxUses ?? t('discounts.unlimited') })} ·{' '}
        {t(`discounts.status.${d.status}`)}
      </p>
      {(saved || ended) && !actionData && (
        <p role="status" className="mt-4 flex items-center gap-2 text-sm font-medium text-success">
          <CircleCheck aria-hidden className="size-4" />
          {ended ? t('discounts.ended') : t('discounts.saved')}
        </p>
      )}
      <DiscountForm
        key={`${d.id}-${d.createdAt}-${d.endsAt ?? ''}`}
        values={actionData?.values && Object.keys(actionData.values).length ? actionData.values : discountFormValues(d)}
        errors={actionData?.fieldErrors ?? {}}
        message={actionData?.message ?? null}
        submitLabel={t('discounts.save')}
      />
      {d.status !== 'ended' && (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="end" />
          <button type="submit" className="btn-secondary">
            {t('discounts.endNow')}
          </button>
        </Form>
      )}
      <section aria-labelledby="history-title" className="mt-8 max-w-2xl">
        <h2 id="history-title" className="text-sm font-semibold tracking-[0.2em] text-ink uppercase">
          {t('discounts.history')}
        </h2>
        <ul className="mt-3 space-y-2 text-sm">
          {d.audit.map((entry) => (
            <li key={entry.id} className="text-muted">
              {t('discounts.historyEntry', {
                action: entry.action,
                name: entry.actor.name,
                at: new Date(entry.at).toISOString().slice(0, 16).replace('T', ' '),
              })}
            </li>
          ))}
        </ul>
      </section>
    </main>
  )
}

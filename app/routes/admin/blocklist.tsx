import { Form, Link, redirect, useNavigation } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { ArrowLeft, CircleAlert } from '#app/components/icons.tsx'
import type { Route } from './+types/blocklist'
import { blockPhoneSchema, blocklistQuerySchema, unblockPhoneSchema } from '#contracts/blocklist.ts'
import { Pager } from '#app/features/admin/pager.tsx'
import { appContext } from '#app/lib/app-context.server.ts'
import { requireAdmin } from '#app/lib/auth.server.ts'
import { attempt } from '#app/lib/service-result.server.ts'
import { formValues, parseForm } from '#app/lib/forms.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'
import { formatOrderDate } from '#app/lib/dates.ts'
import { consoleT } from '#app/features/admin/console-text.ts'

export function meta({ matches, location }: Route.MetaArgs) {
  const t = consoleT(location.pathname)
  return privatePageMeta({
    title: t('blocklist.meta.title'),
    description: t('blocklist.meta.description'),
    origin: rootOrigin(matches),
  })
}

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url)
  const { services } = context.get(appContext)
  const parsed = parseForm(blocklistQuerySchema, { page: url.searchParams.get('page') ?? undefined })
  const page = parsed.success ? parsed.data.page : 1
  // "Block this phone" from an order's page fills the phone in.
  return { page: await services.admin.blocklist(page), phone: (url.searchParams.get('phone') ?? '').slice(0, 30) }
}

/** Adding a phone (with its reason) or removing one: plain forms, told apart by `intent`. */
export async function action({ context, url, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, url)
  const { services } = context.get(appContext)
  const t = consoleT(url.pathname)
  const values = formValues(await request.formData(), ['intent', 'phone', 'reason'])
  if (values.intent === 'remove') {
    const parsed = parseForm(unblockPhoneSchema, { phone: values.phone })
    if (!parsed.success) return { message: parsed.message, values }
    const removed = await attempt(context, () => services.admin.unblockPhone(parsed.data.phone), {
      fallback: t('blocklist.failed'),
      what: 'unblock phone',
    })
    if (!removed.ok) return { message: removed.message, values }
    return redirect('/admin/blocklist?removed')
  }
  const parsed = parseForm(blockPhoneSchema, { phone: values.phone, reason: values.reason })
  if (!parsed.success) return { message: parsed.message, values }
  const added = await attempt(context, () => services.admin.blockPhone(parsed.data, admin), {
    fallback: t('blocklist.failed'),
    what: 'block phone',
  })
  if (!added.ok) return { message: added.message, values }
  return redirect('/admin/blocklist?added')
}

/** Phones whose new orders wait in "Needs attention", each with why (README, "Orders that need attention"). */
export default function Blocklist({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin')
  const { page, phone } = loaderData
  const busy = useNavigation().state === 'submitting'
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize))
  const adding = actionData?.values.intent !== 'remove' ? actionData : undefined
  return (
    <main id="main" className="container-page py-8 sm:py-10">
      <Link
        to="/admin/orders?attention=1"
        className="inline-flex min-h-11 items-center gap-1.5 text-sm text-muted hover:text-ink"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t('blocklist.back')}
      </Link>
      <h1 className="section-title">{t('blocklist.title')}</h1>
      <p className="mt-2 max-w-2xl text-sm text-muted">{t('blocklist.intro')}</p>

      {actionData?.message && (
        <p role="alert" className="mt-4 flex items-center gap-2 text-sm font-medium text-danger">
          <CircleAlert aria-hidden className="size-4 shrink-0" />
          {actionData.message}
        </p>
      )}

      <Form
        method="post"
        className="mt-5 grid gap-3 rounded-2xl border border-line bg-white p-4 sm:grid-cols-[12rem_1fr_auto] sm:items-end"
      >
        <input type="hidden" name="intent" value="add" />
        <label className="block">
          <span className="field-label">{t('blocklist.phone')}</span>
          <input
            name="phone"
            type="tel"
            inputMode="tel"
            required
            maxLength={30}
            defaultValue={adding?.values.phone ?? phone}
            placeholder="0300 1234567"
            className="field-input"
          />
        </label>
        <label className="block">
          <span className="field-label">{t('blocklist.reason')}</span>
          <input
            name="reason"
            required
            maxLength={200}
            defaultValue={adding?.values.reason ?? ''}
            placeholder={t('blocklist.reasonPlaceholder')}
            className="field-input"
          />
        </label>
        <button type="submit" disabled={busy} className="btn-primary">
          {t('blocklist.add')}
        </button>
      </Form>

      <p role="status" className="mt-5 text-sm text-muted">
        {t('blocklist.count', { count: page.total })}
      </p>
      {page.items.length > 0 && (
        <ul className="mt-3 divide-y divide-line rounded-2xl border border-line bg-white">
          {page.items.map((entry) => (
            <li key={entry.phoneKey} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="font-mono text-sm font-semibold text-ink">{entry.phone}</p>
                <p className="text-sm text-ink">{entry.reason}</p>
                <p className="text-xs text-muted">
                  {t('blocklist.added', { by: entry.by, date: formatOrderDate(entry.at) })}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="phone" value={entry.phone} />
                <button
                  type="submit"
                  disabled={busy}
                  aria-label={t('blocklist.removeLabel', { phone: entry.phone })}
                  className="inline-flex min-h-11 items-center rounded-full border border-line px-4 text-sm font-semibold text-ink hover:border-ink"
                >
                  {t('blocklist.remove')}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page.page} pages={pages} href={(n) => `/admin/blocklist${n > 1 ? `?page=${n}` : ''}`} />
    </main>
  )
}

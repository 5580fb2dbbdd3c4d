import { Form } from 'react-router'
import { Trans } from '#app/lib/i18n/trans.tsx'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { CircleAlert } from '#app/components/icons.tsx'
import { categories, subCategories } from '#contracts/catalog.ts'
import { MAX_PERCENT_OFF, MIN_PERCENT_OFF } from '#contracts/sales.ts'
import type { SaleFormValues } from '#app/features/admin/sale-input.ts'

/**
 * A sale's form (docs/decisions/025): a plain POST form that works before the console's
 * scripts run. The window is entered in Pakistan time; the scope is the whole store, a
 * category and/or sub-category, or products named by their ids.
 */
export function SaleForm({
  values,
  error,
  submitLabel,
}: {
  values: SaleFormValues
  error: string | null
  submitLabel: string
}) {
  const { t } = useTranslation('admin')
  return (
    <Form method="post" className="mt-6 grid max-w-2xl gap-5">
      {error && (
        <p
          role="alert"
          className="flex items-center gap-2 rounded-xl border border-danger/30 bg-red-50 p-3 text-sm font-medium text-danger"
        >
          <CircleAlert aria-hidden className="size-4 shrink-0" />
          <span>{error}</span>
        </p>
      )}
      <fieldset className="grid min-w-0 gap-4 rounded-2xl border border-line bg-white p-4 sm:grid-cols-2 sm:p-5">
        <legend className="px-1 font-display text-lg font-semibold text-ink">{t('sales.form.sale')}</legend>
        <label className="block sm:col-span-2">
          <span className="field-label">{t('sales.form.name')}</span>
          <input name="name" required maxLength={80} defaultValue={values.name} className="field-input" />
        </label>
        <label className="block">
          <span className="field-label">
            {t('sales.form.percentOff', { min: MIN_PERCENT_OFF, max: MAX_PERCENT_OFF })}
          </span>
          <input
            name="percentOff"
            required
            inputMode="numeric"
            pattern="[0-9]*"
            defaultValue={values.percentOff}
            className="field-input"
          />
        </label>
        <span aria-hidden className="hidden sm:block" />
        <label className="block">
          <span className="field-label">{t('sales.form.startsAt')}</span>
          <input
            type="datetime-local"
            name="startsAt"
            required
            defaultValue={values.startsAt}
            className="field-input"
          />
        </label>
        <label className="block">
          <span className="field-label">{t('sales.form.endsAt')}</span>
          <input type="datetime-local" name="endsAt" required defaultValue={values.endsAt} className="field-input" />
        </label>
      </fieldset>
      <fieldset className="grid min-w-0 gap-3 rounded-2xl border border-line bg-white p-4 sm:p-5">
        <legend className="px-1 font-display text-lg font-semibold text-ink">{t('sales.form.scope')}</legend>
        {(['store', 'group', 'products'] as const).map((value) => (
          <label key={value} className="flex min-h-11 items-center gap-3 text-sm text-ink">
            <input
              type="radio"
              name="scope"
              value={value}
              defaultChecked={values.scope === value}
              className="size-5 accent-ink"
            />
            {t(`sales.form.scope.${value}`)}
          </label>
        ))}
        <div className="grid gap-4 sm:grid-cols-2">
          <label className="block">
            <span className="field-label">{t('sales.form.category')}</span>
            <select name="category" defaultValue={values.category} className="field-input">
              <option value="">{t('sales.form.any')}</option>
              {categories.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </label>
          <label className="block">
            <span className="field-label">{t('sales.form.subCategory')}</span>
            <select name="subCategory" defaultValue={values.subCategory} className="field-input">
              <option value="">{t('sales.form.any')}</option>
              {subCategories.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </label>
        </div>
        <label className="block">
          <span className="field-label">{t('sales.form.productIds')}</span>
          <textarea
            name="productIds"
            rows={3}
            defaultValue={values.productIds}
            className="field-input font-mono text-sm"
            aria-describedby="sale-ids-hint"
          />
          <span id="sale-ids-hint" className="mt-1 block text-xs text-muted">
            <Trans t={t} i18nKey="sales.form.productIdsHint" components={{ b: <b /> }} />
          </span>
        </label>
      </fieldset>
      <p className="text-sm text-muted">{t('sales.form.overlap')}</p>
      <button type="submit" className="btn-primary w-full sm:w-auto sm:justify-self-start">
        {submitLabel}
      </button>
    </Form>
  )
}

import { Form } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { CircleAlert } from '#app/components/icons.tsx'
import type { FieldErrors } from '#app/lib/forms.ts'
import type { DiscountFormValues } from '#app/features/admin/discount-input.ts'

/** One field's label, input and message. */
function Field({
  name,
  label,
  hint,
  values,
  errors,
  ...input
}: {
  name: keyof DiscountFormValues
  label: string
  hint?: string
  values: DiscountFormValues
  errors: FieldErrors
} & React.InputHTMLAttributes<HTMLInputElement>) {
  const error = errors[name]
  const id = `discount-${name}`
  // The label names the field; the hint and the message describe it.
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ')
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        defaultValue={values[name] ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className="field-input"
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  )
}

/**
 * A discount code's form (docs/decisions/026), new or saved: a plain form posted to the
 * page's action, so it works before the console's scripts run.
 */
export function DiscountForm({
  values,
  errors = {},
  message = null,
  submitLabel,
}: {
  values: DiscountFormValues
  errors?: FieldErrors
  message?: string | null
  submitLabel: string
}) {
  const { t } = useTranslation('admin')
  return (
    <Form
      method="post"
      noValidate
      className="mt-6 max-w-2xl space-y-5 rounded-2xl border border-line bg-white p-5 sm:p-7"
    >
      {message && (
        <p role="alert" className="flex items-start gap-2 rounded-xl bg-red-50 px-4 py-3 text-sm text-danger">
          <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          {message}
        </p>
      )}
      <input type="hidden" name="intent" value="save" />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          name="code"
          label={t('discounts.form.code')}
          hint={t('discounts.form.codeHint')}
          values={values}
          errors={errors}
          required
          maxLength={40}
          autoCapitalize="characters"
          autoComplete="off"
          className="field-input uppercase"
        />
        <label className="block">
          <span className="field-label">{t('discounts.form.kind')}</span>
          <select name="kind" defaultValue={values.kind ?? 'percent'} className="field-input">
            <option value="percent">{t('discounts.form.kind.percent')}</option>
            <option value="fixed">{t('discounts.form.kind.fixed')}</option>
            <option value="free_delivery">{t('discounts.form.kind.free_delivery')}</option>
          </select>
        </label>
        <Field
          name="value"
          label={t('discounts.form.value')}
          hint={t('discounts.form.valueHint')}
          values={values}
          errors={errors}
          inputMode="numeric"
        />
        <Field
          name="minSubtotal"
          label={t('discounts.form.minSubtotal')}
          hint={t('discounts.form.minSubtotalHint')}
          values={values}
          errors={errors}
          inputMode="numeric"
        />
        <Field
          name="startsAt"
          label={t('discounts.form.startsAt')}
          hint={t('discounts.form.startsAtHint')}
          type="datetime-local"
          values={values}
          errors={errors}
        />
        <Field
          name="endsAt"
          label={t('discounts.form.endsAt')}
          hint={t('discounts.form.endsAtHint')}
          type="datetime-local"
          values={values}
          errors={errors}
        />
        <Field
          name="maxUses"
          label={t('discounts.form.maxUses')}
          hint={t('discounts.form.maxUsesHint')}
          values={values}
          errors={errors}
          inputMode="numeric"
        />
        <Field
          name="maxUsesPerCustomer"
          label={t('discounts.form.maxUsesPerCustomer')}
          hint={t('discounts.form.maxUsesPerCustomerHint')}
          values={values}
          errors={errors}
          inputMode="numeric"
        />
      </div>
      <fieldset className="space-y-2">
        <legend className="field-label">{t('discounts.form.who')}</legend>
        <label className="flex min-h-11 items-center gap-3 text-sm">
          <input
            type="checkbox"
            name="firstOrderOnly"
            defaultChecked={values.firstOrderOnly === 'on'}
            className="size-5 accent-accent"
          />
          {t('discounts.form.firstOrderOnly')}
        </label>
        <label className="flex min-h-11 items-center gap-3 text-sm">
          <input
            type="checkbox"
            name="appliesToSale"
            defaultChecked={values.appliesToSale === 'on'}
            className="size-5 accent-accent"
          />
          {t('discounts.form.appliesToSale')}
        </label>
      </fieldset>
      <button type="submit" className="btn-primary w-full sm:w-auto">
        {submitLabel}
      </button>
    </Form>
  )
}

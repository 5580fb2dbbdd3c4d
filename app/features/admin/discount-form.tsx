import { Form } from 'react-router'
import { CircleAlert } from 'lucide-react'
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
          label="Code"
          hint="Letters, digits and dashes; shoppers may type it in any case."
          values={values}
          errors={errors}
          required
          maxLength={40}
          autoCapitalize="characters"
          autoComplete="off"
          className="field-input uppercase"
        />
        <label className="block">
          <span className="field-label">Kind</span>
          <select name="kind" defaultValue={values.kind ?? 'percent'} className="field-input">
            <option value="percent">Percent off the subtotal</option>
            <option value="fixed">Amount off the subtotal (Rs)</option>
            <option value="free_delivery">Free delivery</option>
          </select>
        </label>
        <Field
          name="value"
          label="Value"
          hint="A percent (1 to 100) or rupees; empty for free delivery."
          values={values}
          errors={errors}
          inputMode="numeric"
        />
        <Field
          name="minSubtotal"
          label="Minimum subtotal (Rs)"
          hint="Empty: any subtotal."
          values={values}
          errors={errors}
          inputMode="numeric"
        />
        <Field
          name="startsAt"
          label="Starts (Karachi time)"
          hint="Empty: now."
          type="datetime-local"
          values={values}
          errors={errors}
        />
        <Field
          name="endsAt"
          label="Ends (Karachi time)"
          hint="Empty: never."
          type="datetime-local"
          values={values}
          errors={errors}
        />
        <Field
          name="maxUses"
          label="Total uses"
          hint="Empty: no limit."
          values={values}
          errors={errors}
          inputMode="numeric"
        />
        <Field
          name="maxUsesPerCustomer"
          label="Uses per customer"
          hint="Counted by account and by phone. Empty: no limit."
          values={values}
          errors={errors}
          inputMode="numeric"
        />
      </div>
      <fieldset className="space-y-2">
        <legend className="field-label">Who may use it</legend>
        <label className="flex min-h-11 items-center gap-3 text-sm">
          <input
            type="checkbox"
            name="firstOrderOnly"
            defaultChecked={values.firstOrderOnly === 'on'}
            className="size-5 accent-accent"
          />
          A first order only
        </label>
        <label className="flex min-h-11 items-center gap-3 text-sm">
          <input
            type="checkbox"
            name="appliesToSale"
            defaultChecked={values.appliesToSale === 'on'}
            className="size-5 accent-accent"
          />
          Also on items already on sale
        </label>
      </fieldset>
      <button type="submit" className="btn-primary w-full sm:w-auto">
        {submitLabel}
      </button>
    </Form>
  )
}

import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { TextField } from '#app/components/text-field.tsx'
import { addressFields } from '#app/lib/address-fields.ts'
import type { FieldErrors } from '#app/lib/forms.ts'
import type { Address } from '#contracts/orders.ts'

/**
 * The nine delivery fields, two to a row on wide screens: the checkout's form and the
 * Account page's saved addresses. `values` fills them in; give the fieldset a new
 * `key` to fill it again with other values.
 */
export function AddressFieldset({
  values,
  errors,
  idPrefix = 'field',
}: {
  /** Field values by name (an Address, a saved address or what was posted); others are ignored. */
  values: Partial<Record<keyof Address, unknown>>
  errors: FieldErrors
  /** Keeps ids unique when a page has two address forms. */
  idPrefix?: string
}) {
  const { t } = useTranslation('cart')
  return (
    <div className="grid grid-cols-1 gap-x-4 gap-y-5 sm:grid-cols-2">
      {addressFields.map((field) => (
        <TextField
          key={field.name}
          id={`${idPrefix}-${field.name}`}
          label={t(`address.${field.name}`)}
          name={field.name}
          type={field.type ?? 'text'}
          inputMode={field.inputMode}
          autoComplete={field.autoComplete}
          // Emails and phone numbers read left to right in Urdu too.
          dir={field.type === 'email' || field.type === 'tel' ? 'ltr' : undefined}
          required
          defaultValue={textOf(values[field.name])}
          error={errors[field.name]}
          className={field.half ? '' : 'sm:col-span-2'}
        />
      ))}
    </div>
  )
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

import { useState } from 'react'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Eye, EyeOff } from '#app/components/icons.tsx'
import { translateMessage } from '#app/lib/i18n/i18n.ts'

type InputProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'>

interface FieldProps extends InputProps {
  label: string
  name: string
  /** The message beside the field; marks the input invalid. */
  error?: string | undefined
  /** A standing hint under the input (read with it). */
  hint?: string
  id?: string
}

/** The ids an input is described by: its hint and its message. */
function describedBy(id: string, hint: string | undefined, error: string | undefined): string | undefined {
  const ids = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')
  return ids || undefined
}

/** The hint as given; the message, which the forms' checks and the server write in English, in the page's language. */
function FieldNotes({ id, hint, error }: { id: string; hint: string | undefined; error: string | undefined }) {
  const { t } = useTranslation()
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {translateMessage(t, error)}
        </p>
      )}
    </>
  )
}

/** A labelled input with its message beside it (aria-invalid, aria-describedby). */
export function TextField({ label, name, error, hint, id = `field-${name}`, className = '', ...input }: FieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        {...input}
        id={id}
        name={name}
        className="field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  )
}

/** A password input with a show/hide toggle (spec: Login and Registration). */
export function PasswordField({
  label,
  name,
  error,
  hint,
  id = `field-${name}`,
  className = '',
  ...input
}: FieldProps) {
  const { t } = useTranslation('cart')
  const [visible, setVisible] = useState(false)
  const Icon = visible ? EyeOff : Eye
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="relative">
        <input
          {...input}
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          className="field-input pe-12"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-label={t('field.showPassword')}
          aria-controls={id}
          className="absolute inset-y-0 end-0 grid w-12 place-items-center rounded-e-lg text-muted hover:text-ink"
        >
          <Icon aria-hidden className="size-5" />
        </button>
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  )
}

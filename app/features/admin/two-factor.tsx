import { Form, Link } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { CheckCircle2 } from '#app/components/icons.tsx'
import type { FieldErrors } from '#app/lib/forms.ts'
import { TextField } from '#app/components/text-field.tsx'

/** The action's answer, as far as a code form reads it: its messages, if they are its own. */
export interface CodeFormResult {
  message?: string
  fieldErrors?: FieldErrors
  /** Which form the message belongs to. */
  intent?: string
}

/** One of the Security page's forms that act after a code from the app (or a recovery code). */
export function CodeForm({
  intent,
  title,
  text,
  button,
  result,
  submitting,
}: {
  intent: string
  title: string
  text: string
  button: string
  result: CodeFormResult | undefined
  submitting: boolean
}) {
  const { t } = useTranslation('admin')
  const mine = result?.intent === intent
  return (
    <Form
      method="post"
      aria-labelledby={`${intent}-title`}
      className="mt-5 space-y-3 border-t border-green-200 pt-5 text-ink"
    >
      <h3 id={`${intent}-title`} className="font-semibold">
        {title}
      </h3>
      <p>{text}</p>
      {mine && result.message && (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-danger">
          {result.message}
        </p>
      )}
      <input type="hidden" name="intent" value={intent} />
      <TextField
        id={`${intent}-code`}
        label={t('codeForm.code')}
        name="code"
        autoComplete="one-time-code"
        required
        error={mine ? result.fieldErrors?.code : undefined}
        className="max-w-xs"
      />
      <button type="submit" className="btn-primary" disabled={submitting}>
        {button}
      </button>
    </Form>
  )
}

/** The ten recovery codes, once: each signs in once in place of the app's code. */
export function RecoveryCodes({ codes, renewed }: { codes: string[]; renewed: boolean }) {
  const { t } = useTranslation('admin')
  return (
    <section aria-labelledby="codes-title" className="mt-6 rounded-2xl border border-line bg-white p-5 sm:p-6">
      <p role="status" className="flex items-start gap-2 text-sm font-medium text-success">
        <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
        {renewed ? t('codes.renewed') : t('codes.turnedOn')}
      </p>
      <h2 id="codes-title" className="mt-4 font-display text-lg font-semibold text-ink">
        {t('codes.title')}
      </h2>
      <p className="mt-2 text-sm text-muted">{t('codes.text')}</p>
      <ol className="mt-4 grid grid-cols-1 gap-2 font-mono text-base text-ink min-[400px]:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="rounded-lg bg-sand px-3 py-2 text-center tracking-wider">
            {code}
          </li>
        ))}
      </ol>
      <Link to="/admin" className="btn-primary mt-6">
        {t('codes.saved')}
      </Link>
    </section>
  )
}

import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Form, Link } from '#app/lib/i18n/links.tsx'
import { AuthLayout, FormAlert, type Showcase } from '#app/features/account/auth-layout.tsx'
import { TextField } from '#app/components/text-field.tsx'
import { maybeMessage } from '#app/features/account/messages.ts'
import { slot, withParts } from '#app/features/account/sentence.tsx'

/**
 * The second step for an account with two-factor sign-in: the code from the
 * authenticator app, or a recovery code. A plain form; the challenge travels in a
 * hidden field, the password does not (docs/decisions/015).
 */
export function CodeStep({
  showcase,
  email,
  challenge,
  redirectTo,
  message,
  error,
  submitting,
}: {
  showcase: Showcase
  email: string
  challenge: string
  redirectTo: string
  message: string | undefined
  error: string | undefined
  submitting: boolean
}) {
  const { t, i18n } = useTranslation('account')
  const startOver = redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : '/login'
  return (
    <AuthLayout
      showcase={showcase}
      eyebrow={t('code.eyebrow')}
      title={t('code.title')}
      intro={withParts(t('code.intro', { email: slot('email') }), { email: <bdi>{email}</bdi> })}
    >
      <FormAlert message={message} />
      <Form method="post" className="space-y-5">
        <input type="hidden" name="challenge" value={challenge} />
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          label={t('code.label')}
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          autoFocus
          hint={t('code.hint')}
          error={maybeMessage(i18n.t, error)}
        />
        <button type="submit" className="btn-primary w-full" disabled={submitting}>
          {submitting ? t('code.submitting') : t('code.submit')}
        </button>
      </Form>
      <p className="mt-8 text-center text-sm text-muted">
        {t('code.notYou')}{' '}
        <Link to={startOver} className="font-semibold text-accent underline-offset-4 hover:underline">
          {t('code.startAgain')}
        </Link>
      </p>
    </AuthLayout>
  )
}

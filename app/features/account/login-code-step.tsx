import { Form, Link } from '#app/lib/i18n/links.tsx'
import { AuthLayout, FormAlert, type Showcase } from '#app/features/account/auth-layout.tsx'
import { TextField } from '#app/components/text-field.tsx'

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
  const startOver = redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : '/login'
  return (
    <AuthLayout
      showcase={showcase}
      eyebrow="Two-factor sign-in"
      title="Enter your code"
      intro={`Open your authenticator app and enter the 6-digit code it shows for ${email}.`}
    >
      <FormAlert message={message} />
      <Form method="post" className="space-y-5">
        <input type="hidden" name="challenge" value={challenge} />
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          label="Authentication code"
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          autoFocus
          hint="Lost your phone? Enter one of your recovery codes instead."
          error={error}
        />
        <button type="submit" className="btn-primary w-full" disabled={submitting}>
          {submitting ? 'Checking…' : 'Verify and log in'}
        </button>
      </Form>
      <p className="mt-8 text-center text-sm text-muted">
        Not you, or took too long?{' '}
        <Link to={startOver} className="font-semibold text-accent underline-offset-4 hover:underline">
          Start again
        </Link>
      </p>
    </AuthLayout>
  )
}

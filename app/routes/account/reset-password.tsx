import { useState } from 'react'
import { data, useNavigation } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Form, Link } from '#app/lib/i18n/links.tsx'
import { CheckCircle2 } from '#app/components/icons.tsx'
import type { Route } from './+types/reset-password'
import { resetPasswordSchema } from '#contracts/auth.ts'
import { langOfPath } from '#contracts/languages.ts'
import { tFor } from '#app/lib/i18n/i18n.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { attempt } from '#app/lib/service-result.server.ts'
import { formValues, parseForm, validateBeforeSubmit, type FieldErrors } from '#app/lib/forms.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'
import { AuthLayout, FormAlert } from '#app/features/account/auth-layout.tsx'
import { showcase } from '#app/features/account/auth-page.server.ts'
import { accountMessage, translateErrors } from '#app/features/account/messages.ts'
import { PasswordField } from '#app/components/text-field.tsx'
import { queryParam } from '#contracts/plain-text.ts'

export function meta({ matches, location }: Route.MetaArgs) {
  const t = tFor(langOfPath(location.pathname))
  return privatePageMeta({
    title: t('reset.meta.title', { ns: 'account' }),
    description: t('reset.meta.description', { ns: 'account' }),
    origin: rootOrigin(matches),
  })
}

/** The link from the reset email: says at once when it no longer works. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const token = queryParam(url.searchParams, 'token') ?? ''
  const check = await services.auth.checkResetToken(token)
  return {
    showcase: await showcase(services.catalog),
    token,
    problem: check.ok ? null : check.message,
  }
}

interface ResetResult {
  done?: boolean
  /** The account has two-factor sign-in: not signed in here; this says to log in with the code. */
  signIn?: string
  message?: string
  fieldErrors?: FieldErrors
}

/**
 * Sets the new password and signs this browser in: the shopper just proved they hold
 * the mailbox and chose the password, so asking for it again adds nothing. Every other
 * session has ended (docs/decisions/011).
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { services, sessionToken, sessionCookies } = context.get(appContext)
  const values = formValues(await request.formData(), ['token', 'password'])
  const parsed = parseForm(resetPasswordSchema, values)
  if (!parsed.success) return data<ResetResult>({ fieldErrors: parsed.fieldErrors })
  const session = await attempt(context, () => services.auth.resetPassword(parsed.data, sessionToken), {
    what: 'reset password',
    fallback: 'Your password could not be changed just now. Please try again.',
  })
  if (!session.ok) return data<ResetResult>({ message: session.message, fieldErrors: session.fieldErrors })
  // Two-factor sign-in: the password is changed; signing in still asks for the code.
  if ('twoFactorRequired' in session.value) return data<ResetResult>({ done: true, signIn: session.value.message })
  return data<ResetResult>(
    { done: true },
    {
      headers: { 'Set-Cookie': sessionCookies.set(session.value.token, session.value.expiresAt) },
    },
  )
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation('account')
  const navigation = useNavigation()
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null)
  const errors = translateErrors(i18n.t, clientErrors ?? actionData?.fieldErrors ?? {})
  const submitting = navigation.state === 'submitting'
  const problem = actionData?.done ? null : loaderData.problem

  return (
    <AuthLayout
      showcase={loaderData.showcase}
      eyebrow={t('reset.eyebrow')}
      title={t('reset.title')}
      intro={t('reset.intro')}
    >
      {actionData?.done ? (
        <div role="status" className="rounded-xl border border-green-200 bg-green-50 px-4 py-4 text-sm text-success">
          <p className="flex items-start gap-3">
            <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0" />
            {actionData.signIn ? accountMessage(i18n.t, actionData.signIn) : t('reset.done')}
          </p>
          {actionData.signIn ? (
            <Link to="/login" className="btn-primary mt-4 w-full">
              {t('reset.login')}
            </Link>
          ) : (
            <Link to="/" className="btn-primary mt-4 w-full">
              {t('reset.continue')}
            </Link>
          )}
        </div>
      ) : problem ? (
        <>
          <FormAlert message={problem} />
          <Link to="/forgot-password" className="btn-primary w-full">
            {t('reset.newLink')}
          </Link>
        </>
      ) : (
        <>
          <FormAlert message={clientErrors ? undefined : actionData?.message} />
          <Form
            method="post"
            noValidate
            onSubmit={(event) =>
              setClientErrors(validateBeforeSubmit(event, resetPasswordSchema, ['token', 'password']))
            }
            className="space-y-5"
          >
            <input type="hidden" name="token" value={loaderData.token} />
            <PasswordField
              label={t('reset.password')}
              name="password"
              autoComplete="new-password"
              required
              hint={t('reset.hint')}
              error={errors.password}
            />
            <button type="submit" className="btn-primary w-full" disabled={submitting}>
              {submitting ? t('reset.submitting') : t('reset.submit')}
            </button>
          </Form>
        </>
      )}
    </AuthLayout>
  )
}

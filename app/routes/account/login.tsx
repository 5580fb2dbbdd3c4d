import { useState } from 'react'
import { redirect, useNavigation, useSearchParams } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Form, Link } from '#app/lib/i18n/links.tsx'
import { CheckCircle2 } from '#app/components/icons.tsx'
import type { Route } from './+types/login'
import { loginCodeSchema, loginSchema } from '#contracts/auth.ts'
import { langOfPath, localePath, withoutLang } from '#contracts/languages.ts'
import { tFor } from '#app/lib/i18n/i18n.ts'
import { requestLang } from '#app/lib/i18n/language.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { attempt } from '#app/lib/service-result.server.ts'
import { formValues, parseForm, validateBeforeSubmit, type FieldErrors } from '#app/lib/forms.ts'
import { pageMeta, rootOrigin } from '#app/lib/meta.ts'
import { safeRedirect } from '#app/lib/redirects.ts'
import { AuthLayout, FormAlert, OrDivider } from '#app/features/account/auth-layout.tsx'
import { authPageData } from '#app/features/account/auth-page.server.ts'
import { GoogleButton } from '#app/features/account/google-button.tsx'
import { googleDocumentMiddleware } from '#app/features/account/google-identity.ts'
import { CodeStep } from '#app/features/account/login-code-step.tsx'
import { translateErrors } from '#app/features/account/messages.ts'
import { PasswordField, TextField } from '#app/components/text-field.tsx'

export function meta({ matches, location }: Route.MetaArgs) {
  const lang = langOfPath(location.pathname)
  const t = tFor(lang)
  return pageMeta({
    title: t('login.meta.title', { ns: 'account' }),
    description: t('login.meta.description', { ns: 'account' }),
    origin: rootOrigin(matches),
    path: '/login',
    lang,
  })
}

export function loader({ context, url, request }: Route.LoaderArgs) {
  return authPageData(context, url, request)
}

export const clientMiddleware: Route.ClientMiddlewareFunction[] = [googleDocumentMiddleware]

// Failures re-render the form with their message (answered 200, as a page with a
// message is, so the browser logs no failed request).
interface LoginResult {
  message?: string
  fieldErrors?: FieldErrors
  email: string
  /**
   * An admin with two-factor sign-in gave the right password: the code step, carrying
   * the server's short-lived challenge (never the password) to post back with the code
   * (docs/decisions/015).
   */
  challenge?: string
}

/** One shape for every answer of the action, so the page reads each field on any of them. */
const answer = (result: LoginResult) => result

export async function action({ context, request }: Route.ActionArgs) {
  const { services, clientAddress, sessionToken, sessionCookies } = context.get(appContext)
  const form = await request.formData()
  const values = formValues(form, ['email', 'password', 'redirectTo', 'challenge', 'code'])
  const signedIn = (session: { token: string; expiresAt: number }) =>
    // docs/spec/store-spec.md §4: after login the user goes to / (or back to the protected page),
    // home in the page's language.
    redirect(safeRedirect(values.redirectTo, request.url, localePath(requestLang(request), '/')), {
      headers: { 'Set-Cookie': sessionCookies.set(session.token, session.expiresAt) },
    })

  if (form.has('challenge')) {
    const email = values.email ?? ''
    const parsed = parseForm(loginCodeSchema, values)
    if (!parsed.success) {
      const { fieldErrors } = parsed
      if (fieldErrors.challenge) return answer({ message: fieldErrors.challenge, email })
      return answer({ fieldErrors, email, challenge: values.challenge })
    }
    const session = await attempt(
      context,
      () => services.auth.loginWithChallenge(parsed.data, clientAddress, sessionToken),
      { what: 'login code', fallback: 'Login failed. Please try again.' },
    )
    if (session.ok) return signedIn(session.value)
    // An expired or void challenge (400) starts again from the password; a wrong code stays on the code step.
    return answer({
      message: session.message,
      email,
      // The alert says what is wrong with the code; the field does not repeat it.
      ...(session.status === 400 ? {} : { challenge: parsed.data.challenge }),
    })
  }

  // The page sends no code with the password: an account with two-factor sign-in gets the code step.
  const parsed = parseForm(loginSchema, { email: values.email, password: values.password })
  if (!parsed.success) {
    return answer({ fieldErrors: parsed.fieldErrors, email: values.email ?? '' })
  }
  const credentials = parsed.data
  const result = await attempt(
    context,
    () => services.auth.login(credentials, clientAddress, sessionToken, { challenge: true }),
    { what: 'login', fallback: 'Login failed. Please try again.' },
  )
  if (!result.ok) {
    return answer({
      message: result.message,
      fieldErrors: result.fieldErrors,
      email: parsed.data.email,
    })
  }
  if ('twoFactorRequired' in result.value) {
    return answer({ email: parsed.data.email, challenge: result.value.challenge ?? '' })
  }
  return signedIn(result.value)
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation('account')
  const [params] = useSearchParams()
  const navigation = useNavigation()
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null)
  const [googleMessage, setGoogleMessage] = useState<string | null>(null)
  const redirectTo = params.get('redirectTo') ?? ''
  const registered = params.get('registered') === '1'
  const submitting = navigation.state === 'submitting' && withoutLang(navigation.formAction ?? '').startsWith('/login')
  const errors = translateErrors(i18n.t, clientErrors ?? actionData?.fieldErrors ?? {})
  const signupHref = redirectTo ? `/signup?redirectTo=${encodeURIComponent(redirectTo)}` : '/signup'

  function validate(event: React.FormEvent<HTMLFormElement>) {
    setGoogleMessage(null)
    setClientErrors(validateBeforeSubmit(event, loginSchema, ['email', 'password']))
  }

  if (actionData?.challenge !== undefined) {
    return (
      <CodeStep
        showcase={loaderData.showcase}
        email={actionData.email}
        challenge={actionData.challenge}
        redirectTo={redirectTo}
        message={actionData.message}
        error={actionData.fieldErrors?.code}
        submitting={submitting}
      />
    )
  }

  return (
    <AuthLayout
      showcase={loaderData.showcase}
      eyebrow={t('login.eyebrow')}
      title={t('login.title')}
      intro={t('login.intro')}
    >
      {registered && !actionData && (
        <div
          role="status"
          className="mb-6 flex items-start gap-3 rounded-xl border border-green-200 bg-green-50 px-4 py-3 text-sm text-success"
        >
          <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t('login.registered')}
        </div>
      )}
      <FormAlert message={googleMessage ?? (clientErrors ? undefined : actionData?.message)} />
      <Form method="post" noValidate onSubmit={validate} className="space-y-5">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          label={t('field.email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          dir="ltr"
          required
          defaultValue={actionData?.email}
          error={errors.email}
        />
        <div>
          <PasswordField
            label={t('field.password')}
            name="password"
            autoComplete="current-password"
            required
            error={errors.password}
          />
          <p className="mt-2 text-end text-sm">
            <Link to="/forgot-password" className="font-medium text-accent underline-offset-4 hover:underline">
              {t('login.forgot')}
            </Link>
          </p>
        </div>
        <button type="submit" className="btn-primary w-full" disabled={submitting}>
          {submitting ? t('login.submitting') : t('login.submit')}
        </button>
      </Form>
      <OrDivider />
      <GoogleButton kind="login" onMessage={setGoogleMessage} />
      <p className="mt-8 text-center text-sm text-muted">
        {t('login.new')}{' '}
        <Link to={signupHref} className="font-semibold text-accent underline-offset-4 hover:underline">
          {t('login.create')}
        </Link>
      </p>
    </AuthLayout>
  )
}

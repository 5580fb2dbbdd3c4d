import { useState } from 'react'
import { useNavigation, useSearchParams } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Form, Link } from '#app/lib/i18n/links.tsx'
import type { Route } from './+types/signup'
import { PASSWORD_MIN, registrationSchema } from '#contracts/auth.ts'
import { langOfPath, withoutLang } from '#contracts/languages.ts'
import { tFor } from '#app/lib/i18n/i18n.ts'
import { redirectIn, requestLang } from '#app/lib/i18n/language.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { attempt } from '#app/lib/service-result.server.ts'
import { formValues, parseForm, validateBeforeSubmit, type FieldErrors } from '#app/lib/forms.ts'
import { pageMeta, rootOrigin } from '#app/lib/meta.ts'
import { safeRedirect } from '#app/lib/redirects.ts'
import { AuthLayout, FormAlert, OrDivider } from '#app/features/account/auth-layout.tsx'
import { authPageData } from '#app/features/account/auth-page.server.ts'
import { GoogleButton } from '#app/features/account/google-button.tsx'
import { googleDocumentMiddleware } from '#app/features/account/google-identity.ts'
import { translateErrors } from '#app/features/account/messages.ts'
import { PasswordField, TextField } from '#app/components/text-field.tsx'

const FIELDS = ['name', 'email', 'password'] as const

export function meta({ matches, location }: Route.MetaArgs) {
  const lang = langOfPath(location.pathname)
  const t = tFor(lang)
  return pageMeta({
    title: t('signup.meta.title', { ns: 'account' }),
    description: t('signup.meta.description', { ns: 'account' }),
    origin: rootOrigin(matches),
    path: '/signup',
    lang,
  })
}

export function loader({ context, url, request }: Route.LoaderArgs) {
  return authPageData(context, url, request)
}

export const clientMiddleware: Route.ClientMiddlewareFunction[] = [googleDocumentMiddleware]

// Failures re-render the form with their messages (answered 200, like the login form).
interface SignupResult {
  message?: string
  fieldErrors?: FieldErrors
  values: { name: string; email: string }
}

export async function action({ context, request }: Route.ActionArgs) {
  const { services, clientAddress } = context.get(appContext)
  const form = await request.formData()
  const values = formValues(form, [...FIELDS, 'redirectTo'])
  const kept = { name: values.name ?? '', email: values.email ?? '' }
  const parsed = parseForm(registrationSchema, values)
  if (!parsed.success) return { fieldErrors: parsed.fieldErrors, values: kept } satisfies SignupResult
  // docs/spec/store-spec.md §8: the server's message, or 'Signup failed' when there is none.
  const registered = await attempt(
    context,
    () => services.auth.register(parsed.data, clientAddress, requestLang(request)),
    {
      what: 'registration',
      fallback: 'Signup failed',
    },
  )
  if (!registered.ok) {
    return {
      message: registered.message || 'Signup failed',
      fieldErrors: registered.fieldErrors,
      values: kept,
    } satisfies SignupResult
  }
  // docs/spec/store-spec.md §4: after registration the user goes to /login.
  const next = new URLSearchParams({ registered: '1' })
  const redirectTo = safeRedirect(values.redirectTo, request.url, '')
  if (redirectTo) next.set('redirectTo', redirectTo)
  return redirectIn(request, `/login?${next.toString()}`)
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation('account')
  const [params] = useSearchParams()
  const navigation = useNavigation()
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null)
  const [googleMessage, setGoogleMessage] = useState<string | null>(null)
  const redirectTo = params.get('redirectTo') ?? ''
  const submitting = navigation.state === 'submitting' && withoutLang(navigation.formAction ?? '').startsWith('/signup')
  const errors = translateErrors(i18n.t, usernameWording(clientErrors ?? actionData?.fieldErrors ?? {}))
  const loginHref = redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : '/login'

  function validate(event: React.FormEvent<HTMLFormElement>) {
    setGoogleMessage(null)
    setClientErrors(validateBeforeSubmit(event, registrationSchema, FIELDS))
  }

  return (
    <AuthLayout
      showcase={loaderData.showcase}
      eyebrow={t('signup.eyebrow')}
      title={t('signup.title')}
      intro={t('signup.intro')}
    >
      <FormAlert message={googleMessage ?? (clientErrors ? undefined : actionData?.message)} />
      <Form method="post" noValidate onSubmit={validate} className="space-y-5">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          label={t('field.username')}
          name="name"
          autoComplete="name"
          required
          maxLength={80}
          defaultValue={actionData?.values.name}
          error={errors.name}
        />
        <TextField
          label={t('field.email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          dir="ltr"
          required
          defaultValue={actionData?.values.email}
          error={errors.email}
        />
        <PasswordField
          label={t('field.password')}
          name="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          hint={t('signup.passwordHint', { min: PASSWORD_MIN })}
          error={errors.password}
        />
        <button type="submit" className="btn-primary w-full" disabled={submitting}>
          {submitting ? t('signup.submitting') : t('signup.submit')}
        </button>
      </Form>
      <OrDivider />
      <GoogleButton kind="signup" onMessage={setGoogleMessage} />
      <p className="mt-8 text-center text-sm text-muted">
        {t('signup.have')}{' '}
        <Link to={loginHref} className="font-semibold text-accent underline-offset-4 hover:underline">
          {t('signup.login')}
        </Link>
      </p>
    </AuthLayout>
  )
}

/**
 * The contract names the field 'Name'; this form calls it 'Username' (spec: Registration). The
 * English is renamed before it is translated: the `server` messages hold the Username ones.
 */
function usernameWording(errors: FieldErrors): FieldErrors {
  return errors.name ? { ...errors, name: errors.name.replace(/^Name\b/, 'Username') } : errors
}

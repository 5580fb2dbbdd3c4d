import { useState } from 'react'
import { redirect, useNavigation, useSearchParams } from 'react-router'
import { Form, Link } from '#app/lib/i18n/links.tsx'
import type { Route } from './+types/signup'
import { PASSWORD_MIN, registrationSchema } from '#contracts/auth.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { attempt } from '#app/lib/service-result.server.ts'
import { formValues, parseForm, validateBeforeSubmit, type FieldErrors } from '#app/lib/forms.ts'
import { pageMeta, rootOrigin } from '#app/lib/meta.ts'
import { safeRedirect } from '#app/lib/redirects.ts'
import { AuthLayout, FormAlert, OrDivider } from '#app/features/account/auth-layout.tsx'
import { authPageData } from '#app/features/account/auth-page.server.ts'
import { GoogleButton } from '#app/features/account/google-button.tsx'
import { googleDocumentMiddleware } from '#app/features/account/google-identity.ts'
import { PasswordField, TextField } from '#app/components/text-field.tsx'

const FIELDS = ['name', 'email', 'password'] as const

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Create an account | Kapra',
    description: 'Create a Kapra account to keep your cart, check out with cash on delivery and track your orders.',
    origin: rootOrigin(matches),
    path: '/signup',
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
  const registered = await attempt(context, () => services.auth.register(parsed.data, clientAddress), {
    what: 'registration',
    fallback: 'Signup failed',
  })
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
  return redirect(`/login?${next.toString()}`)
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams()
  const navigation = useNavigation()
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null)
  const [googleMessage, setGoogleMessage] = useState<string | null>(null)
  const redirectTo = params.get('redirectTo') ?? ''
  const submitting = navigation.state === 'submitting' && navigation.formAction?.startsWith('/signup') === true
  const errors = usernameWording(clientErrors ?? actionData?.fieldErrors ?? {})
  const loginHref = redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : '/login'

  function validate(event: React.FormEvent<HTMLFormElement>) {
    setGoogleMessage(null)
    setClientErrors(validateBeforeSubmit(event, registrationSchema, FIELDS))
  }

  return (
    <AuthLayout
      showcase={loaderData.showcase}
      eyebrow="New to Kapra"
      title="Registration"
      intro="Create an account to keep your cart, check out with cash on delivery and track your orders."
    >
      <FormAlert message={googleMessage ?? (clientErrors ? undefined : actionData?.message)} />
      <Form method="post" noValidate onSubmit={validate} className="space-y-5">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          label="Username"
          name="name"
          autoComplete="name"
          required
          maxLength={80}
          defaultValue={actionData?.values.name}
          error={errors.name}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          defaultValue={actionData?.values.email}
          error={errors.email}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          hint={`At least ${PASSWORD_MIN} characters. Avoid common passwords.`}
          error={errors.password}
        />
        <button type="submit" className="btn-primary w-full" disabled={submitting}>
          {submitting ? 'Creating account…' : 'Create Account'}
        </button>
      </Form>
      <OrDivider />
      <GoogleButton label="Registration with Google" onMessage={setGoogleMessage} />
      <p className="mt-8 text-center text-sm text-muted">
        Already have an account?{' '}
        <Link to={loginHref} className="font-semibold text-accent underline-offset-4 hover:underline">
          Login
        </Link>
      </p>
    </AuthLayout>
  )
}

/** The contract names the field 'Name'; this form calls it 'Username' (spec: Registration). */
function usernameWording(errors: FieldErrors): FieldErrors {
  return errors.name ? { ...errors, name: errors.name.replace(/^Name\b/, 'Username') } : errors
}

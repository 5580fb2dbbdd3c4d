import { useState } from 'react'
import { useNavigation } from 'react-router'
import { Form, Link } from '#app/lib/i18n/links.tsx'
import { MailCheck } from 'lucide-react'
import type { Route } from './+types/forgot-password'
import { forgotPasswordSchema } from '#contracts/auth.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { attempt } from '#app/lib/service-result.server.ts'
import { formValues, parseForm, validateBeforeSubmit, type FieldErrors } from '#app/lib/forms.ts'
import { pageMeta, rootOrigin } from '#app/lib/meta.ts'
import { AuthLayout, FormAlert } from '#app/features/account/auth-layout.tsx'
import { showcase } from '#app/features/account/auth-page.server.ts'
import { TextField } from '#app/components/text-field.tsx'

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Forgot password | Kapra',
    description: 'Get a link to choose a new password for your Kapra account.',
    origin: rootOrigin(matches),
    path: '/forgot-password',
  })
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  return { showcase: await showcase(services.catalog) }
}

interface ForgotResult {
  sent?: string
  message?: string
  fieldErrors?: FieldErrors
  email: string
}

/** The answer never says whether the address has an account (docs/decisions/011). */
export async function action({ context, request }: Route.ActionArgs) {
  const { services, clientAddress } = context.get(appContext)
  const values = formValues(await request.formData(), ['email'])
  const parsed = parseForm(forgotPasswordSchema, values)
  if (!parsed.success) return { fieldErrors: parsed.fieldErrors, email: values.email ?? '' } satisfies ForgotResult
  const result = await attempt(context, () => services.auth.forgotPassword(parsed.data.email, clientAddress), {
    what: 'forgot password',
    fallback: 'We could not send the link just now. Please try again.',
  })
  if (!result.ok) return { message: result.message, email: parsed.data.email } satisfies ForgotResult
  return { sent: parsed.data.email, email: parsed.data.email } satisfies ForgotResult
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null)
  const errors = clientErrors ?? actionData?.fieldErrors ?? {}
  const submitting = navigation.state === 'submitting'

  return (
    <AuthLayout
      showcase={loaderData.showcase}
      eyebrow="Forgot password"
      title="Choose a new password"
      intro="Tell us the email address of your account and we will send you a link to choose a new password."
    >
      {actionData?.sent ? (
        <div
          role="status"
          className="flex items-start gap-3 rounded-xl border border-green-200 bg-green-50 px-4 py-4 text-sm text-success"
        >
          <MailCheck aria-hidden className="mt-0.5 size-5 shrink-0" />
          <p>
            If an account uses <strong className="break-all">{actionData.sent}</strong>, we have sent it a link to
            choose a new password. It works for one hour; check your inbox and spam folder.
          </p>
        </div>
      ) : (
        <>
          <FormAlert message={clientErrors ? undefined : actionData?.message} />
          <Form
            method="post"
            noValidate
            onSubmit={(event) => setClientErrors(validateBeforeSubmit(event, forgotPasswordSchema, ['email']))}
            className="space-y-5"
          >
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              defaultValue={actionData?.email}
              error={errors.email}
            />
            <button type="submit" className="btn-primary w-full" disabled={submitting}>
              {submitting ? 'Sending…' : 'Send me a link'}
            </button>
          </Form>
        </>
      )}
      <p className="mt-8 text-center text-sm text-muted">
        Remembered it?{' '}
        <Link to="/login" className="font-semibold text-accent underline-offset-4 hover:underline">
          Back to Login
        </Link>
      </p>
    </AuthLayout>
  )
}

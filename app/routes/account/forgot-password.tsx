import { useState } from 'react'
import { useNavigation } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Form, Link } from '#app/lib/i18n/links.tsx'
import { MailCheck } from '#app/components/icons.tsx'
import type { Route } from './+types/forgot-password'
import { forgotPasswordSchema } from '#contracts/auth.ts'
import { langOfPath } from '#contracts/languages.ts'
import { tFor } from '#app/lib/i18n/i18n.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { attempt } from '#app/lib/service-result.server.ts'
import { formValues, parseForm, validateBeforeSubmit, type FieldErrors } from '#app/lib/forms.ts'
import { pageMeta, rootOrigin } from '#app/lib/meta.ts'
import { AuthLayout, FormAlert } from '#app/features/account/auth-layout.tsx'
import { showcase } from '#app/features/account/auth-page.server.ts'
import { translateErrors } from '#app/features/account/messages.ts'
import { slot, withParts } from '#app/features/account/sentence.tsx'
import { TextField } from '#app/components/text-field.tsx'

export function meta({ matches, location }: Route.MetaArgs) {
  const lang = langOfPath(location.pathname)
  const t = tFor(lang)
  return pageMeta({
    title: t('forgot.meta.title', { ns: 'account' }),
    description: t('forgot.meta.description', { ns: 'account' }),
    origin: rootOrigin(matches),
    path: '/forgot-password',
    lang,
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
  const { t, i18n } = useTranslation('account')
  const navigation = useNavigation()
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null)
  const errors = translateErrors(i18n.t, clientErrors ?? actionData?.fieldErrors ?? {})
  const submitting = navigation.state === 'submitting'

  return (
    <AuthLayout
      showcase={loaderData.showcase}
      eyebrow={t('forgot.eyebrow')}
      title={t('forgot.title')}
      intro={t('forgot.intro')}
    >
      {actionData?.sent ? (
        <div
          role="status"
          className="flex items-start gap-3 rounded-xl border border-green-200 bg-green-50 px-4 py-4 text-sm text-success"
        >
          <MailCheck aria-hidden className="mt-0.5 size-5 shrink-0" />
          <p>
            {withParts(t('forgot.sent', { email: slot('email') }), {
              email: (
                <strong dir="ltr" className="break-all">
                  {actionData.sent}
                </strong>
              ),
            })}
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
            <button type="submit" className="btn-primary w-full" disabled={submitting}>
              {submitting ? t('forgot.submitting') : t('forgot.submit')}
            </button>
          </Form>
        </>
      )}
      <p className="mt-8 text-center text-sm text-muted">
        {t('forgot.remembered')}{' '}
        <Link to="/login" className="font-semibold text-accent underline-offset-4 hover:underline">
          {t('forgot.back')}
        </Link>
      </p>
    </AuthLayout>
  )
}

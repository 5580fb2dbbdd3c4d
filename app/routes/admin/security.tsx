import { Form, useNavigation } from 'react-router'
import { Trans } from '#app/lib/i18n/trans.tsx'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { ShieldCheck } from '#app/components/icons.tsx'
import type { Route } from './+types/security'
import { twoFactorCodeSchema, twoFactorConfirmSchema } from '#contracts/auth.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { requireAdmin } from '#app/lib/auth.server.ts'
import { attempt } from '#app/lib/service-result.server.ts'
import { formValues, parseForm, type FieldErrors } from '#app/lib/forms.ts'
import { formatOrderDate } from '#app/lib/dates.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'
import { TextField } from '#app/components/text-field.tsx'
import { CodeForm, RecoveryCodes } from '#app/features/admin/two-factor.tsx'
import { consoleT } from '#app/features/admin/console-text.ts'

export function meta({ matches, location }: Route.MetaArgs) {
  const t = consoleT(location.pathname)
  return privatePageMeta({
    title: t('security.meta.title'),
    description: t('security.meta.description'),
    origin: rootOrigin(matches),
  })
}

/**
 * Two-factor sign-in (docs/decisions/015). Not set up: the setup to scan, kept on the
 * server until confirmed (the same one on every visit for an hour). Set up: since when,
 * and how many recovery codes are left.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const admin = requireAdmin(context, url)
  const { services } = context.get(appContext)
  const status = await services.auth.twoFactorStatus(admin._id)
  const setup = !status.enrolled && status.hasPassword ? await services.auth.twoFactorSetup(admin._id) : null
  return { email: admin.email, status, setup, required: services.config.adminTwoFactor === 'required' }
}

interface ConfirmResult {
  message?: string
  fieldErrors?: FieldErrors
  /** Shown once, right after the setup is confirmed or a new set is made; only their hashes are kept. */
  recoveryCodes?: string[]
  /** The codes replace an earlier set (rather than come with a new setup). */
  renewed?: boolean
  /** Two-factor sign-in was just turned off. */
  turnedOff?: boolean
  /** Which form the message belongs to. */
  intent?: string
}

/** One shape for every answer of the action. */
const answer = (result: ConfirmResult) => result

/**
 * Confirms the setup; or, with a code, makes a new set of recovery codes
 * (intent=recovery-codes) or turns two-factor sign-in off (intent=turn-off).
 */
export async function action({ context, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, request)
  const { services, sessionToken } = context.get(appContext)
  const values = formValues(await request.formData(), ['code', 'intent'])
  const intent = values.intent ?? ''
  const setup = intent !== 'recovery-codes' && intent !== 'turn-off'
  const parsed = parseForm(setup ? twoFactorConfirmSchema : twoFactorCodeSchema, values)
  if (!parsed.success) return answer({ fieldErrors: parsed.fieldErrors, intent })
  const { code } = parsed.data
  const { auth } = services
  const done = await attempt(
    context,
    async () => {
      if (intent === 'turn-off') return auth.turnOffTwoFactor(admin._id, code).then(() => null)
      return intent === 'recovery-codes'
        ? auth.newRecoveryCodes(admin._id, code)
        : auth.confirmTwoFactor(admin._id, code, sessionToken)
    },
    { what: 'two-factor setup', fallback: consoleT(new URL(request.url).pathname)('security.failed') },
  )
  if (!done.ok) return answer({ message: done.message, fieldErrors: done.fieldErrors, intent })
  if (done.value === null) return answer({ turnedOff: true })
  return answer({ recoveryCodes: done.value, renewed: !setup })
}

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin')
  const { status, setup, required, email } = loaderData
  const navigation = useNavigation()
  const submitting = navigation.state === 'submitting'
  return (
    <main id="main" className="container-page max-w-3xl py-8 sm:py-10">
      <h1 className="section-title">{t('security.title')}</h1>
      <p className="mt-2 text-sm text-muted">{t('security.intro')}</p>

      {actionData?.recoveryCodes ? (
        <RecoveryCodes codes={actionData.recoveryCodes} renewed={actionData.renewed === true} />
      ) : status.enrolled ? (
        <section
          aria-labelledby="on-title"
          className="mt-6 rounded-2xl border border-green-200 bg-green-50 p-5 text-sm text-success"
        >
          <h2 id="on-title" className="flex items-center gap-2 font-display text-lg font-semibold">
            <ShieldCheck aria-hidden className="size-5" />
            {t('security.on')}
          </h2>
          <p className="mt-2 text-ink">
            {status.enabledAt !== null && <>{t('security.since', { date: formatOrderDate(status.enabledAt) })} </>}
            {t('security.codesLeft', { count: status.recoveryCodesLeft })}
          </p>
          <p className="mt-2 text-ink">
            <Trans
              t={t}
              i18nKey="security.lostPhone"
              values={{ command: `npm run admin -- reset-2fa --email ${email}` }}
              components={{ cmd: <code className="[overflow-wrap:anywhere]" /> }}
            />
          </p>
          <CodeForm
            intent="recovery-codes"
            title={t('security.newCodes.title')}
            text={t('security.newCodes.text')}
            button={t('security.newCodes.button')}
            result={actionData}
            submitting={submitting}
          />
          <CodeForm
            intent="turn-off"
            title={t('security.newPhone.title')}
            text={required ? t('security.newPhone.textRequired') : t('security.newPhone.text')}
            button={t('security.newPhone.button')}
            result={actionData}
            submitting={submitting}
          />
        </section>
      ) : !setup ? (
        <p role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-danger">
          {t('security.googleOnly')}
        </p>
      ) : (
        <section aria-labelledby="setup-title" className="mt-6 rounded-2xl border border-line bg-white p-5 sm:p-6">
          {actionData?.turnedOff && (
            <p role="status" className="mb-4 rounded-xl bg-sand px-4 py-3 text-sm text-ink">
              {t('security.turnedOff')}
            </p>
          )}
          {required && (
            <p role="status" className="mb-4 rounded-xl bg-sand px-4 py-3 text-sm text-ink">
              {t('security.required')}
            </p>
          )}
          <h2 id="setup-title" className="font-display text-lg font-semibold text-ink">
            {t('security.setup.title')}
          </h2>
          <ol className="mt-4 list-decimal space-y-5 pl-5 text-sm text-ink">
            <li>
              {t('security.setup.scan')}
              <div
                role="img"
                aria-label={t('security.setup.qr')}
                className="mt-3 size-48 rounded-xl border border-line bg-white p-1 [&>svg]:size-full"
                dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
              />
            </li>
            <li>
              {t('security.setup.key')}
              <p className="mt-2 font-mono text-base font-semibold tracking-wider text-ink" id="secret">
                {setup.secret.match(/.{1,4}/g)?.join(' ')}
              </p>
            </li>
            <li>
              <Form method="post" className="space-y-4">
                {actionData?.message && !actionData.turnedOff && (
                  <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-danger">
                    {actionData.message}
                  </p>
                )}
                <TextField
                  label={t('security.setup.code')}
                  name="code"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={7}
                  required
                  error={actionData?.fieldErrors?.code}
                  className="max-w-xs"
                />
                <button type="submit" className="btn-primary" disabled={submitting}>
                  {submitting ? t('security.setup.checking') : t('security.setup.turnOn')}
                </button>
              </Form>
            </li>
          </ol>
        </section>
      )}
    </main>
  )
}

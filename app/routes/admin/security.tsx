import { Form, useNavigation } from 'react-router'
import { ShieldCheck } from 'lucide-react'
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

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({
    title: 'Security · Console | Kapra',
    description: 'Two-factor sign-in for the console.',
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
    { what: 'two-factor setup', fallback: 'That did not work just now. Please try again.' },
  )
  if (!done.ok) return answer({ message: done.message, fieldErrors: done.fieldErrors, intent })
  if (done.value === null) return answer({ turnedOff: true })
  return answer({ recoveryCodes: done.value, renewed: !setup })
}

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  const { status, setup, required, email } = loaderData
  const navigation = useNavigation()
  const submitting = navigation.state === 'submitting'
  return (
    <main id="main" className="container-page max-w-3xl py-8 sm:py-10">
      <h1 className="section-title">Security</h1>
      <p className="mt-2 text-sm text-muted">
        Two-factor sign-in asks for a code from an app on your phone after your password, so a password alone never
        opens the console.
      </p>

      {actionData?.recoveryCodes ? (
        <RecoveryCodes codes={actionData.recoveryCodes} renewed={actionData.renewed === true} />
      ) : status.enrolled ? (
        <section
          aria-labelledby="on-title"
          className="mt-6 rounded-2xl border border-green-200 bg-green-50 p-5 text-sm text-success"
        >
          <h2 id="on-title" className="flex items-center gap-2 font-display text-lg font-semibold">
            <ShieldCheck aria-hidden className="size-5" />
            Two-factor sign-in is on
          </h2>
          <p className="mt-2 text-ink">
            {status.enabledAt !== null && <>Since {formatOrderDate(status.enabledAt)}. </>}
            {status.recoveryCodesLeft} of 10 recovery codes left.
          </p>
          <p className="mt-2 text-ink">
            Lost your phone? Sign in with a recovery code, or ask the store&rsquo;s owner to run{' '}
            <code className="[overflow-wrap:anywhere]">npm run admin -- reset-2fa --email {email}</code>.
          </p>
          <CodeForm
            intent="recovery-codes"
            title="New recovery codes"
            text="Used some, or lost them? Make a new set; the old ones stop working."
            button="Make new recovery codes"
            result={actionData}
            submitting={submitting}
          />
          <CodeForm
            intent="turn-off"
            title="A new phone?"
            text={
              required
                ? 'Turn two-factor sign-in off here, then set it up again on the new phone right away: this store requires it for the console.'
                : 'Turn two-factor sign-in off here, then set it up again on the new phone.'
            }
            button="Turn off two-factor sign-in"
            result={actionData}
            submitting={submitting}
          />
        </section>
      ) : !setup ? (
        <p role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-danger">
          Two-factor sign-in goes with a password, and this account signs in with Google only. Set a password first: log
          out, choose &ldquo;Forgot password?&rdquo; on the login page and open the link it sends.
        </p>
      ) : (
        <section aria-labelledby="setup-title" className="mt-6 rounded-2xl border border-line bg-white p-5 sm:p-6">
          {actionData?.turnedOff && (
            <p role="status" className="mb-4 rounded-xl bg-sand px-4 py-3 text-sm text-ink">
              Two-factor sign-in is off. Scan the new code below to set it up on your new phone.
            </p>
          )}
          {required && (
            <p role="status" className="mb-4 rounded-xl bg-sand px-4 py-3 text-sm text-ink">
              This store requires two-factor sign-in for its admins: set it up to use the console.
            </p>
          )}
          <h2 id="setup-title" className="font-display text-lg font-semibold text-ink">
            Set up two-factor sign-in
          </h2>
          <ol className="mt-4 list-decimal space-y-5 pl-5 text-sm text-ink">
            <li>
              In an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…), add an account by
              scanning this code.
              <div
                role="img"
                aria-label="QR code to scan with your authenticator app"
                className="mt-3 size-48 rounded-xl border border-line bg-white p-1 [&>svg]:size-full"
                dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
              />
            </li>
            <li>
              Or type this key into the app instead:
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
                  label="The 6-digit code the app shows"
                  name="code"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={7}
                  required
                  error={actionData?.fieldErrors?.code}
                  className="max-w-xs"
                />
                <button type="submit" className="btn-primary" disabled={submitting}>
                  {submitting ? 'Checking…' : 'Turn on two-factor sign-in'}
                </button>
              </Form>
            </li>
          </ol>
        </section>
      )}
    </main>
  )
}

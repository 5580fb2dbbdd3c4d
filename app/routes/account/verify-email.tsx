import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Link } from '#app/lib/i18n/links.tsx'
import { CircleAlert, CircleCheck } from '#app/components/icons.tsx'
import type { Route } from './+types/verify-email'
import { appContext } from '#app/lib/app-context.server.ts'
import { attempt } from '#app/lib/service-result.server.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'
import { queryParam } from '#contracts/plain-text.ts'
import { langOfPath } from '#contracts/languages.ts'
import { tFor } from '#app/lib/i18n/i18n.ts'
import { accountMessage } from '#app/features/account/messages.ts'
import { slot, withParts } from '#app/features/account/sentence.tsx'

export function meta({ matches, location }: Route.MetaArgs) {
  const t = tFor(langOfPath(location.pathname))
  return privatePageMeta({
    title: t('verify.meta.title', { ns: 'account' }),
    description: t('verify.meta.description', { ns: 'account' }),
    origin: rootOrigin(matches),
  })
}

/**
 * The link from the welcome email verifies on opening: verifying again is harmless, and
 * a mail scanner that opens it has only shown the mail reached the inbox.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const token = queryParam(url.searchParams, 'token') ?? ''
  const result = await attempt(context, () => services.auth.verifyEmail(token), {
    what: 'verify email',
    fallback: 'We could not verify your email just now. Please open the link again.',
  })
  return result.ok ? { ok: true as const, email: result.value.email } : { ok: false as const, message: result.message }
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation('account')
  return (
    <main id="main" className="container-page py-14 sm:py-20">
      <div className="mx-auto max-w-lg rounded-2xl border border-line bg-white p-6 text-center sm:p-8">
        {loaderData.ok ? (
          <>
            <CircleCheck aria-hidden className="mx-auto size-10 text-success" />
            <h1 className="mt-4 font-display text-2xl font-semibold text-ink">{t('verify.done')}</h1>
            <p className="mt-2 text-muted">
              {withParts(t('verify.thanks', { email: slot('email') }), {
                email: (
                  <span dir="ltr" className="break-all">
                    {loaderData.email}
                  </span>
                ),
              })}
            </p>
          </>
        ) : (
          <>
            <CircleAlert aria-hidden className="mx-auto size-10 text-danger" />
            <h1 className="mt-4 font-display text-2xl font-semibold text-ink">{t('verify.failed')}</h1>
            <p role="alert" className="mt-2 text-muted">
              {accountMessage(i18n.t, loaderData.message)}
            </p>
          </>
        )}
        <Link to="/collection" className="btn-primary mt-6">
          {t('verify.continue')}
        </Link>
      </div>
    </main>
  )
}

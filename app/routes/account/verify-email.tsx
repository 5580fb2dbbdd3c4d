import { Link } from '#app/lib/i18n/links.tsx'
import { CircleAlert, CircleCheck } from 'lucide-react'
import type { Route } from './+types/verify-email'
import { appContext } from '#app/lib/app-context.server.ts'
import { attempt } from '#app/lib/service-result.server.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'
import { queryParam } from '#contracts/plain-text.ts'

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({
    title: 'Verify your email | Kapra',
    description: 'Confirm the email address of your Kapra account.',
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
  return (
    <main id="main" className="container-page py-14 sm:py-20">
      <div className="mx-auto max-w-lg rounded-2xl border border-line bg-white p-6 text-center sm:p-8">
        {loaderData.ok ? (
          <>
            <CircleCheck aria-hidden className="mx-auto size-10 text-success" />
            <h1 className="mt-4 font-display text-2xl font-semibold text-ink">Your email is verified</h1>
            <p className="mt-2 text-muted">
              Thank you. <span className="break-all">{loaderData.email}</span> is confirmed as your address.
            </p>
          </>
        ) : (
          <>
            <CircleAlert aria-hidden className="mx-auto size-10 text-danger" />
            <h1 className="mt-4 font-display text-2xl font-semibold text-ink">We could not verify your email</h1>
            <p role="alert" className="mt-2 text-muted">
              {loaderData.message}
            </p>
          </>
        )}
        <Link to="/collection" className="btn-primary mt-6">
          Continue shopping
        </Link>
      </div>
    </main>
  )
}

import { useNavigation } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Form, Link } from '#app/lib/i18n/links.tsx'
import { CircleAlert, CircleCheck } from '#app/components/icons.tsx'
import type { Route } from './+types/newsletter.unsubscribe'
import { appContext } from '#app/lib/app-context.server.ts'
import { attempt } from '#app/lib/service-result.server.ts'
import { formValues } from '#app/lib/forms.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'
import { queryParam } from '#contracts/plain-text.ts'
import { langOfPath } from '#contracts/languages.ts'
import { tFor, translateMessage } from '#app/lib/i18n/i18n.ts'

export function meta({ matches, location }: Route.MetaArgs) {
  const t = tFor(langOfPath(location.pathname))
  return privatePageMeta({
    title: t('unsubscribe.meta.title', { ns: 'pages' }),
    description: t('unsubscribe.meta.description', { ns: 'pages' }),
    origin: rootOrigin(matches),
  })
}

export function loader({ url }: Route.LoaderArgs) {
  return { token: queryParam(url.searchParams, 'token') ?? '' }
}

/**
 * One click: the page's button, or a mail client's one-click unsubscribe (RFC 8058:
 * a POST to the List-Unsubscribe address, the token in the URL, a form body).
 */
export async function action({ context, request, url }: Route.ActionArgs) {
  const { services } = context.get(appContext)
  const { token } = formValues(await request.formData(), ['token'])
  const result = await attempt(
    context,
    () => services.newsletter.unsubscribe(token || (queryParam(url.searchParams, 'token') ?? '')),
    { what: 'newsletter unsubscribe', fallback: 'We could not unsubscribe you just now. Please try again.' },
  )
  return result.ok ? { ok: true as const } : { ok: false as const, message: result.message }
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation('pages')
  const navigation = useNavigation()
  return (
    <main id="main" className="container-page py-14 sm:py-20">
      <div className="mx-auto max-w-lg rounded-2xl border border-line bg-white p-6 text-center sm:p-8">
        {actionData?.ok ? (
          <>
            <CircleCheck aria-hidden className="mx-auto size-10 text-success" />
            <h1 role="status" className="mt-4 font-display text-2xl font-semibold text-ink">
              {t('unsubscribe.done')}
            </h1>
            <p className="mt-2 text-muted">{t('unsubscribe.text')}</p>
            <Link to="/" className="btn-primary mt-6">
              {t('unsubscribe.back')}
            </Link>
          </>
        ) : (
          <>
            <h1 className="font-display text-2xl font-semibold text-ink">{t('unsubscribe.title')}</h1>
            {actionData && (
              <p role="alert" className="mt-4 flex items-center justify-center gap-2 text-sm font-medium text-danger">
                <CircleAlert aria-hidden className="size-4 shrink-0" />
                {translateMessage(i18n.t, actionData.message)}
              </p>
            )}
            <Form method="post" replace className="mt-6">
              <input type="hidden" name="token" value={loaderData.token} />
              <button type="submit" className="btn-primary w-full" disabled={navigation.state === 'submitting'}>
                {t('unsubscribe.submit')}
              </button>
            </Form>
          </>
        )}
      </div>
    </main>
  )
}

import { data } from 'react-router'
import { redirectIn, requestLang } from '#app/lib/i18n/language.ts'
import type { Route } from './+types/subscribe'
import { subscribeSchema } from '#contracts/newsletter.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { attempt } from '#app/lib/service-result.server.ts'
import { parseForm } from '#app/lib/forms.ts'
import {
  newsletterCode,
  SUBSCRIBE_FAILED,
  SUBSCRIBE_THANKS,
  type SubscribeResult,
} from '#app/features/home/newsletter.ts'

/** The newsletter form's action (docs/spec/rulings.md #21): stores the address once and thanks, every time. */
export async function action({ request, context }: Route.ActionArgs) {
  const { result, status } = await subscribe(request, context)
  // The form's fetcher asks for /subscribe.data. A plain form post (no JavaScript yet,
  // or none at all) asks for /subscribe and needs a page: send it home with the outcome.
  if (!new URL(request.url).pathname.endsWith('.data')) {
    return redirectIn(request, `/?newsletter=${newsletterCode(result)}#newsletter`, 303)
  }
  return data(result, { status })
}

/** Someone opening /subscribe directly: the form lives on the home page. */
export function loader({ request }: Route.LoaderArgs) {
  return redirectIn(request, '/#newsletter')
}

async function subscribe(
  request: Request,
  context: Route.ActionArgs['context'],
): Promise<{ result: SubscribeResult; status: number }> {
  const form = await request.formData()
  const parsed = parseForm(subscribeSchema, { email: form.get('email') ?? '' })
  if (!parsed.success) return { result: { ok: false, message: parsed.message }, status: 400 }
  const { services, clientAddress } = context.get(appContext)
  const subscribed = await attempt(
    context,
    () => services.newsletter.subscribe(parsed.data.email, clientAddress, requestLang(request)),
    {
      what: 'newsletter subscribe',
      fallback: SUBSCRIBE_FAILED,
    },
  )
  if (!subscribed.ok) return { result: { ok: false, message: subscribed.message }, status: subscribed.status }
  return { result: { ok: true, message: SUBSCRIBE_THANKS }, status: 200 }
}

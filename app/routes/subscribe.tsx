import { data } from 'react-router'
import type { Route } from './+types/subscribe'
import { subscribeSchema } from '#contracts/newsletter.ts'
import { appContext } from '#app/lib/app-context.ts'

/** The newsletter form's action (DECISIONS 21): stores the address once and thanks. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const parsed = subscribeSchema.safeParse({ email: form.get('email') })
  if (!parsed.success) {
    return data(
      { ok: false as const, message: parsed.error.issues[0]?.message ?? 'Enter a valid email address' },
      { status: 400 },
    )
  }
  await context.get(appContext).services.newsletter.subscribe(parsed.data.email)
  return { ok: true as const, message: 'Thank you for subscribing!' }
}
